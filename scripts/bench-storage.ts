/**
 * npm run bench:storage: the stand-in's Storage on PGlite (in memory), over loopback HTTP with
 * supabase-js, as the admin and the app use it.
 *
 * 1. Uploading a 1 MB image (an app user into their scan-images folder): median and 90th
 *    percentile of 20 uploads; the budget is 200 ms.
 * 2. A 25-row scans page with private thumbnails against the same page without them: the page's
 *    request alone (when its first row can render: the admin shows rows before it signs) and the
 *    page plus its one signing request (when every thumbnail can load). Ratios of medians of 20.
 */
import { signJwt } from '../mocks/supabase/jwt';
import { startStandIn } from '../mocks/supabase/node';
import { benchClient } from './bench/standInHttp';
import { listenStandIn } from '../mocks/supabase/testing/listen';

const ADMIN = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000002';
const RUNS = 20;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)];
async function timed(fn: () => Promise<unknown>) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const standIn = await startStandIn({ dataDir: 'memory', log: () => undefined });
const { server, url } = await listenStandIn(standIn);
const as = async (sub: string) => {
  const token = await signJwt(
    { sub, role: 'authenticated', aud: 'authenticated', aal: 'aal2' },
    { expiresInSeconds: 3600 },
  );
  return benchClient(url, { accessToken: async () => token });
};

try {
  const user = await as(USER);
  const admin = await as(ADMIN);

  // 1. A 1 MB image: a PNG signature, then bytes.
  const image = new Uint8Array(1024 * 1024);
  image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < image.length; i += 1) image[i] = (i * 7919) & 0xff;
  const uploads: number[] = [];
  for (let i = 0; i < RUNS + 2; i += 1) {
    const ms = await timed(async () => {
      const { error } = await user.storage
        .from('scan-images')
        .upload(`${USER}/bench-${i}.png`, image, { contentType: 'image/png' });
      if (error) throw error;
    });
    if (i >= 2) uploads.push(ms); // the first two warm the server
  }

  // 2. 25 of the user's scans with photos.
  const small = image.slice(0, 4096);
  const { rows } = await standIn.db.query<{ n: number }>(
    'select count(*)::int as n from public.scans where user_id = $1',
    [USER],
  );
  for (let i = rows[0].n; i < 25; i += 1)
    await standIn.db.query(`insert into public.scans (user_id, name) values ($1, $2)`, [
      USER,
      `Bench scan ${i}`,
    ]);
  const { rows: scans } = await standIn.db.query<{ id: string }>(
    'select id from public.scans where user_id = $1 order by created_at desc, id desc limit 25',
    [USER],
  );
  for (const [i, scan] of scans.entries()) {
    const path = `${USER}/thumb-${i}.png`;
    const { error } = await user.storage
      .from('scan-images')
      .upload(path, small, { contentType: 'image/png' });
    if (error) throw error;
    await standIn.db.query('update public.scans set image_path = $1 where id = $2', [path, scan.id]);
  }
  const page = async () => {
    const { data, error } = await admin
      .from('admin_scans')
      .select('*')
      .eq('user_id', USER)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(25);
    if (error) throw error;
    return data as Array<{ image_path: string | null }>;
  };
  const pageOnly: number[] = [];
  const withThumbnails: number[] = [];
  for (let i = 0; i < RUNS + 2; i += 1) {
    const a = await timed(page);
    const b = await timed(async () => {
      const rowsOfPage = await page();
      const paths = rowsOfPage.map((r) => r.image_path).filter((p): p is string => !!p);
      const { data, error } = await admin.storage.from('scan-images').createSignedUrls(paths, 600);
      if (error || data.some((d) => d.error)) throw error ?? new Error('unsigned path');
    });
    if (i >= 2) {
      pageOnly.push(a);
      withThumbnails.push(b);
    }
  }

  const round = (ms: number) => Math.round(ms * 10) / 10;
  console.log(
    `1 MB upload: median ${round(median(uploads))} ms, p90 ${round(p90(uploads))} ms (budget 200 ms)`,
  );
  console.log(
    `25-row scans page: ${round(median(pageOnly))} ms; its first row renders then (signing follows): ratio 1.00 by construction`,
  );
  console.log(
    `25-row scans page + one signing request for its 25 thumbnails: ${round(median(withThumbnails))} ms, ` +
      `ratio ${(median(withThumbnails) / median(pageOnly)).toFixed(2)} of the page alone`,
  );
} finally {
  await new Promise((resolve) => server.close(resolve));
  await standIn.db.close();
}
