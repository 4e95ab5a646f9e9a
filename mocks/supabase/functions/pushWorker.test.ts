import { createPushSandbox, type PushSandbox } from '../../push/sandbox';
import { databasePushQueue } from '../../push/databaseQueue';
import { dyingWorker } from '../../push/dyingWorker';
import { drainPushQueue } from '../../../supabase/functions/push-worker/worker';
import { TEST_SUPABASE_URL } from '../auth/testClient';
import { withIdentity, type Database } from '../db';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../keys';
import { createStandIn, type StandIn } from '../standIn';
import { openTestDatabase } from '../testing/snapshot';

/**
 * push-worker (supabase/functions/push-worker) against the push sandbox with FCM's faults: one
 * worker killed mid-batch, then the scheduled function drains the rest; every device gets its push
 * exactly once, gone tokens are removed, and the send's counts reach the totals.
 */
let db: Database;
let sandbox: PushSandbox;
let standIn: StandIn;
const DEVICES = 150;
const OWNER = {
  role: 'authenticated' as const,
  claims: { sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated', aud: 'authenticated' },
};

beforeAll(async () => {
  db = await openTestDatabase();
  sandbox = createPushSandbox();
  standIn = createStandIn({ db, push: sandbox });
  await db.exec(
    `insert into auth.users (id, email) select md5('pw-' || g)::uuid, 'pw-' || g || '@example.com' from generate_series(1, $1) g;
     insert into public.profiles (user_id, name, allergies) select md5('pw-' || g)::uuid, 'P' || g, '{Mustard}' from generate_series(1, $1) g;
     insert into public.user_devices (user_id, token, locale) select md5('pw-' || g)::uuid, 'pw-token-' || g, case when g % 2 = 0 then 'hi' else 'en' end from generate_series(1, $1) g;`.replace(
      /\$1/g,
      String(DEVICES),
    ),
  );
});
afterAll(() => db.close());

const worker = (bearer: string) =>
  standIn.handle(
    new Request(`${TEST_SUPABASE_URL}/functions/v1/push-worker`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer}`, apikey: LOCAL_ANON_KEY },
    }),
  );

it('refuses any bearer but the service role key', async () => {
  const response = (await worker(LOCAL_ANON_KEY))!;
  expect({ status: response.status, body: await response.json() }).toEqual({
    status: 401,
    body: { success: false, error: 'The service role key is required' },
  });
});

it('delivers each device at most once through 429s, 500s and a killed worker, and removes gone tokens', async () => {
  sandbox.setFaults({ tooManyRequests: 0.025, serverError: 0.025, unregistered: 0.02 });
  const { rows } = await withIdentity(db, OWNER, (tx) =>
    tx.query<{ id: string; status: string }>(
      `select id, status from public.push_send_create('{"allergies":["Mustard"]}', 'Mustard recall', 'Check your jars', 'सरसों वापसी', 'अपने डिब्बे देखें', urgent => true)`,
    ),
  );
  const send = rows[0];
  expect(send.status).toBe('scheduled');

  // Worker 1 dies right after its 50th push reached FCM.
  const dying = dyingWorker(databasePushQueue(db), sandbox, 50);
  void drainPushQueue({ ...dying, visibilitySeconds: 1 });
  await vi.waitUntil(() => dying.signal.aborted, { timeout: 20_000 });

  // The schedule's worker takes over once the dead one's messages are visible again, and retries.
  let counts = { status: '', sent: 0, removed: 0, failed: 0, skipped: 0, queued: 0 };
  for (let round = 0; round < 15 && counts.status !== 'done'; round++) {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await worker(LOCAL_SERVICE_ROLE_KEY))!.status).toBe(200);
    counts = (
      await db.query<typeof counts>(
        `select status, sent::int, removed::int, failed::int, skipped::int, queued::int from public.push_sends where id = $1`,
        [send.id],
      )
    ).rows[0];
  }
  const delivered = new Map<string, number>();
  for (const d of sandbox.delivered)
    if (d.result.ok) delivered.set(d.token, (delivered.get(d.token) ?? 0) + 1);
  const gone = sandbox.delivered
    .filter((d) => !d.result.ok && d.result.code === 'UNREGISTERED')
    .map((d) => d.token);
  // No device got two pushes; every device's push is recorded as sent (and reached it), its token
  // removed, or, for the dead worker's pushes marked sending and never answered (at most one per
  // lane in flight), failed as unknown: those reached FCM or not, and are never sent again.
  expect(Math.max(...delivered.values())).toBe(1);
  expect(gone.length).toBe(new Set(gone).size);
  const deliveries = (
    await db.query<{ token: string; status: string; error: string | null }>(
      `select coalesce(d.token, '') token, x.status, x.error from public.push_deliveries x
         left join public.user_devices d on d.id = x.device_id where x.send_id = $1`,
      [send.id],
    )
  ).rows;
  const unknown = deliveries.filter((r) => r.error === 'The worker stopped while sending: delivery unknown');
  expect(unknown.length).toBeLessThanOrEqual(16);
  expect(deliveries.filter((r) => r.status === 'failed')).toEqual(unknown);
  const sentTokens = deliveries.filter((r) => r.status === 'sent').map((r) => r.token);
  expect(sentTokens.every((t) => delivered.get(t) === 1)).toBe(true);
  const unknownTokens = new Set(unknown.map((r) => r.token));
  expect(
    [...delivered.keys()].filter((t) => !sentTokens.includes(t)).every((t) => unknownTokens.has(t)),
  ).toBe(true);
  // A token FCM called gone in the dead worker's last answers was never recorded: it stays, unknown.
  const removedTokens = gone.filter((t) => !unknownTokens.has(t));
  expect(counts).toEqual({
    status: 'done',
    sent: DEVICES - removedTokens.length - unknown.length,
    removed: removedTokens.length,
    failed: unknown.length,
    skipped: 0,
    queued: DEVICES,
  });
  const left = await db.query<{ n: number }>(
    `select count(*)::int n from public.user_devices where token = any($1)`,
    [removedTokens],
  );
  expect(left.rows[0].n).toBe(0);
  // Hindi devices got Hindi.
  const hindi = sandbox.delivered.find((d) => d.token === 'pw-token-2' && d.result.ok);
  expect(hindi?.title ?? 'gone').toMatch(/^(सरसों वापसी|gone)$/);
  expect(
    sandbox.delivered.filter((d) => !d.result.ok && d.result.code !== 'UNREGISTERED').length,
  ).toBeGreaterThan(0);
}, 60_000);
