import { serviceRoleKey } from './jwt';
import type { StandIn } from './standIn';

/**
 * The jobs a hosted project runs with pg_cron (docs/deploying.md, "Scheduled jobs"), run here by a
 * timer: each posts to its edge function through the stand-in's gateway, as pg_net posts to the
 * project's, with the service role key as the bearer.
 */
export const SCHEDULED_FUNCTIONS = [
  // Daily on a hosted project; hourly here, so a stand-in that runs for a day purges on time too.
  { name: 'purge-trash', everyMs: 60 * 60 * 1000, firstAfterMs: 10_000 },
  // Every 10 seconds, as on a hosted project: starts the sends that are due and drains the queue.
  { name: 'push-worker', everyMs: 10_000, firstAfterMs: 3_000 },
] as const;

const unref = (timer: unknown) => (timer as { unref?: () => void }).unref?.();

/** Starts the jobs against the stand-in served at `origin`; answers a function that stops them. */
export function startSchedule(standIn: StandIn, origin: string, log: (line: string) => void): () => void {
  const timers = SCHEDULED_FUNCTIONS.map(({ name, everyMs, firstAfterMs }) => {
    const run = async () => {
      const key = await serviceRoleKey(standIn.jwtSecret);
      const response = await standIn.handle(
        new Request(`${origin}/functions/v1/${name}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, apikey: key },
        }),
      );
      const body = await response?.text();
      if (!response?.ok) log(`[stand-in] scheduled ${name} failed: ${response?.status} ${body}`);
    };
    const guarded = () =>
      void run().catch((error: unknown) => log(`[stand-in] scheduled ${name} failed: ${error}`));
    const first = setTimeout(guarded, firstAfterMs);
    const every = setInterval(guarded, everyMs);
    // The schedule never keeps the process alive by itself (a page's timers, in the demo, have no unref).
    unref(first);
    unref(every);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  });
  return () => timers.forEach((stop) => stop());
}
