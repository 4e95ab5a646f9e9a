/**
 * The settings a Realtime Authorization check runs under, compared with the list upstream's
 * set_conn_config sets (supabase/realtime lib/realtime/tenants/authorization.ex): a test policy on
 * realtime.messages admits a topic `probe|<setting>|<value>` only while that setting holds that
 * value (realtime.topic() itself, read by the policy, is the channel's name), and a raw socket (with its own x- headers) joins one such topic per expected setting.
 */
import type { Database } from '../db';
import { signJwt } from '../jwt';
import { openTestDatabase } from '../testing/snapshot';
import { startRealtimeTestServer, type RealtimeTestServer } from './testServer';
import { openRawSocket } from './testSockets';

const USER = '00000000-0000-4000-8000-000000000002';
let db: Database;
let rt: RealtimeTestServer;

beforeAll(async () => {
  db = await openTestDatabase();
  await db.query(`create policy settings_probe on realtime.messages for select to authenticated
    using (split_part(realtime.topic(), '|', 1) = 'probe'
      and current_setting(split_part(realtime.topic(), '|', 2), true)
        is not distinct from nullif(split_part(realtime.topic(), '|', 3), '<unset>'))`);
  rt = await startRealtimeTestServer(db);
});

afterAll(async () => {
  await rt.close();
  await db.query('drop policy settings_probe on realtime.messages');
  await db.close();
});

it('sets exactly what upstream set_conn_config sets, and no PostgREST request setting', async () => {
  const claims = { sub: USER, role: 'authenticated', aud: 'authenticated', aal: 'aal1' };
  const accessToken = await signJwt(claims, { expiresInSeconds: 3600 });
  const { exp, iat } = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as {
    exp: number;
    iat: number;
  };
  const socket = await openRawSocket(rt.url, accessToken, {
    headers: { 'X-Client-Info': 'probe/1.0', 'x-forwarded-for': '203.0.113.9', 'User-Agent': 'probe' },
  });
  try {
    // Jason encodes a map with its keys sorted; the headers are the upgrade's x- headers only.
    const sortedClaims = JSON.stringify(
      Object.fromEntries(Object.entries({ ...claims, exp, iat }).sort(([a], [b]) => a.localeCompare(b))),
    );
    const expected: [string, string][] = [
      ['role', 'authenticated'],
      ['request.jwt.claims', sortedClaims],
      ['request.jwt.claim.sub', USER],
      ['request.jwt.claim.role', 'authenticated'],
      ['request.headers', '{"x-client-info":"probe/1.0","x-forwarded-for":"203.0.113.9"}'],
      // Settings PostgREST sets and Realtime does not.
      ['request.method', '<unset>'],
      ['request.path', '<unset>'],
      ['request.jwt.claim.aal', '<unset>'],
    ];
    const answers: Record<string, string> = {};
    for (const [setting, value] of expected) {
      const topic = `realtime:probe|${setting}|${value}`;
      const [, , , , payload] = await socket.request(topic, 'phx_join', {
        config: { private: true },
        access_token: accessToken,
      });
      answers[setting] = String(payload.status);
    }
    expect(answers).toEqual(Object.fromEntries(expected.map(([s]) => [s, 'ok'])));
  } finally {
    await socket.close();
  }
});
