/**
 * npm run bench [-- --scans N --runs R]
 * Latency of what the admin screens ask the database at scale: admin_dashboard_stats() as an admin,
 * a 25-row scans page with an exact count, and the same page with an ilike search; as raw SQL under
 * the admin's identity and through the stand-in's REST API, on the scans table (under RLS) and on
 * the admin_scans view the admin app reads (where the search can use the trigram index). Uses
 * DATABASE_URL when set, else a PGlite folder .data/bench-<N> that is built once (N generated scans)
 * and reused.
 */
import { parseArgs } from 'node:util';
import { withIdentity, type Database } from '../mocks/supabase/db';
import { signJwt } from '../mocks/supabase/jwt';
import { LOCAL_ANON_KEY } from '../mocks/supabase/keys';
import { createStandIn } from '../mocks/supabase/standIn';
import { generateScans } from './seed/generateScans';
import { localDatabaseTarget, openPreparedDatabase } from './seed/localDatabase';

const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
const PAGE = 25;
const SEARCH = 'maggi';

const { values } = parseArgs({
  options: { scans: { type: 'string', default: '100000' }, runs: { type: 'string', default: '30' } },
});
const scans = Number(values.scans);
const runs = Number(values.runs);

async function ensureScans(db: Database, wanted: number) {
  const have = Number((await db.query<{ n: number }>('select count(*) as n from public.scans')).rows[0].n);
  if (have >= wanted) return have;
  console.log(`Generating ${wanted - have} scans (once)...`);
  await generateScans(db, {
    scans: wanted - have,
    onProgress: (done, total) => process.stdout.write(`\r  ${done}/${total}`),
  });
  process.stdout.write('\n');
  return wanted;
}

async function measure(name: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { name, 'median ms': +at(0.5).toFixed(1), 'p95 ms': +at(0.95).toFixed(1), runs };
}

const target = localDatabaseTarget(`.data/bench-${scans}`);
const db = await openPreparedDatabase(target);
try {
  const total = await ensureScans(db, scans);
  console.log(`${total} scans in ${target.label}; ${runs} runs each after 3 warm-up runs.`);

  const admin = {
    role: 'authenticated' as const,
    claims: { sub: ADMIN_ID, role: 'authenticated', aud: 'authenticated' },
  };
  const asAdmin = (sql: string, params?: unknown[]) => () =>
    withIdentity(db, admin, (tx) => tx.query(sql, params));
  const page = (where: string, from = 'public.scans') =>
    `select (select count(*) from ${from} ${where}) as total,
            (select json_agg(s) from (select * from ${from} ${where} order by created_at desc limit ${PAGE} offset 0) s) as rows`;
  const search = `where name ilike '%${SEARCH}%'`;

  const standIn = createStandIn({ db });
  const token = await signJwt({ ...admin.claims, email: 'admin@labellens.dev' }, { expiresInSeconds: 3600 });
  const rest = (query: string) => async () => {
    const response = await standIn.handle(
      new Request(`http://local/rest/v1/${query}`, {
        headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}`, Prefer: 'count=exact' },
      }),
    );
    if (!response || response.status >= 300)
      throw new Error(`${query}: HTTP ${response?.status} ${await response?.text()}`);
    await response.text();
  };
  const pageQuery = (resource: string) => `${resource}?select=*&order=created_at.desc&offset=0&limit=${PAGE}`;
  const scansPage = pageQuery('scans');
  const viewPage = pageQuery('admin_scans');
  const rpcBody = {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: '{}',
  };

  const results = [
    await measure('admin_dashboard_stats() SQL', asAdmin('select public.admin_dashboard_stats()')),
    await measure(`scans page of ${PAGE} + exact count SQL`, asAdmin(page(''))),
    await measure(`scans page, name ilike '%${SEARCH}%' SQL`, asAdmin(page(search))),
    await measure(`admin_scans page of ${PAGE} + exact count SQL`, asAdmin(page('', 'public.admin_scans'))),
    await measure(
      `admin_scans page, name ilike '%${SEARCH}%' SQL`,
      asAdmin(page(search, 'public.admin_scans')),
    ),
    await measure('rpc/admin_dashboard_stats REST', async () => {
      const response = await standIn.handle(
        new Request('http://local/rest/v1/rpc/admin_dashboard_stats', rpcBody),
      );
      if (!response || response.status !== 200) throw new Error(`rpc: HTTP ${response?.status}`);
      await response.text();
    }),
    await measure(`scans page of ${PAGE} + count=exact REST`, rest(scansPage)),
    await measure(`scans page, name=ilike.*${SEARCH}* REST`, rest(`${scansPage}&name=ilike.*${SEARCH}*`)),
    await measure(`admin_scans page of ${PAGE} + count=exact REST`, rest(viewPage)),
    await measure(
      `admin_scans page, name=ilike.*${SEARCH}* REST`,
      rest(`${viewPage}&name=ilike.*${SEARCH}*`),
    ),
  ];
  console.table(results);
} finally {
  await db.close();
}
