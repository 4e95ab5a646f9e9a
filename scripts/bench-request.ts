/**
 * npm run bench:request: the stand-in's own cost per request. A one-row read (GET /rest/v1/news
 * ?id=eq.… as the signed-in admin, one object) over loopback HTTP on PGlite in memory, RUNS times
 * after a warm-up, with PostgREST's Server-Timing header on: the median of each phase (jwt, parse,
 * plan, transaction, response) and of their sum, the server time. The budget is 3 ms.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signJwt } from '../mocks/supabase/jwt';
import { LOCAL_ANON_KEY } from '../mocks/supabase/keys';
import { standInMiddleware, startStandIn } from '../mocks/supabase/node';

const ADMIN = '00000000-0000-4000-8000-000000000001';
const RUNS = Number(process.env.RUNS ?? 300);
const BUDGET_MS = 3;

process.env.PGRST_SERVER_TIMING_ENABLED = 'true';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const standIn = await startStandIn({ dataDir: 'memory', log: () => undefined });
const api = standInMiddleware(standIn);
const server = createServer((req, res) => void api(req, res, () => res.writeHead(404).end()));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

try {
  const token = await signJwt(
    { sub: ADMIN, role: 'authenticated', aud: 'authenticated', aal: 'aal2' },
    { expiresInSeconds: 3600 },
  );
  const headers = {
    apikey: LOCAL_ANON_KEY,
    authorization: `Bearer ${token}`,
    accept: 'application/vnd.pgrst.object+json',
  };
  const { rows } = await standIn.db.query<{ id: string }>('select id from public.news order by id limit 1');
  const path = `${url}/rest/v1/news?select=*&id=eq.${rows[0].id}`;

  const phases = new Map<string, number[]>();
  const totals: number[] = [];
  const roundTrips: number[] = [];
  for (let i = 0; i < RUNS + 30; i += 1) {
    const start = performance.now();
    const response = await fetch(path, { headers });
    await response.arrayBuffer();
    const roundTrip = performance.now() - start;
    if (response.status !== 200) throw new Error(`GET news answered ${response.status}`);
    if (i < 30) continue; // warm-up
    roundTrips.push(roundTrip);
    let total = 0;
    for (const part of (response.headers.get('server-timing') ?? '').split(',')) {
      const [name, dur] = part.trim().split(';dur=');
      const durations = phases.get(name) ?? [];
      durations.push(Number(dur));
      phases.set(name, durations);
      total += Number(dur);
    }
    totals.push(total);
  }
  for (const [name, values] of phases) console.log(`  ${name.padEnd(12)} ${median(values).toFixed(2)} ms`);
  const serverMs = median(totals);
  console.log(
    `one-row read: server time ${serverMs.toFixed(2)} ms (median of ${RUNS}), round trip ${median(roundTrips).toFixed(2)} ms; budget ${BUDGET_MS} ms`,
  );
  if (serverMs > BUDGET_MS) process.exitCode = 1;
} finally {
  server.close();
  await standIn.db.close();
}
