import type { Queryable } from './types';

/**
 * The Supabase CLI's statement splitter (supabase/cli pkg/parser: a state machine over the file's
 * characters), so the stand-in sends migrations and the seed in exactly the pieces the CLI sends.
 * A `;` ends a statement unless it is inside a quote ('…', "…"), a dollar quote ($tag$…$tag$), a
 * comment (-- to the end of the line, nested block comments), parentheses, a BEGIN ATOMIC … END
 * body, or right after a backslash. Each piece keeps its comments; like SplitAndTrim, trailing `;`s
 * and surrounding white space are trimmed and empty pieces dropped.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  // The stack of open parentheses / BEGIN ATOMIC bodies, each waiting for its closing delimiter.
  const atomic: string[] = [];
  let i = 0;
  const emit = (end: number) => {
    const piece = sql.slice(start, end).replace(/;+$/, '').trim();
    if (piece) statements.push(piece);
    start = end;
  };
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      // A doubled delimiter is an escaped one and keeps the quote open.
      let j = i + 1;
      for (;;) {
        const close = sql.indexOf(c, j);
        if (close < 0) {
          j = sql.length;
          break;
        }
        if (sql[close + 1] === c) {
          j = close + 2;
          continue;
        }
        j = close + 1;
        break;
      }
      i = j;
      continue;
    }
    if (c === '$') {
      const tag = /^\$[\p{L}\p{N}_]*\$/u.exec(sql.slice(i));
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        i = close < 0 ? sql.length : close + tag[0].length;
        continue;
      }
      i += 1;
      continue;
    }
    if (c === '-' && sql[i + 1] === '-') {
      const close = sql.indexOf('\n', i + 2);
      i = close < 0 ? sql.length : close + 1;
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      let depth = 1;
      let j = i + 2;
      while (j < sql.length && depth > 0) {
        if (sql.startsWith('/*', j)) {
          depth += 1;
          j += 2;
        } else if (sql.startsWith('*/', j)) {
          depth -= 1;
          j += 2;
        } else j += 1;
      }
      i = j;
      continue;
    }
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '(') {
      atomic.push(')');
      i += 1;
      continue;
    }
    if (atomic.length > 0) {
      const delimiter = atomic[atomic.length - 1];
      if (sql.slice(i, i + delimiter.length).toUpperCase() === delimiter) {
        atomic.pop();
        i += delimiter.length;
        continue;
      }
    }
    if ((c === 'c' || c === 'C') && isBeginAtomic(sql, i + 1)) {
      atomic.push('END');
      i += 1;
      continue;
    }
    if (c === ';' && atomic.length === 0) {
      emit(i + 1);
      i += 1;
      continue;
    }
    i += 1;
  }
  emit(sql.length);
  return statements;
}

/**
 * Whether sql[..end] ends with BEGIN, white space, ATOMIC, both whole words. Looks at a bounded
 * window so a long file is not re-scanned at every "c".
 */
function isBeginAtomic(sql: string, end: number): boolean {
  return /(?:^|[^\p{L}\p{N}_$])begin\s+atomic$/iu.test(sql.slice(Math.max(0, end - 256), end));
}

/** The statements Postgres analyses when they are prepared (parse analysis needs their relations). */
const PREPARABLE = /^(select|insert|update|delete|merge|values|with|table)\b/i;

const stripLeadingComments = (statement: string) =>
  statement.replace(/^(\s+|--[^\n]*(\n|$)|\/\*[\s\S]*?\*\/)+/, '');

/**
 * Runs a seed file as `supabase db reset` / `db push --include-seed` do: the CLI queues every
 * statement in one pgx batch with the statement cache on, and pgx prepares each statement before
 * it executes any. So a statement naming a table an earlier statement of the same file creates
 * fails here as it fails there (42P01), instead of passing because a single exec ran it in order.
 * Utility statements (CREATE, DO, …) are not analysed when prepared, there or here.
 */
export async function runSeedLikeTheCli(tx: Queryable, sql: string): Promise<number> {
  const statements = splitStatements(sql);
  await withPrepared(tx, statements, async () => {
    for (const statement of statements) await tx.query(statement);
  });
  return statements.length;
}

/**
 * Prepares every preparable statement (as pgx does before it sends a batch), runs fn, and frees
 * them again: PREPARE outlives a transaction. Returns how many statements were prepared.
 */
export async function withPrepared(
  tx: Queryable,
  statements: string[],
  fn: () => Promise<void>,
): Promise<number> {
  const prepared: string[] = [];
  try {
    for (const [index, statement] of statements.entries()) {
      const body = stripLeadingComments(statement);
      if (!PREPARABLE.test(body)) continue;
      const name = `cli_batch_${index}`;
      await tx.exec(`prepare ${name} as ${body}`);
      prepared.push(name);
    }
    await fn();
  } finally {
    for (const name of prepared) await tx.exec(`deallocate ${name}`).catch(() => undefined);
  }
  return prepared.length;
}

/** Runs a migration file as the CLI does: its statements one by one (pgconn ExecParams each). */
export async function runMigrationLikeTheCli(tx: Queryable, sql: string): Promise<number> {
  const statements = splitStatements(sql);
  for (const statement of statements) await tx.query(statement);
  return statements.length;
}
