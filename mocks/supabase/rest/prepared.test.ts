import { signJwt } from '../jwt';
import { reloadSchemaCache } from './index';
import { openFixture, SERVICE_ROLE_KEY, USER_A, USER_B, type Fixture } from './testFixture';

/**
 * API requests run as prepared statements kept on the connection (db/preparedStatements.ts), as
 * PostgREST's do. What must hold: one statement serves every caller with that caller's rows (RLS
 * is applied per role and per claims, never baked into a kept plan), a schema change is seen at
 * once, and a schema-cache reload leaves no statement behind.
 */
let f: Fixture;
beforeAll(async () => {
  f = await openFixture();
});
afterAll(async () => {
  await f.close();
});

/** The prepared statements on the (one, in-process) connection that mention `text`. */
const keptStatements = async (text: string) =>
  (
    await f.db.query<{ statement: string }>(
      'select statement from pg_prepared_statements where statement like $1',
      [`%${text}%`],
    )
  ).rows.length;

describe('prepared statements for API requests', () => {
  test('one kept statement answers each caller with their own rows under RLS, plan after plan', async () => {
    const tokens = { a: await f.userToken(USER_A), b: await f.userToken(USER_B) };
    const notes = async (token: string) => {
      const res = await f.rest('/rt_notes?select=owner,body&order=id', { token });
      expect(res.status).toBe(200);
      return res.json();
    };
    // Past Postgres' five custom plans, when it may keep a generic one: each answer stays the caller's.
    for (let i = 0; i < 8; i += 1) {
      expect(await notes(tokens.a)).toEqual([{ owner: USER_A, body: 'first user note' }]);
      expect(await notes(tokens.b)).toEqual([{ owner: USER_B, body: 'second user note' }]);
      expect(await notes(SERVICE_ROLE_KEY)).toEqual([
        { owner: USER_A, body: 'first user note' },
        { owner: USER_B, body: 'second user note' },
      ]);
    }
    // The three callers ran the same statement.
    expect(await keptStatements('"rt_notes"')).toBe(1);
  });

  test('the admin view’s operator gate is asked per caller, whatever plan is kept', async () => {
    const { rows } = await f.db.query<{ id: string }>('select id from public.scans order by id limit 1');
    const scan = rows[0].id;
    const token = (sub: string, aal: string) =>
      signJwt({ sub, role: 'authenticated', aud: 'authenticated', aal }, { expiresInSeconds: 3600 });
    const callers = {
      admin: await token('00000000-0000-4000-8000-000000000001', 'aal2'),
      appUser: await token('00000000-0000-4000-8000-000000000002', 'aal1'),
      inactiveAdmin: await token('00000000-0000-4000-8000-000000000003', 'aal2'),
    };
    const read = async (bearer: string) => {
      const res = await f.rest(`/admin_scans?id=eq.${scan}&select=id`, { token: bearer });
      return { status: res.status, body: await res.json() };
    };
    for (let i = 0; i < 7; i += 1) {
      expect(await read(callers.admin)).toEqual({ status: 200, body: [{ id: scan }] });
      expect(await read(callers.appUser)).toEqual({ status: 200, body: [] });
      expect(await read(callers.inactiveAdmin)).toEqual({ status: 200, body: [] });
    }
    expect(await keptStatements('"admin_scans"')).toBe(1);
  });

  test('a column added by a migration is in the next answer, without a reload', async () => {
    const author = async () => (await f.rest('/rt_authors?id=eq.1&select=*')).json();
    for (let i = 0; i < 6; i += 1) {
      expect(await author()).toEqual([{ id: 1, name: 'Asha', city: 'Mumbai' }]);
    }
    await f.db.exec(`alter table public.rt_authors add column country text not null default 'IN'`);
    try {
      expect(await author()).toEqual([{ id: 1, name: 'Asha', city: 'Mumbai', country: 'IN' }]);
    } finally {
      await f.db.exec('alter table public.rt_authors drop column country');
    }
    expect(await author()).toEqual([{ id: 1, name: 'Asha', city: 'Mumbai' }]);
  });

  test('a schema-cache reload (NOTIFY pgrst) closes every kept statement; a changed function answers anew', async () => {
    await f.db.exec(`create function public.rt_prep_kind() returns int language sql stable as $$ select 1 $$;
      grant execute on function public.rt_prep_kind() to anon;`);
    await reloadSchemaCache(f.db);
    const kind = async () => {
      const res = await f.rest('/rpc/rt_prep_kind');
      return { status: res.status, body: await res.json() };
    };
    expect(await kind()).toEqual({ status: 200, body: 1 });
    expect(await keptStatements('rt_prep_kind')).toBe(1);
    // Its result type changes. The REST layer's statements return fixed columns (the body as text,
    // counts), so Postgres could re-plan the kept one; the reload drops them all anyway, as
    // PostgREST's releases its connections and their statements.
    await f.db.exec(`drop function public.rt_prep_kind();
      create function public.rt_prep_kind() returns text language sql stable as $$ select 'text now' $$;
      grant execute on function public.rt_prep_kind() to anon;`);
    await reloadSchemaCache(f.db);
    expect(await keptStatements('')).toBe(0);
    expect(await kind()).toEqual({ status: 200, body: 'text now' });
  });
});
