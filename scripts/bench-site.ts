/**
 * `npm run bench:site`: the public site's performance budget (docs/architecture.md, budgets). Serves the
 * built dist/ with scripts/serve.ts on a throw-away database, runs Lighthouse 12 (default mobile
 * settings: emulated phone, simulated slow 4G and CPU slowdown) in Debian's Chromium on /, /contact,
 * /privacy-policy, /hi and /hi/contact (the Hindi pages also load the self-hosted Devanagari font), and
 * measures the gzipped JavaScript the landing page loads. Exits 1 on any miss.
 * Run `npm run build` first. CHROME_PATH overrides /usr/bin/chromium; BENCH_PORT the port (4180).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const PAGES = ['/', '/contact', '/privacy-policy', '/hi', '/hi/contact'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const MIN_SCORE = 0.95;
const MAX_LANDING_JS_GZIP = 80 * 1024;
const PORT = Number(process.env.BENCH_PORT ?? 4180);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

async function startServer(): Promise<ChildProcess> {
  const server = spawn('npx', ['tsx', 'scripts/serve.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOCAL_DB_DIR: 'memory' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true, // its own process group, so stopping it also stops tsx's child
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    if (server.exitCode !== null) throw new Error(`scripts/serve.ts exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${ORIGIN}/`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`scripts/serve.ts did not answer on ${ORIGIN} within 60 s`);
}

/** Gzipped bytes of every script the page loaded, as Lighthouse recorded the network requests. */
async function scriptGzipBytes(scriptUrls: string[]): Promise<{ url: string; gzip: number }[]> {
  return Promise.all(
    scriptUrls.map(async (url) => {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      return { url: url.replace(ORIGIN, ''), gzip: gzipSync(body, { level: 9 }).length };
    }),
  );
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
}

async function main() {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` first');
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const failures: string[] = [];
  try {
    for (const page of PAGES) {
      const result = await lighthouse(`${ORIGIN}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse returned no result for ${page}`);
      const { lhr } = result;
      const scores = CATEGORIES.map((id) => ({ id, score: lhr.categories[id]?.score ?? 0 }));
      console.log(
        `${page.padEnd(16)} ${scores.map(({ id, score }) => `${id} ${score.toFixed(2)}`).join('  ')}`,
      );
      for (const { id, score } of scores) {
        if (score < MIN_SCORE) {
          failures.push(`${page}: ${id} ${score.toFixed(2)} < ${MIN_SCORE}`);
          const failing = Object.values(lhr.audits).filter(
            (audit) => audit.score !== null && audit.score < 1,
          );
          for (const audit of failing.filter((a) =>
            lhr.categories[id].auditRefs.some((ref) => ref.id === a.id),
          )) {
            console.log(`    ${id}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`);
          }
        }
      }
      if (page === '/') {
        const requests = (lhr.audits['network-requests'].details as { items: NetworkRequest[] }).items;
        const scripts = await scriptGzipBytes(
          requests.filter((r) => r.resourceType === 'Script').map((r) => r.url),
        );
        const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
        for (const s of scripts) console.log(`    script ${s.url} ${(s.gzip / 1024).toFixed(1)} KB gzip`);
        console.log(`    landing page JavaScript: ${(total / 1024).toFixed(1)} KB gzip (budget 80 KB)`);
        if (total > MAX_LANDING_JS_GZIP)
          failures.push(`landing JS ${(total / 1024).toFixed(1)} KB gzip > 80 KB`);
      }
    }
  } finally {
    chrome.kill();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
  if (failures.length) {
    console.error(`\nBudget missed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\nAll site budgets met.');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
