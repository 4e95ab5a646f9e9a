import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pgFailure } from '../testing/pgFailure';
import { openTestPglite, writeSnapshotFolder } from '../testing/snapshot';
import { openDatabase } from './open';
import { inOrder, type Database } from './types';

/**
 * PGlite ignores statement_timeout, so the server's database runs in a worker thread that is
 * ended when a request overruns its budget (workerDatabase.ts). One worker database for the file,
 * on a folder that already holds the seeded database, as `npm start` opens its folder: 'memory'
 * (a new temporary folder) would create a new cluster first, which took 5 of this file's 7 s.
 */

let folder: string;
let db: Database;
beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'labellens-worker-test-'));
  await writeSnapshotFolder(folder);
  db = await openDatabase({ dataDir: folder, worker: true });
  await db.exec('create table public.kept (id int primary key)');
}, 180_000);
afterAll(async () => {
  await db?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the worker-backed PGlite', () => {
  test('in-process PGlite does not enforce statement_timeout (why the worker exists)', async () => {
    // The test database (a copy of the migrated one, loaded in about a second) is in-process PGlite.
    const inProcess = await openTestPglite();
    try {
      await inProcess.exec(`set statement_timeout = '10ms'`);
      // Postgres would cancel this after 10 ms with 57014; PGlite lets it finish.
      const { rows } = await inProcess.query<{ done: boolean }>('select pg_sleep(0.3) is null as done');
      expect(rows).toEqual([{ done: false }]);
    } finally {
      await inProcess.close();
    }
  }, 60_000);

  test('an overdue request answers 57014; what was committed before it stays, its own writes do not', async () => {
    await db.transaction((tx) => tx.exec('insert into public.kept values (1)'));
    const overdue = db.requestTransaction(
      async (tx) => {
        await tx.exec('insert into public.kept values (2)');
        await tx.query('select pg_sleep(120)');
      },
      { timeoutMs: 500 },
    );
    expect(await pgFailure(overdue)).toEqual({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    });
    // The next caller gets a new worker on the same data.
    expect((await db.query<{ id: number }>('select id from public.kept order by id')).rows).toEqual([
      { id: 1 },
    ]);
  }, 180_000);

  test('the calling thread stays free while the database works', async () => {
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    try {
      const result = await db.requestTransaction(
        async (tx) => (await tx.query<{ done: boolean }>('select pg_sleep(1) is null as done')).rows,
        { timeoutMs: 60_000 },
      );
      expect(result).toEqual([{ done: false }]);
    } finally {
      clearInterval(ticker);
    }
    // On the calling thread PGlite would have blocked every timer until the query ended.
    expect(ticks).toBeGreaterThan(5);
  }, 120_000);

  test('errors keep their SQLSTATE and fields across threads; a failed transaction rolls back', async () => {
    const duplicate = db.transaction(async (tx) => {
      await tx.exec('insert into public.kept values (3)');
      await tx.exec('insert into public.kept values (1)');
    });
    expect(await pgFailure(duplicate)).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "kept_pkey"',
    });
    expect((await db.query<{ n: number }>('select count(*)::int as n from public.kept')).rows).toEqual([
      { n: 1 },
    ]);
  }, 60_000);
  test('a request sends its opening with its first statements: they run in order and stop at the first error', async () => {
    // One message: begin, the identity's settings, then a statement that reads them.
    const seen = await db.requestTransaction(
      (tx) =>
        inOrder<{ role: string; who: string; read_only: string }>(tx, [
          { sql: `select set_config('request.who', $1, true)`, params: ['editor'] },
          {
            sql: `select current_setting('request.who') as who, current_setting('transaction_read_only') as read_only, current_user as role`,
          },
        ]),
      { readOnly: true },
    );
    expect(seen.rows).toEqual([{ who: 'editor', read_only: 'on', role: 'postgres' }]);

    // The first statement of a transaction fails: the transaction (begun in the same message) is
    // rolled back, and the statements after the error never ran (a sequence's nextval would
    // survive the rollback, so the sequence shows it).
    await db.exec('create sequence public.after_error');
    const failing = db.requestTransaction((tx) =>
      inOrder(tx, [
        { sql: 'insert into public.kept values (1)' },
        { sql: `select nextval('public.after_error')` },
      ]),
    );
    expect(await pgFailure(failing)).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "kept_pkey"',
    });
    expect((await db.query<{ is_called: boolean }>('select is_called from public.after_error')).rows).toEqual(
      [{ is_called: false }],
    );
    // Nothing of it stays, no setting outlives it, and the next transaction starts clean.
    expect((await db.query<{ id: number }>('select id from public.kept order by id')).rows).toEqual([
      { id: 1 },
    ]);
    expect(
      (await db.query<{ who: string | null }>(`select current_setting('request.who', true) as who`)).rows,
    ).toEqual([{ who: '' }]);
    expect(await db.requestTransaction(async () => 'no statement')).toBe('no statement');
  }, 60_000);

  test('a request’s statements stay prepared on the worker’s connection until forgetStatements', async () => {
    const kept = async () =>
      (
        await db.query<{ statement: string }>(
          `select statement from pg_prepared_statements where statement like '%kept_probe%' order by statement`,
        )
      ).rows.map((r) => r.statement);
    const read = `select $1::int + 1 as kept_probe`;
    for (const n of [1, 2, 3]) {
      const { rows } = await db.requestTransaction((tx) => tx.query<{ kept_probe: number }>(read, [n]), {
        readOnly: true,
      });
      expect(rows).toEqual([{ kept_probe: n + 1 }]);
    }
    // db.query outside a request is not kept: only the request's one statement is.
    expect(await kept()).toEqual([read]);
    await db.forgetStatements!();
    expect(await kept()).toEqual([]);
  }, 60_000);
});
