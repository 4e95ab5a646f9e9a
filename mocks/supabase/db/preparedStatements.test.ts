import type { PGlite } from '@electric-sql/pglite';
import { pgFailure } from '../testing/pgFailure';
import { openSnapshotPglite } from '../testing/snapshot';
import { MAX_PREPARED_STATEMENTS, PreparedStatements } from './preparedStatements';

/**
 * The statement cache that API requests run through (preparedStatements.ts), on a bare PGlite (the
 * test snapshot's, with a table of its own; a new cluster took 3 s to create): what
 * it keeps on the connection, its bound, its batches' error semantics, and that Postgres re-plans a
 * kept statement when what it reads changes.
 */
let db: PGlite;
beforeAll(async () => {
  db = await openSnapshotPglite();
  await db.exec(`
    create table public.t (id int primary key, label text);
    insert into public.t values (1, 'one'), (2, 'two'), (3, 'three');`);
}, 60_000);
afterAll(() => db.close());

/** The named statements the connection holds, by their text. */
const onConnection = async () =>
  (
    await db.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')
  ).rows.map((r) => r.statement);

describe('prepared statements', () => {
  test('two clients on one connection (the demo’s tabs on one PGlite) each run their own statements', async () => {
    const tabA = new PreparedStatements(db, undefined, 'tab_a');
    const tabB = new PreparedStatements(db, undefined, 'tab_b');
    const sqlA = 'select label from public.t where id = $1';
    const sqlB = 'select id from public.t where label = $1';
    expect((await tabA.run([{ op: 'query', sql: sqlA, params: [2] }]))?.rows).toEqual([{ label: 'two' }]);
    expect((await tabB.run([{ op: 'query', sql: sqlB, params: ['three'] }]))?.rows).toEqual([{ id: 3 }]);
    expect((await tabA.run([{ op: 'query', sql: sqlA, params: [1] }]))?.rows).toEqual([{ label: 'one' }]);
    await tabA.forget();
    await tabB.forget();
  });

  test('a statement is parsed once per SQL text and then runs with each call’s own values', async () => {
    const statements = new PreparedStatements(db);
    const sql = 'select label from public.t where id = $1';
    for (const [id, label] of [
      [1, 'one'],
      [3, 'three'],
      [2, 'two'],
      [1, 'one'],
      [3, 'three'],
      [2, 'two'],
      [1, 'one'],
    ] as const) {
      expect((await statements.run([{ op: 'query', sql, params: [id] }]))?.rows).toEqual([{ label }]);
    }
    expect(statements.size).toBe(1);
    expect(await onConnection()).toEqual([sql]);
    await statements.forget();
  });

  test('a batch answers its last statement, in one call; exec steps answer null', async () => {
    const statements = new PreparedStatements(db);
    const result = await statements.run([
      { op: 'exec', sql: 'begin read only' },
      { op: 'query', sql: `select set_config('app.x', $1, true)`, params: ['seven'] },
      { op: 'query', sql: `select current_setting('app.x') as x, $1::int + 1 as n`, params: [6] },
    ]);
    expect(result).toEqual({
      rows: [{ x: 'seven', n: 7 }],
      fields: [
        { name: 'x', dataTypeID: 25 },
        { name: 'n', dataTypeID: 23 },
      ],
      affectedRows: 0,
    });
    expect(await statements.run([{ op: 'exec', sql: 'commit' }])).toBeNull();
    await statements.forget();
  });

  test('a batch stops at its first error, which is the one thrown', async () => {
    const statements = new PreparedStatements(db);
    await statements.run([{ op: 'query', sql: 'select 1 as one' }]);
    await db.exec('begin');
    const failed = statements.run([
      { op: 'query', sql: 'insert into public.t values ($1, $2)', params: [10, 'ten'] },
      { op: 'query', sql: 'select 1 / $1::int as n', params: [0] },
      { op: 'query', sql: 'insert into public.t values ($1, $2)', params: [11, 'eleven'] },
    ]);
    expect(await pgFailure(failed)).toEqual({ code: '22012', message: 'division by zero' });
    await db.exec('rollback');
    expect((await db.query('select id from public.t where id >= 10')).rows).toEqual([]);
    await statements.forget();
  });

  test('a statement that does not parse is not kept, on the connection or in the cache', async () => {
    const statements = new PreparedStatements(db);
    expect(await pgFailure(statements.run([{ op: 'query', sql: 'select nope from public.t' }]))).toEqual({
      code: '42703',
      message: 'column "nope" does not exist',
    });
    expect(statements.size).toBe(0);
    expect(await onConnection()).toEqual([]);
  });

  test('at most maxSize statements: the least recently used is closed on the connection', async () => {
    expect(MAX_PREPARED_STATEMENTS).toBe(256);
    const statements = new PreparedStatements(db, 3);
    const sql = (n: number) => `select ${n} as n`;
    for (const n of [1, 2, 3, 1, 4, 5]) {
      expect((await statements.run([{ op: 'query', sql: sql(n) }]))?.rows).toEqual([{ n }]);
    }
    // 1 was used again after 2 and 3, so 2 and 3 went first.
    expect(statements.size).toBe(3);
    expect(await onConnection()).toEqual([sql(1), sql(4), sql(5)]);
    await statements.forget();
    expect(statements.size).toBe(0);
    expect(await onConnection()).toEqual([]);
  });

  test('the evicted statement may still run in the batch that evicts it', async () => {
    const statements = new PreparedStatements(db, 1);
    await statements.run([{ op: 'query', sql: 'select 1 as n' }]);
    const result = await statements.run([
      { op: 'query', sql: 'select 1 as n' },
      { op: 'query', sql: 'select 2 as n' },
    ]);
    expect(result?.rows).toEqual([{ n: 2 }]);
    expect(await onConnection()).toEqual(['select 2 as n']);
    await statements.forget();
  });

  test('a kept statement follows the table it reads: a new column, a changed row type', async () => {
    const statements = new PreparedStatements(db);
    const sql = `select json_agg(t order by t.id)::text as body from public.t as t where t.id <= $1`;
    const body = async () => (await statements.run([{ op: 'query', sql, params: [2] }]))?.rows[0];
    for (let i = 0; i < 6; i += 1) await body(); // past the five custom plans
    await db.exec(`alter table public.t add column extra int not null default 7`);
    expect(await body()).toEqual({
      body: '[{"id":1,"label":"one","extra":7}, \n {"id":2,"label":"two","extra":7}]',
    });
    await db.exec(`alter table public.t drop column extra`);
    expect(await body()).toEqual({ body: '[{"id":1,"label":"one"}, \n {"id":2,"label":"two"}]' });
    await statements.forget();
  });
});
