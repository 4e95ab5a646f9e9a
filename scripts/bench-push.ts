/**
 * npm run bench:push: push audiences and the push queue at scale (docs/architecture.md, "Push queue").
 *
 *   DEVICES   devices to generate (default 100,000 on PGlite; 1,000,000 with DATABASE_URL)
 *   DRAIN_SECONDS   how long the worker drains the everyone send (default 30)
 *   KILL_DEVICES    devices of the killed-worker send (default 2,000)
 *
 * On the test snapshot's PGlite, or with DATABASE_URL on a PostgreSQL server (a database cloned from
 * the test template, dropped at the end; e.g. PostgreSQL 15 as scripts/bench.ts starts it). Prints:
 * the audience count's time (median of 5) for four audiences, the enqueue time of a send to every
 * device, the drain rate against the push sandbox answering 2.5 % 429 and 2.5 % 500, and a send
 * whose first worker is killed mid-run: pushes per device afterwards.
 */
import { createPushSandbox } from '../mocks/push/sandbox';
import { databasePushQueue } from '../mocks/push/databaseQueue';
import { dyingWorker } from '../mocks/push/dyingWorker';
import { withIdentity, type Database, type RequestIdentity } from '../mocks/supabase/db';
import { openTestDatabase } from '../mocks/supabase/testing/snapshot';
import { drainPushQueue } from '../supabase/functions/push-worker/worker';

const onServer = Boolean(process.env.DATABASE_URL);
const DEVICES = Number(process.env.DEVICES ?? (onServer ? 1_000_000 : 100_000));
const DRAIN_SECONDS = Number(process.env.DRAIN_SECONDS ?? 30);
const KILL_DEVICES = Number(process.env.KILL_DEVICES ?? 2_000);

const signedIn = (sub: string, aal = 'aal1'): RequestIdentity => ({
  role: 'authenticated',
  claims: { sub, role: 'authenticated', aud: 'authenticated', aal },
});
const OWNER = signedIn('00000000-0000-4000-8000-000000000001');
const SECOND_OWNER = signedIn('00000000-0000-4000-8000-000000000004', 'aal2');

const ms = (start: number) => Math.round(performance.now() - start);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = async <T>(db: Database, who: RequestIdentity, sql: string, params: unknown[] = []) =>
  (await withIdentity(db, who, (tx) => tx.query<T>(sql, params))).rows;

/** Users (0.8 per device), one profile each, 1.25 devices per user, scans for a fifth of them. */
async function generate(db: Database) {
  const users = Math.round(DEVICES / 1.25);
  const t = performance.now();
  // The bulk load runs without triggers (session_replication_role); the count's per-person summary is
  // then built in one pass, as the migration's backfill does, and timed on its own.
  await db.exec(`
    set session_replication_role = replica;
    insert into auth.users (id, email, created_at)
    select md5('bench-push-' || g)::uuid, 'bench-push-' || g || '@example.com', now() - make_interval(days => g % 700)
      from generate_series(1, ${users}) g;
    insert into public.profiles (user_id, name, allergies, health_conditions)
    select md5('bench-push-' || g)::uuid, 'P' || g,
           case when g <= ${KILL_DEVICES} then '{BenchKill}'::text[] when g % 20 = 0 then '{Peanuts}' when g % 33 = 0 then '{Milk}' else '{}' end,
           case when g % 10 = 0 then '{Type 2 diabetes}'::text[] else '{}' end
      from generate_series(1, ${users}) g;
    insert into public.user_devices (user_id, token, locale, platform)
    select md5('bench-push-' || (case when g <= ${users} then g else g - ${users} end))::uuid, 'bench-token-' || g,
           case when g % 10 < 3 then 'hi' else 'en' end, case when g % 5 = 0 then 'ios' else 'android' end
      from generate_series(1, ${DEVICES}) g
     where g <= ${users} or g - ${users} > ${KILL_DEVICES};
    insert into public.scans (user_id, name, created_at)
    select md5('bench-push-' || g)::uuid, 'Scan', now() - make_interval(days => g % 60)
      from generate_series(1, ${users}) g where g % 5 = 0;
    set session_replication_role = origin;`);
  console.log(
    `generated ${users.toLocaleString('en')} users, ${DEVICES.toLocaleString('en')} devices: ${ms(t)} ms`,
  );
  const r = performance.now();
  await db.exec(`select private.push_people_rebuild(); analyze;`);
  console.log(`built the count's per-person summary (private.push_people_rebuild) and analyzed: ${ms(r)} ms`);
}

async function counts(db: Database) {
  const definitions = {
    everyone: {},
    'peanut allergy, Hindi': { allergies: ['Peanuts'], locales: ['hi'] },
    'no scan in 30 days': { not_scanned_within_days: 30 },
    'diabetes, iOS, signed up in the last year': {
      conditions: ['Type 2 diabetes'],
      platforms: ['ios'],
      signed_up_after: new Date(Date.now() - 365 * 864e5).toISOString().slice(0, 10),
    },
  };
  for (const [name, definition] of Object.entries(definitions)) {
    const times: number[] = [];
    let answer = '';
    for (let run = 0; run < 5; run++) {
      const t = performance.now();
      try {
        const [row] = await rows<{ c: unknown }>(
          db,
          OWNER,
          'select public.push_audience_count($1::jsonb) c',
          [JSON.stringify(definition)],
        );
        answer = JSON.stringify(row.c);
      } catch (error) {
        // The authenticated role's statement timeout (8 s on PostgreSQL as hosted) ends a slow count.
        answer = `failed: ${(error as Error).message}`;
      }
      times.push(performance.now() - t);
    }
    console.log(
      `count "${name}": ${answer}: median ${median(times).toFixed(1)} ms (runs ${times.map((x) => x.toFixed(0)).join(', ')})`,
    );
  }
}

/**
 * A send created by the owner, approved by the second owner where it needs it, enqueued by
 * push_start_due called until it has nothing left (one batch of people a call, as the worker does):
 * its id, the calls' times and the messages queued.
 */
async function startSend(db: Database, definition: object) {
  const [send] = await rows<{ id: string; status: string }>(
    db,
    OWNER,
    `select id, status from public.push_send_create($1::jsonb, 'Bench', 'A bench push', 'बेंच', 'एक बेंच पुश', urgent => true)`,
    [JSON.stringify(definition)],
  );
  if (send.status === 'waiting_for_approval')
    await rows(db, SECOND_OWNER, 'select public.push_send_approve($1)', [send.id]);
  const queue = databasePushQueue(db);
  const calls: number[] = [];
  const t = performance.now();
  for (;;) {
    const c = performance.now();
    const pending = await queue.startDue();
    calls.push(performance.now() - c);
    if (pending === 0) break;
  }
  const [row] = await rows<{ queued: number }>(
    db,
    OWNER,
    'select queued::int from public.push_sends where id = $1',
    [send.id],
  );
  return { id: send.id, queued: row.queued, calls, enqueueMs: ms(t) };
}

async function killedWorker(db: Database) {
  const sandbox = createPushSandbox();
  sandbox.setFaults({ tooManyRequests: 0.025, serverError: 0.025 });
  const send = await startSend(db, { allergies: ['BenchKill'] });
  const queue = databasePushQueue(db);
  const dying = dyingWorker(queue, sandbox, Math.floor(KILL_DEVICES / 3));
  void drainPushQueue({ ...dying, visibilitySeconds: 2 });
  while (!dying.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 50));
  for (let round = 0; round < 30; round++) {
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await drainPushQueue({ queue, push: sandbox, batchSize: 500 });
    const [row] = await rows<{ status: string }>(
      db,
      OWNER,
      'select status from public.push_sends where id = $1',
      [send.id],
    );
    if (row.status === 'done') break;
  }
  const perDevice = new Map<string, number>();
  for (const d of sandbox.delivered)
    if (d.result.ok) perDevice.set(d.token, (perDevice.get(d.token) ?? 0) + 1);
  const histogram: Record<number, number> = {};
  for (const n of perDevice.values()) histogram[n] = (histogram[n] ?? 0) + 1;
  const [row] = await rows<Record<string, number | string>>(
    db,
    OWNER,
    'select status, queued::int, sent::int, failed::int, removed::int, skipped::int from public.push_sends where id = $1',
    [send.id],
  );
  const never = Number(row.queued) - perDevice.size;
  console.log(
    `killed worker (died after ${Math.floor(KILL_DEVICES / 3)} of ${row.queued} pushes): devices by pushes received ${JSON.stringify(histogram)}, ` +
      `none: ${never}; send ${JSON.stringify(row)}`,
  );
}

async function drain(db: Database) {
  const send = await startSend(db, {});
  const slowest = Math.max(...send.calls);
  console.log(
    `enqueue everyone (${send.queued.toLocaleString('en')} messages, one per device): ${send.enqueueMs} ms in ` +
      `${send.calls.length} push_start_due calls of up to 10,000 people: median ${median(send.calls).toFixed(0)} ms, ` +
      `slowest ${slowest.toFixed(0)} ms (the statement timeout: 8,000 ms)`,
  );
  const sandbox = createPushSandbox();
  sandbox.setFaults({ tooManyRequests: 0.025, serverError: 0.025 });
  const t = performance.now();
  const report = await drainPushQueue({
    queue: databasePushQueue(db),
    push: sandbox,
    batchSize: 500,
    budgetMs: DRAIN_SECONDS * 1000,
  });
  const seconds = (performance.now() - t) / 1000;
  console.log(
    `drain for ${seconds.toFixed(1)} s with 2.5 % 429 and 2.5 % 500: ${JSON.stringify(report)}: ` +
      `${Math.round((report.sent + report.retried) / seconds)} answers/s, ${Math.round(report.sent / seconds)} sent/s`,
  );
}

const db = await openTestDatabase();
try {
  console.log(`bench:push on ${onServer ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}`);
  await generate(db);
  await counts(db);
  await killedWorker(db);
  await drain(db);
} finally {
  await db.close();
}
