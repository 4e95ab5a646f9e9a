import { openFixture, type Fixture } from './testFixture';

let f: Fixture;
beforeAll(async () => {
  f = await openFixture();
});
afterAll(async () => {
  await f.close();
});

const post = (path: string, body: unknown, prefer?: string, headers: Record<string, string> = {}) =>
  f.rest(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(prefer ? { Prefer: prefer } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const authorCount = async () =>
  Number((await f.db.query<{ n: number }>('select count(*)::int as n from rt_authors')).rows[0].n);

describe('insert', () => {
  test('return=representation: 201 with the rows, select applies', async () => {
    const res = await post(
      '/rt_authors?select=id,name',
      [
        { id: 10, name: 'Kiran', city: 'Goa' },
        { id: 11, name: 'Lata', city: null },
      ],
      'return=representation',
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('content-range')).toBe('*/*');
    expect(res.headers.get('preference-applied')).toBe('return=representation');
    expect(await res.json()).toEqual([
      { id: 10, name: 'Kiran' },
      { id: 11, name: 'Lata' },
    ]);
  });

  test('return=minimal (default): 201 with an empty body; count=exact counts the rows', async () => {
    const res = await post('/rt_authors', { id: 12, name: 'Mohan' }, 'count=exact');
    expect([res.status, await res.text(), res.headers.get('content-range')]).toEqual([201, '', '*/1']);
  });

  test('return=headers-only: Location of the new row', async () => {
    const res = await post('/rt_authors', { id: 13, name: 'Nila' }, 'return=headers-only');
    expect([res.status, res.headers.get('location'), await res.text()]).toEqual([
      201,
      '/rt_authors?id=eq.13',
      '',
    ]);
  });

  test('missing=default with columns= uses column defaults for absent keys', async () => {
    const res = await post(
      '/rt_posts?columns=title,status,author_id&select=title,status,tags',
      [{ title: 'With status', status: 'published' }, { title: 'Defaulted' }].map((r) => ({
        author_id: 1,
        ...r,
      })),
      'return=representation,missing=default',
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([
      { title: 'With status', status: 'published', tags: [] },
      { title: 'Defaulted', status: 'draft', tags: [] },
    ]);
    const mismatch = await post('/rt_authors', [{ id: 70, name: 'K70' }, { id: 71 }]);
    expect([mismatch.status, (await mismatch.json()).message]).toEqual([400, 'All object keys must match']);
    const ok = await post(
      '/rt_posts?columns=title,status&select=title,status,tags',
      { title: 'Defaulted' },
      'return=representation, missing=default',
    );
    expect(ok.status).toBe(201);
    expect(ok.headers.get('preference-applied')).toBe('missing=default, return=representation');
    expect(await ok.json()).toEqual([{ title: 'Defaulted', status: 'draft', tags: [] }]);
  });

  // PostgREST's UpsertSpec: 200 when every row was an update, 201 when at least one was inserted.
  test('upsert: merge-duplicates updates (200 when it only updated), ignore-duplicates keeps', async () => {
    const merge = await post(
      '/rt_authors',
      [{ id: 1, name: 'Asha', city: 'Pune' }],
      'return=representation,resolution=merge-duplicates',
    );
    expect(merge.status).toBe(200);
    expect(merge.headers.get('preference-applied')).toBe(
      'resolution=merge-duplicates, return=representation',
    );
    expect(await merge.json()).toEqual([{ id: 1, name: 'Asha', city: 'Pune' }]);
    const mixed = await post(
      '/rt_authors',
      [
        { id: 1, name: 'Asha', city: 'Pune' },
        { id: 70, name: 'U70', city: null },
      ],
      'return=representation,resolution=merge-duplicates',
    );
    expect([mixed.status, await mixed.json()]).toEqual([
      201,
      [
        { id: 1, name: 'Asha', city: 'Pune' },
        { id: 70, name: 'U70', city: null },
      ],
    ]);
    const minimal = await post(
      '/rt_authors',
      [{ id: 70, name: 'U70', city: null }],
      'resolution=merge-duplicates',
    );
    expect([minimal.status, minimal.headers.get('content-range')]).toEqual([200, '*/*']);
    await f.db.query('delete from rt_authors where id = 70');
    const ignore = await post(
      '/rt_authors?on_conflict=name',
      { id: 99, name: 'Ravi', city: 'X' },
      'return=representation,resolution=ignore-duplicates',
    );
    expect([ignore.status, await ignore.json()]).toEqual([201, []]);
  });

  test('duplicate key → 409 23505; check violation → 400 23514; not null → 400 23502; nothing written', async () => {
    const before = await authorCount();
    const dup = await post('/rt_authors', [
      { id: 20, name: 'Fresh' },
      { id: 2, name: 'Clash' },
    ]);
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "rt_authors_pkey"',
      details: 'Key (id)=(2) already exists.',
      hint: null,
    });
    expect(await authorCount()).toBe(before);
    const check = await post('/rt_posts', { title: '' });
    expect(check.status).toBe(400);
    expect((await check.json()).code).toBe('23514');
    const notNull = await post('/rt_authors', { id: 21 });
    expect([notNull.status, (await notNull.json()).code]).toEqual([400, '23502']);
  });

  test('invalid or empty JSON → 400 PGRST102; unknown column → 400 PGRST204', async () => {
    for (const body of ['', '{"id":', '[1,2]']) {
      const res = await post('/rt_authors', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'PGRST102',
        message: 'Empty or invalid json',
        details: null,
        hint: null,
      });
    }
    const res = await post('/rt_authors', { id: 30, name: 'X', colour: 'red' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'PGRST204',
      message: "Could not find the 'colour' column of 'rt_authors' in the schema cache",
      details: null,
      hint: null,
    });
  });

  test('a single object wanted but several inserted → 406 and rolled back', async () => {
    const before = await authorCount();
    const res = await post(
      '/rt_authors',
      [
        { id: 40, name: 'A40' },
        { id: 41, name: 'A41' },
      ],
      'return=representation',
      {
        Accept: 'application/vnd.pgrst.object+json',
      },
    );
    expect(res.status).toBe(406);
    expect(await authorCount()).toBe(before);
  });

  test('Prefer: tx=rollback answers but keeps nothing', async () => {
    const before = await authorCount();
    const res = await post('/rt_authors', { id: 50, name: 'Ghost' }, 'return=representation,tx=rollback');
    expect([res.status, await res.json()]).toEqual([201, [{ id: 50, name: 'Ghost', city: null }]]);
    expect(await authorCount()).toBe(before);
  });
});

describe('update and delete', () => {
  test('PATCH return=representation → 200 with rows; minimal → 204 with Content-Range', async () => {
    const rep = await f.rest('/rt_posts?id=eq.2&select=id,rating', {
      method: 'PATCH',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({ rating: 4 }),
    });
    expect([rep.status, rep.headers.get('content-range'), await rep.json()]).toEqual([
      200,
      '0-0/*',
      [{ id: 2, rating: 4 }],
    ]);
    const minimal = await f.rest('/rt_posts?status=eq.archived', {
      method: 'PATCH',
      headers: { Prefer: 'count=exact' },
      body: '{"rating":1}',
    });
    expect([minimal.status, minimal.headers.get('content-range'), await minimal.text()]).toEqual([
      204,
      '0-0/1',
      '',
    ]);
  });

  test('PATCH as a single object when no row matches → 406', async () => {
    const res = await f.rest('/rt_posts?id=eq.999', {
      method: 'PATCH',
      headers: { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
      body: '{"rating":1}',
    });
    expect([res.status, (await res.json()).details]).toEqual([406, 'The result contains 0 rows']);
  });

  test('DELETE with filters: representation, then minimal', async () => {
    await post('/rt_authors', [
      { id: 60, name: 'D60' },
      { id: 61, name: 'D61' },
      { id: 62, name: 'D62' },
    ]);
    // PostgREST's DeleteSpec: Content-Range */* (or */<count>) whatever return= asks for.
    const rep = await f.rest('/rt_authors?id=in.(60,61)&select=name&order=id', {
      method: 'DELETE',
      headers: { Prefer: 'return=representation' },
    });
    expect([rep.status, rep.headers.get('content-range'), await rep.json()]).toEqual([
      200,
      '*/*',
      [{ name: 'D60' }, { name: 'D61' }],
    ]);
    const minimal = await f.rest('/rt_authors?id=eq.62', {
      method: 'DELETE',
      headers: { Prefer: 'count=exact' },
    });
    expect([minimal.status, minimal.headers.get('content-range')]).toEqual([204, '*/1']);
    expect((await f.db.query('select 1 from rt_authors where id >= 60')).rows).toEqual([]);
  });

  test('a foreign-key violation on delete → 409 23503', async () => {
    const res = await f.rest('/rt_authors?id=eq.3', { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('23503');
  });
});
