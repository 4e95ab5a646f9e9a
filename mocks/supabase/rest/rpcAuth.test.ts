import { signJwt } from '../jwt';
import { LOCAL_SERVICE_ROLE_KEY } from '../keys';
import { openFixture, USER_A, type Fixture } from './testFixture';

let f: Fixture;
beforeAll(async () => {
  f = await openFixture();
});
afterAll(async () => {
  await f.close();
});

const rpc = (fn: string, body: unknown, headers: Record<string, string> = {}, query = '') =>
  f.rest(`/rpc/${fn}${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** PostgREST's answer to a write in a READ ONLY transaction. */
const readOnlyRefusal = (command: string) => [
  405,
  {
    code: '25006',
    message: `cannot execute ${command} in a read-only transaction`,
    details: null,
    hint: null,
  },
];

describe('rpc', () => {
  test('set-returning function with filters, order, pagination and an exact count', async () => {
    const res = await rpc(
      'rt_search_authors',
      { search: 'a' },
      { Prefer: 'count=exact' },
      '?select=id,name&order=id.desc&offset=1&limit=2',
    );
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('1-2/3');
    expect(await res.json()).toEqual([
      { id: 2, name: 'Ravi' },
      { id: 1, name: 'Asha' },
    ]);
  });

  test('GET with arguments in the query string; RETURNS TABLE rows are filterable', async () => {
    const get = await f.rest('/rpc/rt_search_authors?search=ee&select=name');
    expect([get.status, await get.json()]).toEqual([200, [{ name: 'Meera' }]]);
    const table = await f.rest('/rpc/rt_author_stats?posts=gte.2&order=name');
    expect(await table.json()).toEqual([
      { name: 'Asha', posts: 2 },
      { name: 'Ravi', posts: 2 },
    ]);
  });

  test('scalar result, default arguments, a single composite as an object, void → 204', async () => {
    expect(await (await rpc('rt_add', { a: 1, b: 2 })).json()).toBe(3);
    expect(await (await rpc('rt_add', { a: 1 })).json()).toBe(11);
    expect(await (await f.rest('/rpc/rt_first_author')).json()).toEqual({
      id: 1,
      name: 'Asha',
      city: 'Mumbai',
    });
    expect(await (await rpc('rt_echo', { payload: { nested: [1, 'two'] } })).json()).toEqual({
      nested: [1, 'two'],
    });
    const bump = await rpc('rt_bump_ratings', {});
    expect([bump.status, await bump.text()]).toEqual([204, '']);
  });

  test('a volatile function called with GET runs read-only → 405 25006', async () => {
    const res = await f.rest('/rpc/rt_bump_ratings');
    expect([res.status, await res.json()]).toEqual(readOnlyRefusal('UPDATE'));
  });

  test('a stable function runs read-only when called with POST too → 405 25006', async () => {
    // PostgREST's access mode for a function: READ ONLY unless it is volatile, whatever the method.
    const res = await rpc('rt_next_ticket', {});
    expect([res.status, await res.json()]).toEqual(readOnlyRefusal('nextval()'));
  });

  test('unknown function or arguments → 404 PGRST202', async () => {
    const unknown = await rpc('rt_ad', { a: 1 });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.rt_ad(a) in the schema cache',
      details:
        'Searched for the function public.rt_ad with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.rt_add',
    });
    const wrongArgs = await rpc('rt_add', { x: 1 });
    expect([wrongArgs.status, (await wrongArgs.json()).code]).toEqual([404, 'PGRST202']);
  });

  // PostgREST's RpcSpec: "should not ignore unknown args" / "hint the closest args" (noRpcHint).
  test('wrong arguments of an existing function → PGRST202 hinting its closest parameter list', async () => {
    const extra = await rpc('rt_add', { a: 1, b: 2, smthelse: 'x' });
    expect([extra.status, await extra.json()]).toEqual([
      404,
      {
        code: 'PGRST202',
        message: 'Could not find the function public.rt_add(a, b, smthelse) in the schema cache',
        details:
          'Searched for the function public.rt_add with parameters a, b, smthelse or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.rt_add(a, b)',
      },
    ]);
    const byGet = await f.rest('/rpc/rt_add?b=1');
    expect([byGet.status, await byGet.json()]).toEqual([
      404,
      {
        code: 'PGRST202',
        message: 'Could not find the function public.rt_add(b) in the schema cache',
        details:
          'Searched for the function public.rt_add with parameter b, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.rt_add(a, b)',
      },
    ]);
    const far = await rpc('rt_add', { something_else_entirely: 1 });
    expect((await far.json()).hint).toBeNull();
  });

  test('RAISE in a function → 400 P0001 with detail and hint', async () => {
    const res = await rpc('rt_fail', { reason: 'no' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'P0001', message: 'refused: no', details: 'd', hint: 'h' });
  });

  test('PATCH on an RPC → 405 PGRST101', async () => {
    const res = await f.rest('/rpc/rt_add', { method: 'PATCH', body: '{}' });
    expect([res.status, (await res.json()).message]).toEqual([405, 'Cannot use the PATCH method on RPC']);
  });
});

describe('authentication and row-level security', () => {
  test('no apikey and no Authorization → the gateway 401', async () => {
    const res = await f.rest('/rt_authors', { token: null });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
  });

  test('tampered JWT → 401 PGRST301; expired → 401 PGRST303', async () => {
    const token = await f.userToken(USER_A);
    const tampered = await f.rest('/rt_authors', { token: `${token.slice(0, -2)}xx` });
    expect(tampered.status).toBe(401);
    expect((await tampered.json()).code).toBe('PGRST301');
    const expired = await f.rest('/rt_authors', {
      token: await signJwt({ sub: USER_A, role: 'authenticated' }, { expiresInSeconds: -10 }),
    });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );
    expect(await expired.json()).toEqual({
      code: 'PGRST303',
      message: 'JWT expired',
      details: null,
      hint: null,
    });
  });

  test('a JWT role that is no API role is refused', async () => {
    const missing = await f.rest('/rt_authors', {
      token: await signJwt({ role: 'nobody' }, { expiresInSeconds: 60 }),
    });
    expect([missing.status, (await missing.json()).message]).toEqual([401, 'role "nobody" does not exist']);
    const postgres = await f.rest('/rt_authors', {
      token: await signJwt({ role: 'postgres' }, { expiresInSeconds: 60 }),
    });
    expect([postgres.status, (await postgres.json()).code]).toEqual([403, '42501']);
  });

  test('42501 is 401 for anon and 403 for a signed-in user', async () => {
    const anon = await f.rest('/rt_secret');
    expect([anon.status, await anon.json()]).toEqual([
      401,
      { code: '42501', message: 'permission denied for table rt_secret', details: null, hint: null },
    ]);
    const user = await f.rest('/rt_secret', { token: await f.userToken(USER_A) });
    expect([user.status, (await user.json()).code]).toEqual([403, '42501']);
  });

  test('RLS: anon sees no notes and may not insert; a user sees and writes only their own', async () => {
    expect(await (await f.rest('/rt_notes')).json()).toEqual([]);
    const anonInsert = await f.rest('/rt_notes', { method: 'POST', body: '{"body":"x"}' });
    expect([anonInsert.status, (await anonInsert.json()).message]).toEqual([
      401,
      'new row violates row-level security policy for table "rt_notes"',
    ]);
    const token = await f.userToken(USER_A);
    expect(await (await f.rest('/rt_notes?select=body', { token })).json()).toEqual([
      { body: 'first user note' },
    ]);
    const own = await f.rest('/rt_notes?select=body,owner', {
      method: 'POST',
      token,
      headers: { Prefer: 'return=representation' },
      body: '{"body":"mine"}',
    });
    expect([own.status, await own.json()]).toEqual([201, [{ body: 'mine', owner: USER_A }]]);
    const foreign = await f.rest('/rt_notes', {
      method: 'POST',
      token,
      body: JSON.stringify({ body: 'theirs', owner: '22222222-2222-4222-8222-222222222222' }),
    });
    expect(foreign.status).toBe(403);
    const update = await f.rest('/rt_notes?body=eq.second user note', {
      method: 'PATCH',
      token,
      headers: { Prefer: 'count=exact' },
      body: '{"body":"hacked"}',
    });
    expect([update.status, update.headers.get('content-range')]).toEqual([204, '*/0']);
    const service = await f.rest('/rt_notes?select=body&order=id', {
      token: LOCAL_SERVICE_ROLE_KEY,
      headers: { apikey: LOCAL_SERVICE_ROLE_KEY },
    });
    expect(await service.json()).toEqual([
      { body: 'first user note' },
      { body: 'second user note' },
      { body: 'mine' },
    ]);
  });
});
