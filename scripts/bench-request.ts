/**
 * npm run bench:request: the stand-in's own cost of a one-row read on PGlite, as `npm start` serves
 * it (PGlite in its worker thread, in memory, with the demo data), signed in as the demo admin
 * (aal2). Two reads, alternately, RUNS times each (default 300) after a warm-up:
 *
 * - `GET /rest/v1/scans?id=eq.<id>&select=*`, one object: a table under RLS;
 * - `GET /rest/v1/admin_scans?id=eq.<id>`, one object: what a scan's Show dialog asks
 *   (ra-data-postgrest's getOne), through the admin view.
 *
 * "Server time" is the stand-in's handling time measured in-process, no network: from the Request
 * handed to `standIn.handle` to the answer's body read, on a warm connection (the warm-up prepares
 * the reads' statements and runs them past Postgres' five custom plans, as a server's first
 * requests do). It prints the median
 * of each read, and of each Server-Timing phase (PostgREST's jwt, parse, plan, transaction,
 * response). Beside it, the median CPU time the process (both threads) spent per read: the work
 * itself, which a loaded machine does not inflate as it inflates the wall-clock time. The budget is 2 ms per read (docs/architecture.md, "Budgets"); past it the exit code
 * is 1.
 */
import { signJwt } from '../mocks/supabase/jwt';
import { LOCAL_ANON_KEY } from '../mocks/supabase/keys';
import { startStandIn } from '../mocks/supabase/node';

const ADMIN = '00000000-0000-4000-8000-000000000001';
const RUNS = Number(process.env.RUNS ?? 300);
const WARM_UP = 50;
const BUDGET_MS = 2;

process.env.PGRST_SERVER_TIMING_ENABLED = 'true';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const standIn = await startStandIn({ dataDir: 'memory', log: () => undefined });
try {
  const token = await signJwt(
    { sub: ADMIN, role: 'authenticated', aud: 'authenticated', aal: 'aal2' },
    { expiresInSeconds: 3600 },
  );
  const { rows } = await standIn.db.query<{ id: string }>(
    'select id from public.scans order by created_at desc, id desc limit 1',
  );
  const id = rows[0].id;
  const reads = [
    { what: 'scans, one row (table under RLS)', path: `/rest/v1/scans?id=eq.${id}&select=*` },
    { what: 'admin_scans, one row (Show dialog)', path: `/rest/v1/admin_scans?id=eq.${id}` },
  ].map((read) => ({
    ...read,
    totals: [] as number[],
    cpu: [] as number[],
    phases: new Map<string, number[]>(),
  }));

  for (let i = 0; i < WARM_UP + RUNS; i += 1) {
    for (const read of reads) {
      const request = new Request(`http://127.0.0.1${read.path}`, {
        headers: {
          apikey: LOCAL_ANON_KEY,
          authorization: `Bearer ${token}`,
          accept: 'application/vnd.pgrst.object+json',
        },
      });
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      const response = (await standIn.handle(request))!;
      const body = (await response.json()) as { id?: string };
      const elapsed = performance.now() - start;
      const cpu = process.cpuUsage(cpuStart);
      if (response.status !== 200 || body.id !== id) {
        throw new Error(`${read.path} answered ${response.status}: ${JSON.stringify(body)}`);
      }
      if (i < WARM_UP) continue;
      read.totals.push(elapsed);
      read.cpu.push((cpu.user + cpu.system) / 1000);
      for (const part of (response.headers.get('server-timing') ?? '').split(',')) {
        const [name, dur] = part.trim().split(';dur=');
        read.phases.set(name, [...(read.phases.get(name) ?? []), Number(dur)]);
      }
    }
  }
  for (const read of reads) {
    const serverMs = median(read.totals);
    const phases = [...read.phases].map(([name, values]) => `${name} ${median(values).toFixed(2)}`);
    console.log(
      `${read.what}: server time ${serverMs.toFixed(2)} ms (median of ${RUNS}; budget ${BUDGET_MS} ms); CPU ${median(read.cpu).toFixed(2)} ms; Server-Timing medians: ${phases.join(', ')}`,
    );
    if (serverMs > BUDGET_MS) process.exitCode = 1;
  }
} finally {
  await standIn.db.close();
}
