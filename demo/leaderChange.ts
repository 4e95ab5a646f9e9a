/**
 * A request in flight when the leader tab closes (the tab whose worker holds the demo's PGlite:
 * demo/pgliteWorker.ts). PGliteWorker rejects the tab's pending call with `LeaderChangedError`, and
 * the query's next calls (its closing Sync, the lock releases) are posted before the new leader
 * listens for this tab, so the request may fail or never settle. It is given up when the leader
 * changes: a read (GET, HEAD) is asked once more of the new leader; a write is answered 503, since
 * it may or may not have been stored (and may still be, by the old request), so it is never repeated.
 */
import { errorResponse, RestError } from '../mocks/supabase/rest/errors';

/** What the guard needs of PGliteWorker: its leader-change event and its wait for the new leader. */
export interface Leader {
  onLeaderChange(listener: () => void): () => void;
  /** This tab's own worker is the leader (set by that worker's message). */
  readonly isLeader: boolean;
  readonly waitReady: Promise<void>;
}

const READS = new Set(['GET', 'HEAD']);

/** Postgres's connection_failure, which PostgREST answers 503 (its 08* class). */
const lost = (details: string) =>
  errorResponse(
    new RestError(503, {
      code: '08006',
      message: "The demo's database moved to another tab while this request ran",
      details,
      hint: 'Reload the page to see what was stored before trying again.',
    }),
  );

const nextChange = (leader: Leader) =>
  new Promise<void>((resolve) => {
    const stop = leader.onLeaderChange(() => {
      stop();
      resolve();
    });
  });

/**
 * `run`'s answer; or, when the leader changes first, whether this tab's own worker took over then.
 * Such a tab hears two changes, in either order: its worker's (isLeader is set before it) and the new
 * leader's broadcast (from which waitReady waits for the new leader to answer).
 */
async function untilLeaderChange(
  leader: Leader,
  run: () => Promise<Response>,
): Promise<Response | { tookOver: boolean }> {
  let stop = () => {};
  const changed = new Promise<{ tookOver: boolean }>(
    (resolve) => (stop = leader.onLeaderChange(() => resolve({ tookOver: leader.isLeader }))),
  );
  const running = run();
  running.catch(() => {}); // given up: its LeaderChangedError is expected and answered below
  try {
    return await Promise.race([running, changed]);
  } finally {
    stop();
  }
}

/** Resolves once the new leader answers this tab: after its own worker's change, the broadcast is still to come. */
async function newLeader(leader: Leader, { tookOver }: { tookOver: boolean }) {
  if (tookOver) await nextChange(leader);
  await leader.waitReady;
}

/** `answer` (the demo's request handler) given up on a leader change: a read retried once, a write 503. */
export function answerAcrossLeaderChange<Info extends { request: Request }>(
  leader: Leader,
  answer: (info: Info) => Promise<Response>,
): (info: Info) => Promise<Response> {
  return async (info) => {
    const first = await untilLeaderChange(leader, () => answer(info));
    if (!('tookOver' in first)) return first;
    if (!READS.has(info.request.method))
      return lost(
        'The tab holding the database closed during this write: it may or may not have been stored.',
      );
    await newLeader(leader, first);
    const second = await untilLeaderChange(leader, () => answer(info));
    return 'tookOver' in second
      ? lost('The tab holding the database closed twice during this read.')
      : second;
  };
}
