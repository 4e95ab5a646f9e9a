import { randomUUID } from 'node:crypto';
import type { Database } from '../db';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../keys';
import { createStandIn, type StandIn } from '../standIn';
import { openTestDatabase } from '../testing/snapshot';
import { signUserToken } from './testFixture';
import { CONTACT_RATE_LIMIT } from '../../../src/domain/limits';
import { FCM_RESERVED_DATA_KEYS } from '../../../src/domain/notification';
import { ADMIN_ID, EDITOR_ID, SUPPORT_ID, USER_ID } from '../../../supabase/tests/fixtures';
import { MAX_ALIASES, MAX_SELECT_ITEMS } from './readQuery';
import { MAX_RESPONSE_BYTES } from './response';

/**
 * Regression tests for issue 16's findings on the REST path, each with the review's request (or
 * its shape at a size the suite can afford), on the product's schema and migrations.
 */

const BASE = 'http://localhost:54321';

let db: Database;
let standIn: StandIn;
let userToken: string;
let adminToken: string;

beforeAll(async () => {
  db = await openTestDatabase();
  standIn = createStandIn({ db });
  userToken = await signUserToken(USER_ID);
  adminToken = await signUserToken(ADMIN_ID);
});
afterAll(() => db.close());

async function rest(
  path: string,
  { token, clientAddress, ...init }: RequestInit & { token?: string; clientAddress?: string } = {},
) {
  const headers = new Headers(init.headers);
  headers.set('apikey', LOCAL_ANON_KEY);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = (await standIn.handle(new Request(`${BASE}/rest/v1${path}`, { ...init, headers }), {
    clientAddress,
  }))!;
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body:
      text && response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as unknown) : text,
  };
}

describe('finding 1: bounded select lists, embeds and responses', () => {
  test('100 aliases of one column are refused before any SQL runs', async () => {
    const select = Array.from({ length: 100 }, (_, i) => `a${i}:analysis`).join(',');
    expect(await rest(`/scans?select=${select}`, { token: userToken })).toMatchObject({
      status: 400,
      body: {
        code: 'PGRST100',
        message: `"select" names 100 items; the local stand-in allows at most ${MAX_SELECT_ITEMS} items`,
        details: 'select',
        hint: 'Select fewer columns, aliases or embedded resources per request',
      },
    });
    const aliases = Array.from({ length: MAX_ALIASES + 1 }, (_, i) => `a${i}:id`).join(',');
    expect((await rest(`/scans?select=${aliases}`, { token: userToken })).body).toMatchObject({
      code: 'PGRST100',
      message: `"select" names ${MAX_ALIASES + 1} aliases; the local stand-in allows at most ${MAX_ALIASES} aliases`,
    });
  });

  test('a to-many embed returns at most 1000 rows, as the root does', async () => {
    const chat = randomUUID();
    await db.query(`insert into public.chats (id, user_id, title) values ($1, $2, 'flood')`, [chat, USER_ID]);
    await db.query(
      `insert into public.messages (chat_id, role, content) select $1, 'user', 'm' || i from generate_series(1, 1005) i`,
      [chat],
    );
    const res = await rest(`/chats?select=id,messages(id)&id=eq.${chat}`, { token: userToken });
    expect(res.status).toBe(200);
    expect((res.body as Array<{ messages: unknown[] }>)[0].messages).toHaveLength(1000);
    await db.query('delete from public.chats where id = $1', [chat]);
  });

  test('a response over the cap is refused with 413 and never leaves the database', async () => {
    const scan = randomUUID();
    // 1.5 MB of analysis selected 12 times: 18 MB, over the 16 MiB cap.
    await db.query(
      `insert into public.scans (id, user_id, name, analysis) values ($1, $2, 'big', jsonb_build_object('text', repeat('x', 1500000)))`,
      [scan, USER_ID],
    );
    const select = Array.from({ length: 12 }, (_, i) => `a${i}:analysis`).join(',');
    const res = await rest(`/scans?select=${select}&id=eq.${scan}`, { token: userToken });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      code: '54000',
      hint: 'Request fewer rows (limit, a smaller range) or fewer columns',
    });
    expect((res.body as { message: string }).message).toMatch(
      new RegExp(
        `^The response would be \\d+ bytes; the local stand-in sends at most ${MAX_RESPONSE_BYTES}$`,
      ),
    );
    await db.query('delete from public.scans where id = $1', [scan]);
  });
});

describe('finding 4: the contact form cannot be flooded', () => {
  const message = (n: number) => ({ first_name: 'Asha', email: 'asha@example.in', message: `Hello ${n}` });
  const post = (body: unknown, clientAddress: string) =>
    rest('/contact_messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify(body),
      clientAddress,
    });
  const inbox = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from public.contact_messages')).rows[0].n;

  test('an array of messages in one request is refused as a whole', async () => {
    const before = await inbox();
    // The review posted 10,000 rows; the shape is the same at 200.
    const res = await post(
      Array.from({ length: 200 }, (_, i) => message(i)),
      '198.51.100.40',
    );
    expect(res.status).toBe(429);
    expect(await inbox()).toBe(before);
    const two = await post([message(1), message(2)], '198.51.100.41');
    expect([two.status, two.body]).toEqual([
      400,
      {
        code: 'PT400',
        message: 'One contact message per request',
        details: null,
        hint: 'Send each message in its own request',
      },
    ]);
    expect(await inbox()).toBe(before);
  });

  test(`${CONTACT_RATE_LIMIT.perAddressPerHour} single messages per address per hour, then 429`, async () => {
    const before = await inbox();
    for (let i = 0; i < CONTACT_RATE_LIMIT.perAddressPerHour; i += 1)
      expect((await post(message(i), '198.51.100.50')).status).toBe(201);
    const refused = await post(message(99), '198.51.100.50');
    expect([refused.status, refused.body]).toEqual([
      429,
      {
        code: 'PT429',
        message: 'Too many messages from this address: please try again in an hour',
        details: null,
        hint: 'At most 5 contact messages per address per hour',
      },
    ]);
    // A client cannot pose as another address: the gateway's x-real-ip replaces what it sends.
    const spoofed = await rest('/contact_messages', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Real-IP': '192.0.2.1',
        'CF-Connecting-IP': '192.0.2.2',
      },
      body: JSON.stringify(message(100)),
      clientAddress: '198.51.100.50',
    });
    expect(spoofed.status).toBe(429);
    // Another address is not affected; an hour later the address may write again.
    expect((await post(message(101), '198.51.100.51')).status).toBe(201);
    await db.query(
      `update private.contact_submissions set submitted_at = submitted_at - interval '61 minutes' where address = '198.51.100.50'`,
    );
    expect((await post(message(102), '198.51.100.50')).status).toBe(201);
    expect(await inbox()).toBe(before + CONTACT_RATE_LIMIT.perAddressPerHour + 2);
  });

  test('the service role and the seed (postgres) are not limited', async () => {
    const res = await rest('/contact_messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify([message(1), message(2)]),
      token: LOCAL_SERVICE_ROLE_KEY,
    });
    expect(res.status).toBe(201);
  });
});

describe('finding 6: no planned or estimated counts for non-admins', () => {
  test.each([
    ['/admin_scans?select=id&limit=1', 'planned'],
    ['/admin_profiles?select=id&health_conditions=cs.{Hypertension}&limit=1', 'estimated'],
    ['/scans?select=id&limit=1', 'planned'],
  ])('%s with count=%s is refused to an app user', async (path, count) => {
    const res = await rest(path, { token: userToken, headers: { Prefer: `count=${count}` } });
    expect([res.status, res.headers.get('content-range'), res.body]).toEqual([
      403,
      null,
      {
        code: 'PT403',
        message: 'Planned and estimated counts are for admins only',
        details: null,
        hint: 'Ask for count=exact, which counts only the rows you can read',
      },
    ]);
    expect((await rest(path, { headers: { Prefer: `count=${count}` } })).status).toBe(403);
  });

  test('an admin still gets them, and exact counts stay for everyone', async () => {
    const admin = await rest('/admin_scans?select=id&limit=1', {
      token: adminToken,
      headers: { Prefer: 'count=planned' },
    });
    expect(admin.status).toBe(206);
    expect(admin.headers.get('content-range')).toMatch(/^0-0\/\d+$/);
    const user = await rest('/admin_scans?select=id&limit=1', {
      token: userToken,
      headers: { Prefer: 'count=exact' },
    });
    expect([user.status, user.headers.get('content-range'), user.body]).toEqual([200, '*/0', []]);
  });
});

describe("finding 6b: an operator's planned or estimated counts only of lists its role reads in full", () => {
  // The planner's estimate comes from the table's statistics, which count the audit entries (or
  // profiles) the editor cannot read: it would say how many there are.
  const refused = {
    code: 'PT403',
    message: 'Planned and estimated counts are only for lists your role reads in full',
    details: null,
    hint: 'Ask for count=exact, which counts only the rows you can read',
  };
  test.each([
    ['editor', '/audit_log?select=id&limit=1', 'planned', 403],
    [
      'editor',
      '/audit_log?select=id&or=(actor_email.ilike.*a*,record_id.ilike.*a*)&limit=26',
      'estimated',
      403,
    ],
    ['owner', '/audit_log?select=id&limit=1', 'planned', 403],
    ['editor', '/admin_profiles?select=id&limit=1', 'estimated', 403],
    ['editor', '/rpc/admin_search?q=a', 'planned', 403],
    ['editor', '/admin_news?select=id&limit=1', 'planned', 206],
    ['editor', '/health_tips?select=id&limit=1', 'estimated', 206],
    ['support', '/admin_profiles?select=id&limit=1', 'estimated', 206],
    ['owner', '/admin_scans?select=id&limit=1', 'planned', 206],
  ] as const)('%s: %s with count=%s answers %i', async (role, path, count, status) => {
    const token =
      role === 'owner' ? adminToken : await signUserToken(role === 'editor' ? EDITOR_ID : SUPPORT_ID);
    const res = await rest(path, { token, headers: { Prefer: `count=${count}` } });
    expect(res.status).toBe(status);
    if (status === 403) expect([res.headers.get('content-range'), res.body]).toEqual([null, refused]);
    else expect(res.headers.get('content-range')).toMatch(/^0-0\/\d+$/);
  });

  test('exact counts stay for every operator', async () => {
    const res = await rest('/audit_log?select=id&limit=1', {
      token: await signUserToken(EDITOR_ID),
      headers: { Prefer: 'count=exact' },
    });
    expect([res.status, res.headers.get('content-range')]).toEqual([
      206,
      expect.stringMatching(/^0-0\/\d+$/),
    ]);
  });
});

describe('finding 8: avatars are http(s) addresses', () => {
  test.each(['javascript:alert(1)', 'data:image/svg+xml,<svg/>', '//tracker.example/p.gif'])(
    'refuses %s',
    async (avatar) => {
      const res = await rest('/profiles', {
        method: 'POST',
        token: userToken,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ user_id: USER_ID, name: 'Avatar test', avatar }),
      });
      expect([res.status, (res.body as { code: string }).code]).toEqual([400, '23514']);
    },
  );
});

describe('finding 11: the database dates app users rows', () => {
  test('a scan dated 2099 by its owner gets the time of its insert, and keeps it', async () => {
    const res = await rest('/scans?select=id,created_at', {
      method: 'POST',
      token: userToken,
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ user_id: USER_ID, name: 'From the future', created_at: '2099-01-01T00:00:00Z' }),
    });
    expect(res.body).toEqual(expect.any(Array));
    expect(res.status).toBe(201);
    const [row] = res.body as Array<{ id: string; created_at: string }>;
    expect(new Date(row.created_at).getFullYear()).toBeLessThan(2099);
    const patched = await rest(`/scans?id=eq.${row.id}&select=created_at`, {
      method: 'PATCH',
      token: userToken,
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ created_at: '2099-01-01T00:00:00Z' }),
    });
    expect(patched.body).toEqual([{ created_at: row.created_at }]);
    // Loaded as postgres (the seed), a date is kept.
    const seeded = await db.query<{ year: number }>(
      `insert into public.scans (user_id, name, created_at) values ($1, 'seeded', '2024-03-01') returning extract(year from created_at)::int as year`,
      [USER_ID],
    );
    expect(seeded.rows[0].year).toBe(2024);
  });
});

describe('finding 12: the database refuses FCM reserved data keys too', () => {
  test.each([...FCM_RESERVED_DATA_KEYS, 'google.c.a.e', 'gcm.n.e'])('refuses %s', async (key) => {
    const res = await rest('/notifications', {
      method: 'POST',
      token: LOCAL_SERVICE_ROLE_KEY,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        user_id: USER_ID,
        title: 'Hi',
        body: 'There',
        status: 'failed',
        error: 'test',
        data: { [key]: 'x' },
      }),
    });
    expect([res.status, (res.body as { message: string }).message]).toEqual([
      400,
      'new row for relation "notifications" violates check constraint "notifications_data_fcm_keys"',
    ]);
  });
});
