import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db';
import { ensureSnapshot, openTestPglite } from './snapshot';
import { PGLITE_DATA_DIR, readDataDirTar, SnapshotFs, type DataDirEntry } from './snapshotFs';

/**
 * Test databases start from the snapshot's files copied by SnapshotFs instead of PGlite's
 * loadDataDir. They must be the same database, and two of them must never share a byte.
 */

/** Every table's name, row count and an md5 of its rows in order: equal only for equal contents. */
const CONTENTS_SQL = `
  select n.nspname || '.' || c.relname as "table",
         (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I.%I', n.nspname, c.relname), false, true, '')))[1]::text as n,
         (xpath('/row/h/text()', query_to_xml(format(
           'select md5(coalesce(string_agg(t::text, %L order by t::text), %L)) as h from %I.%I t',
           E'\\n', '', n.nspname, c.relname), false, true, '')))[1]::text as h
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind = 'r' and n.nspname in ('public', 'auth', 'storage')
   order by 1`;

let tar: Uint8Array<ArrayBuffer>;
let fromTar: Database;
let first: Database;

beforeAll(async () => {
  tar = new Uint8Array(await readFile(process.env.LABELLENS_TEST_SNAPSHOT ?? (await ensureSnapshot())));
  fromTar = await openDatabase({ loadDataDir: new Blob([tar]), sharedBuffers: '2MB' });
  first = await openTestPglite();
});
afterAll(() => Promise.all([fromTar, first].map((db) => db?.close())));

const sha256 = (entries: DataDirEntry[]) => {
  const hash = createHash('sha256');
  for (const { path, data } of entries) hash.update(path.join('/')).update(data ?? '/');
  return hash.digest('hex');
};

describe('a test database from the snapshot', () => {
  it('runs on PGlite’s data directory, where SnapshotFs puts the files', async () => {
    const { rows } = await first.query<{ dir: string }>("select current_setting('data_directory') as dir");
    expect(rows).toEqual([{ dir: PGLITE_DATA_DIR }]);
  });

  it('holds what PGlite’s own loadDataDir gives: every table and row, and the catalog', async () => {
    const expected = await fromTar.query(CONTENTS_SQL);
    expect(expected.rows.length).toBeGreaterThan(20);
    expect((await first.query(CONTENTS_SQL)).rows).toEqual(expected.rows);
    const catalog = `select count(*)::int as n, md5(string_agg(oid::text || proname, ',' order by oid)) as h
                       from pg_proc`;
    expect((await first.query(catalog)).rows).toEqual((await fromTar.query(catalog)).rows);
  });

  it('writes its own copy of every file: the parsed snapshot stays byte for byte as it was', async () => {
    const entries = readDataDirTar(tar);
    const pristine = sha256(entries);
    const db = await openDatabase({ pgliteFs: new SnapshotFs(entries), sharedBuffers: '2MB' });
    try {
      // Rewrites pages the files already hold (the seeded users), then forces every page out.
      await db.exec(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"copy":"written"}'`);
      await db.exec('checkpoint');
      const { rows } = await db.query<{ n: number }>(
        "select count(*)::int as n from auth.users where raw_app_meta_data->>'copy' = 'written'",
      );
      expect(rows[0].n).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
    // The next database opened from these entries starts from exactly the snapshot's bytes.
    expect(sha256(entries)).toBe(pristine);
  });
});

describe('readDataDirTar', () => {
  it('refuses a header whose checksum does not match', () => {
    expect(readDataDirTar(tar).length).toBeGreaterThan(1000);
    const damaged = tar.slice(0, 4096);
    damaged[10] ^= 1;
    expect(() => readDataDirTar(damaged)).toThrow('snapshot tar: bad header checksum at 0');
  });
});
