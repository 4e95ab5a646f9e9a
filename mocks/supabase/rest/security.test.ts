import { randomUUID } from 'node:crypto';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../keys';
import { standInForFile } from '../testing/standInForFile';
import { signUserToken } from './testFixture';
import { ADMIN_ID, USER_ID } from '../../../supabase/tests/fixtures';

/**
 * Regression tests for the adversarial review of the stand-in: each finding's exact request, as
 * anon or as an app user, on the product's own schema (so they also run on a Postgres server).
 */

const BASE = 'http://localhost:54321';
const BCRYPT_HASH = /\$2[aby]\$\d\d\$/;

const stack = standInForFile({
  setupSql: `
    create or replace function public.sec_leak_setting(setting text, value text) returns text
      language sql volatile as $$ select set_config(setting, value, false) $$;
    create or replace function public.sec_whoami() returns json language sql stable as $$
      select json_build_object('uid', auth.uid(), 'role', current_user,
                               'sub_claim', nullif(current_setting('request.jwt.claim.sub', true), ''))
    $$;
    grant execute on function public.sec_leak_setting(text, text), public.sec_whoami() to anon, authenticated;`,
});
let userToken: string;
beforeAll(async () => {
  userToken = await signUserToken(USER_ID);
});

async function api(path: string, { token = LOCAL_ANON_KEY, ...init }: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', LOCAL_ANON_KEY);
  headers.set('Authorization', `Bearer ${token}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  const response = (await stack.standIn.handle(new Request(`${BASE}${path}`, { ...init, headers })))!;
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as unknown) : null };
}

const INJECTION =
  "a:id::text like $q$,\"$q$ as a, query_to_xml('select email, encrypted_password from auth.users', true, false, set_config('role','postgres',true)) as out from (select 1 as id) as news) --\":title";

describe('finding 1: SQL injection through a cast in select', () => {
  test('the exact request from the review is a parse error and leaks no password hash', async () => {
    const res = await api(`/rest/v1/news?select=${encodeURIComponent(INJECTION)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'PGRST100',
      message: `"failed to parse select parameter (${INJECTION})" (line 1, column 12)`,
      details: 'unexpected "l" expecting ")", "," or end of input',
      hint: null,
    });
    expect(res.text).not.toMatch(BCRYPT_HASH);
  });

  test.each([
    ['an RPC select', '/rest/v1/rpc/sec_whoami?select=', 'GET'],
    ['an embed', '/rest/v1/scans?select=id,profiles(', 'GET'],
    ['a return=representation write', '/rest/v1/contact_messages?select=', 'POST'],
  ])('in %s it is refused the same way, and nothing is written', async (_, prefix, method) => {
    const before = await stack.db.query<{ n: number }>(
      'select count(*)::int as n from public.contact_messages',
    );
    const select = prefix.endsWith('(') ? `${INJECTION})` : INJECTION;
    const [path, start] = prefix.split('?select=');
    const res = await api(`${path}?select=${start}${encodeURIComponent(select)}`, {
      method,
      token: userToken,
      ...(method === 'POST'
        ? {
            headers: { Prefer: 'return=representation' },
            body: JSON.stringify({
              first_name: 'A',
              last_name: 'B',
              email: 'a@example.in',
              subject: 'S',
              message: 'A message long enough',
            }),
          }
        : {}),
    });
    expect([res.status, (res.body as { code: string }).code]).toEqual([400, 'PGRST100']);
    expect(res.text).not.toMatch(BCRYPT_HASH);
    const after = await stack.db.query<{ n: number }>(
      'select count(*)::int as n from public.contact_messages',
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  test('a cast is a type name checked against the catalogue; an unknown one is 42704', async () => {
    const ok = await api(
      '/rest/v1/news?select=id::text,title::varchar,created_at::date&order=created_at&limit=1',
      {
        token: userToken,
      },
    );
    expect(ok.status).toBe(200);
    const [row] = ok.body as Array<Record<string, unknown>>;
    expect(Object.keys(row)).toEqual(['id', 'title', 'created_at']);
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\d$/);
    const unknown = await api('/rest/v1/news?select=id::nosuchtype', { token: userToken });
    expect(unknown).toMatchObject({
      status: 400,
      body: { code: '42704', message: 'type "nosuchtype" does not exist', details: null, hint: null },
    });
    const spaced = await api(`/rest/v1/news?select=${encodeURIComponent('id::text)')}`, { token: userToken });
    expect([spaced.status, (spaced.body as { code: string }).code]).toEqual([400, 'PGRST100']);
  });
});

describe('finding 2: one request cannot change later requests', () => {
  const whoami = async (token?: string) =>
    (await api('/rest/v1/rpc/sec_whoami', { token })).body as Record<string, string | null>;

  test.each(['POST', 'GET'])(
    'set_config(..., false) through an RPC (%s) changes neither the next identity nor sign-in',
    async (method) => {
      const leak = (setting: string, value: string) =>
        method === 'POST'
          ? api('/rest/v1/rpc/sec_leak_setting', { method, body: JSON.stringify({ setting, value }) })
          : api(`/rest/v1/rpc/sec_leak_setting?setting=${setting}&value=${value}`);
      expect((await leak('request.jwt.claim.sub', ADMIN_ID)).status).toBe(200);
      expect((await leak('role', 'service_role')).status).toBe(200);

      expect(await whoami(userToken)).toEqual({ uid: USER_ID, role: 'authenticated', sub_claim: null });
      expect(await whoami()).toEqual({ uid: null, role: 'anon', sub_claim: null });
      expect((await api('/rest/v1/rpc/is_admin', { token: userToken })).body).toBe(false);
      const signIn = (await stack.standIn.handle(
        new Request(`${BASE}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'user@labellens.dev', password: 'LabelLens-user-1' }),
        }),
      ))!;
      expect(signIn.status).toBe(200);
    },
  );

  test('even a session authorization change is undone (PGlite allows it; the authenticator may not)', async () => {
    const res = await api('/rest/v1/rpc/sec_leak_setting', {
      method: 'POST',
      body: JSON.stringify({ setting: 'session_authorization', value: 'anon' }),
    });
    expect(res.status).toBe(stack.db.kind === 'pglite' ? 200 : 401);
    expect(await whoami(userToken)).toEqual({ uid: USER_ID, role: 'authenticated', sub_claim: null });
    const { rows } = await stack.db.query<{ who: string }>('select current_user::text as who');
    expect(rows[0].who).not.toBe('anon');
  });
});

describe('finding 6: a banned admin is refused at once', () => {
  test('banning an admin refuses REST access with the same, still valid, access token', async () => {
    const service = { token: LOCAL_SERVICE_ROLE_KEY };
    const email = `ban-${randomUUID()}@labellens.dev`;
    const password = 'Ban-me-please-1';
    const created = await api('/auth/v1/admin/users', {
      ...service,
      method: 'POST',
      body: JSON.stringify({ email, password, email_confirm: true }),
    });
    const id = (created.body as { id: string }).id;
    await stack.db.query('insert into public.admin_users (user_id) values ($1)', [id]);
    try {
      const signIn = await api('/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email, password }),
      });
      const token = (signIn.body as { access_token: string }).access_token;
      const listUsers = () => api('/rest/v1/rpc/admin_list_users?select=id&limit=1', { token });
      expect((await listUsers()).status).toBe(200);
      expect((await api('/rest/v1/rpc/is_admin', { token })).body).toBe(true);

      const ban = await api(`/auth/v1/admin/users/${id}`, {
        ...service,
        method: 'PUT',
        body: JSON.stringify({ ban_duration: '24h' }),
      });
      expect(ban.status).toBe(200);
      expect(await listUsers()).toMatchObject({
        status: 403,
        body: { code: '42501', message: 'Admin privileges required' },
      });
      expect((await api('/rest/v1/rpc/is_admin', { token })).body).toBe(false);
      expect((await api('/rest/v1/contact_messages?select=id', { token })).body).toEqual([]);
    } finally {
      await stack.db.query('delete from auth.users where id = $1', [id]);
    }
  });
});

describe('finding 7: PostgREST 4xx instead of 500', () => {
  test('%FF in the path is a table that does not exist (decoded leniently, as PostgREST does)', async () => {
    expect(await api('/rest/v1/%FF')).toEqual({
      status: 404,
      text: expect.any(String),
      body: {
        code: 'PGRST205',
        message: "Could not find the table 'public.\uFFFD' in the schema cache",
        details: null,
        hint: null,
      },
    });
  });

  test('or= nested thousands deep is refused with 400, a modest depth still works', async () => {
    const nest = (depth: number) => {
      let tree = 'title.eq.x';
      for (let i = 0; i < depth; i += 1) tree = `or(title.eq.x,${tree})`;
      return tree.slice(2);
    };
    const deep = await api(`/rest/v1/news?select=id&or=${encodeURIComponent(nest(5000))}`, {
      token: userToken,
    });
    expect(deep).toMatchObject({
      status: 400,
      body: {
        code: 'PGRST100',
        message: 'Unsupported by the local stand-in: and/or trees nested more than 100 levels deep',
      },
    });
    const modest = await api(`/rest/v1/news?select=id&or=${encodeURIComponent(nest(50))}`, {
      token: userToken,
    });
    expect([modest.status, modest.body]).toEqual([200, []]);
    const embeds = `id,${'scans('.repeat(3000)}id${')'.repeat(3000)}`;
    const deepEmbed = await api(`/rest/v1/scans?select=${encodeURIComponent(embeds)}`, { token: userToken });
    expect([deepEmbed.status, (deepEmbed.body as { code: string }).code]).toEqual([400, 'PGRST100']);
  });

  test('more than 1664 select items is refused before Postgres sees them (the select bound)', async () => {
    const select = Array.from({ length: 1700 }, (_, i) => `c${i}:title`).join(',');
    expect(await api(`/rest/v1/news?select=${select}`, { token: userToken })).toMatchObject({
      status: 400,
      body: {
        code: 'PGRST100',
        message: '"select" names 1700 items; the local stand-in allows at most 64 items',
      },
    });
  });

  test('an unquoted NUL is no name character: PGRST100', async () => {
    const res = await api('/rest/v1/scans?select=nutrition_facts->a%00b&limit=1', { token: userToken });
    expect(res).toMatchObject({
      status: 400,
      body: {
        code: 'PGRST100',
        message: '"failed to parse select parameter (nutrition_facts->a\u0000b)" (line 1, column 19)',
      },
    });
  });

  test.each([
    ['a JSON-path key in select', 'select=nutrition_facts->"a%00b"&limit=1'],
    ['a JSON-path key in a filter', 'select=id&nutrition_facts->>"a%00b"=eq.1'],
    ['a JSON-path key in order', 'select=id&order=nutrition_facts->"a%00b"'],
    ['a column name', 'select="a%00b"'],
    ['an alias', 'select="a%00b":id'],
    ['a filter value', 'select=id&nutrition_facts->>kcal=eq.a%00b'],
  ])('NUL in %s is 400 22021, as Postgres refuses it', async (_, query) => {
    expect(await api(`/rest/v1/scans?${query}`, { token: userToken })).toMatchObject({
      status: 400,
      body: { code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' },
    });
  });
});
