/**
 * The demo's answer to a leader change (demo/leaderChange.ts) around the real stand-in's answers.
 * The leader is PGliteWorker's two members, driven by the test: PGliteWorker itself needs a browser's
 * workers and locks (tests/demo/worker.spec.ts closes a real leader tab).
 */
import { LeaderChangedError } from '@electric-sql/pglite/worker';
import type { Database } from '../mocks/supabase/db';
import { LOCAL_SERVICE_ROLE_KEY } from '../mocks/supabase/keys';
import { createStandIn, type StandIn } from '../mocks/supabase/standIn';
import { openTestDatabase } from '../mocks/supabase/testing/snapshot';
import { TEST_SUPABASE_URL } from '../mocks/supabase/auth/testClient';
import { answerAcrossLeaderChange, type Leader } from './leaderChange';

let db: Database;
let standIn: StandIn;
beforeAll(async () => {
  db = await openTestDatabase();
  standIn = createStandIn({ db, publicUrl: TEST_SUPABASE_URL });
});
afterAll(() => db.close());

const TAGS = `${TEST_SUPABASE_URL}/rest/v1/tags?select=key&order=key&limit=3`;
const asService = (url: string, init: RequestInit = {}) =>
  new Request(url, {
    ...init,
    headers: {
      apikey: LOCAL_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
    },
  });
const never = new Promise<never>(() => {});

/**
 * PGliteWorker's leader events as this tab hears them: `close()` is the new leader's broadcast after
 * the leader tab closed (from then on waitReady waits), `takeOver()` this tab's own worker becoming
 * the leader, `connect()` the new leader answering.
 */
function leaderTabs() {
  const listeners = new Set<() => void>();
  let ready = Promise.resolve();
  let connect = () => {};
  let isLeader = false;
  const leader: Leader = {
    onLeaderChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get isLeader() {
      return isLeader;
    },
    get waitReady() {
      return ready;
    },
  };
  const change = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    leader,
    listeners,
    close() {
      ready = new Promise((resolve) => (connect = resolve));
      change();
    },
    takeOver() {
      isLeader = true;
      change();
    },
    connect: () => connect(),
  };
}

/** The stand-in's answer, the first time after `first` settles (a query that hangs or fails), then at once. */
function answers(first: Promise<unknown>) {
  const calls: string[] = [];
  const answer = async ({ request }: { request: Request }) => {
    calls.push(request.method);
    if (calls.length === 1) await first;
    return (await standIn.handle(request))!;
  };
  return { answer, calls };
}

it('answers as the stand-in does when the leader stays, and stops listening', async () => {
  const tabs = leaderTabs();
  const { answer, calls } = answers(Promise.resolve());
  const response = await answerAcrossLeaderChange(tabs.leader, answer)({ request: asService(TAGS) });
  const { rows } = await db.query<{ key: string }>('select key from public.tags order by key limit 3');
  expect([response.status, await response.json()]).toEqual([200, rows]);
  expect(rows).toHaveLength(3);
  expect(calls).toEqual(['GET']);
  expect(tabs.listeners.size).toBe(0);
});

it('asks a read again of the new leader, once it answers', async () => {
  const tabs = leaderTabs();
  const { answer, calls } = answers(never);
  const answered = answerAcrossLeaderChange(tabs.leader, answer)({ request: asService(TAGS) });
  await vi.waitFor(() => expect(calls).toEqual(['GET']));
  tabs.close();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(calls).toEqual(['GET']); // not before the new leader answers
  tabs.connect();
  const response = await answered;
  const { rows } = await db.query<{ key: string }>('select key from public.tags order by key limit 3');
  expect([response.status, await response.json()]).toEqual([200, rows]);
  expect(calls).toEqual(['GET', 'GET']);
  expect(tabs.listeners.size).toBe(0);
});

it("asks a read again once when this tab's own worker takes over, whichever of the two changes comes first", async () => {
  for (const order of ['worker first', 'broadcast first'] as const) {
    const tabs = leaderTabs();
    const { answer, calls } = answers(never);
    const answered = answerAcrossLeaderChange(tabs.leader, answer)({ request: asService(TAGS) });
    await vi.waitFor(() => expect(calls).toEqual(['GET']));
    if (order === 'worker first') {
      tabs.takeOver();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(calls).toEqual(['GET']); // the broadcast is still to come
      tabs.close();
    } else {
      tabs.close();
      tabs.takeOver();
    }
    tabs.connect();
    expect((await answered).status).toBe(200);
    expect(calls).toEqual(['GET', 'GET']);
    expect(tabs.listeners.size).toBe(0);
  }
});

it("asks a read again when its query failed with PGlite's LeaderChangedError", async () => {
  const tabs = leaderTabs();
  let fail = (_: Error) => {};
  const { answer, calls } = answers(new Promise((_, reject) => (fail = reject)));
  const answered = answerAcrossLeaderChange(tabs.leader, answer)({ request: asService(TAGS) });
  await vi.waitFor(() => expect(calls).toEqual(['GET']));
  tabs.close(); // PGliteWorker rejects the pending call as the leader-change event is dispatched
  fail(new LeaderChangedError());
  tabs.connect();
  expect((await answered).status).toBe(200);
  expect(calls).toEqual(['GET', 'GET']);
});

it('answers a read 503 when the leader changes again during its second try', async () => {
  const tabs = leaderTabs();
  const calls: string[] = [];
  const answered = answerAcrossLeaderChange(tabs.leader, async () => {
    calls.push('GET');
    return never;
  })({ request: asService(TAGS) });
  await vi.waitFor(() => expect(calls).toHaveLength(1));
  tabs.close();
  tabs.connect();
  await vi.waitFor(() => expect(calls).toHaveLength(2));
  tabs.close();
  const response = await answered;
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({
    code: '08006',
    message: "The demo's database moved to another tab while this request ran",
    details: 'The tab holding the database closed twice during this read.',
    hint: 'Reload the page to see what was stored before trying again.',
  });
});

it('answers a write 503 and never repeats it: the request under way may still store it, once', async () => {
  const tabs = leaderTabs();
  let proceed = () => {};
  const { answer, calls } = answers(new Promise<void>((resolve) => (proceed = resolve)));
  const key = `leader-change-${Date.now()}`;
  const body = JSON.stringify({ key, label: 'Moved', icon: 'tag', color: '#123456', category: 'general' });
  const request = asService(`${TEST_SUPABASE_URL}/rest/v1/tags`, { method: 'POST', body });
  const answered = answerAcrossLeaderChange(tabs.leader, answer)({ request });
  await vi.waitFor(() => expect(calls).toEqual(['POST']));
  tabs.close();
  tabs.connect();
  const response = await answered;
  expect([response.status, response.headers.get('content-type')]).toEqual([
    503,
    'application/json; charset=utf-8',
  ]);
  expect(await response.json()).toEqual({
    code: '08006',
    message: "The demo's database moved to another tab while this request ran",
    details: 'The tab holding the database closed during this write: it may or may not have been stored.',
    hint: 'Reload the page to see what was stored before trying again.',
  });

  // The request given up goes on (here its query had not failed): one row, from it alone.
  proceed();
  await vi.waitFor(async () => {
    const { rows } = await db.query('select label from public.tags where key = $1', [key]);
    expect(rows).toEqual([{ label: 'Moved' }]);
  });
  expect(calls).toEqual(['POST']);
});
