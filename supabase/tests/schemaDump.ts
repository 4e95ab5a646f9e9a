import type { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/**
 * `pg_dump --schema-only` of a whole PGlite database (PGlite's own WebAssembly build of pg_dump),
 * cut into its entries: everything pg_dump shows, object by object, so two databases can be
 * compared without a list of what to look at. pg_dump runs on the instance's one connection and
 * needs it idle (no open transaction). It ends by closing its connection, which PGlite's one
 * session outlives: its read-only transaction and its settings (row_security off, …) would stay,
 * so they are undone here.
 */
export async function dumpSchema(pg: PGlite): Promise<DumpEntry[]> {
  try {
    const file = await pgDump({ pg, args: ['--schema-only'] });
    return dumpEntries(await file.text());
  } finally {
    if (pg.isInTransaction()) await pg.exec('rollback');
    await pg.exec('reset all');
  }
}

/** One entry of a plain-format dump: its `-- Name: …; Type: …; Schema: …; Owner: …` header and its SQL. */
export interface DumpEntry {
  header: string;
  sql: string;
}

const HEADER = /^--\n-- (Name: .*)\n--\n/gm;

/**
 * The entries of a plain-format dump, in its order; the preamble (SET lines, the versions) is one
 * entry of its own. pg_dump's `\restrict` lines (PostgreSQL 15.14 and later) hold a random key, so
 * they are dropped (PGlite's pgDump drops them itself), and so is the closing comment.
 */
export function dumpEntries(text: string): DumpEntry[] {
  const body = text
    .split('\n')
    .filter((line) => !/^\\(un)?restrict\b/.test(line))
    .join('\n')
    // The closing comment, which would otherwise belong to whichever entry comes last.
    .replace(/^--\n-- PostgreSQL database dump complete\n--$/m, '');
  const entries: DumpEntry[] = [];
  let header = '(preamble)';
  let from = 0;
  for (const match of body.matchAll(HEADER)) {
    entries.push({ header, sql: body.slice(from, match.index).trim() });
    header = match[1];
    from = match.index + match[0].length;
  }
  entries.push({ header, sql: body.slice(from).trim() });
  return entries;
}

/** Where two dumps differ: for each header, the lines of its entries found on one side only. */
export interface DumpDifference {
  header: string;
  onlyLeft: string[];
  onlyRight: string[];
}

/**
 * The differences between two dumps as entries, in no order of creation: pg_dump sorts by kind and
 * name, but objects that tie are dumped in creation order, which a migration and a schema file need
 * not share. Lines are compared as multisets per header, so a column moved inside a CREATE TABLE
 * shows as that column's line (its position is the order of the lines within the entry, compared too).
 */
export function diffDumps(left: DumpEntry[], right: DumpEntry[]): DumpDifference[] {
  const group = (entries: DumpEntry[]) => {
    const byHeader = new Map<string, string[]>();
    for (const { header, sql } of entries) byHeader.set(header, [...(byHeader.get(header) ?? []), sql]);
    for (const sqls of byHeader.values()) sqls.sort();
    return byHeader;
  };
  const [a, b] = [group(left), group(right)];
  const headers = [...new Set([...a.keys(), ...b.keys()])].sort();
  const differences: DumpDifference[] = [];
  for (const header of headers) {
    const [sqlA, sqlB] = [a.get(header) ?? [], b.get(header) ?? []];
    if (sqlA.join('\n\n') === sqlB.join('\n\n')) continue;
    const [linesA, linesB] = [linesOf(sqlA), linesOf(sqlB)];
    const onlyLeft = without(linesA, linesB);
    const onlyRight = without(linesB, linesA);
    // Same lines in another order (a column moved): show the entries whole.
    differences.push(
      onlyLeft.length || onlyRight.length
        ? { header, onlyLeft, onlyRight }
        : { header, onlyLeft: sqlA, onlyRight: sqlB },
    );
  }
  return differences;
}

/** The lines of some entries' SQL; blank lines, which separate statements, say nothing of their own. */
const linesOf = (sqls: string[]) =>
  sqls.flatMap((sql) => sql.split('\n')).filter((line) => line.trim() !== '');

/** The lines of `lines` not matched one for one by a line of `other`. */
function without(lines: string[], other: string[]): string[] {
  const left = new Map<string, number>();
  for (const line of other) left.set(line, (left.get(line) ?? 0) + 1);
  return lines.filter((line) => {
    const n = left.get(line) ?? 0;
    if (n === 0) return true;
    left.set(line, n - 1);
    return false;
  });
}
