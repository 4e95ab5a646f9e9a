/**
 * `npm run bench:phone`: the admin as an operator feels it on a phone over a mobile network, on the
 * profile Lighthouse uses for phones (docs/architecture.md, "Budgets"): Chromium with a 4x CPU
 * slowdown, 150 ms round trips, 1.6 Mbps down and 750 kbps up, a 390x844 touch screen. Against the
 * built product (run `npm run build` first) served by `npm start`'s server on a throw-away
 * database, and then as a static host would serve dist/ (startStaticHost), it prints medians of
 * RUNS (5) of:
 * - a reload of /admin/scans in the same tab to its first row, after WARM_RELOADS unmeasured ones;
 * - an empty cache (a new browser, or the first visit after a deploy), signed in, to the first row
 *   of /admin/scans and to the dashboard's first figure;
 * - the sign-in page, in a new browser, from its first paint to the dashboard's first figure, the
 *   form typed in 3 s, and from the Sign In click;
 * with the bytes each transferred, and the requests of one empty-cache load of /admin/scans (when
 * each left and was done, in ms from the navigation; the waterfall).
 *
 *   npm run build && npm run bench:phone        (RUNS=3 for a quicker look; TARGET='npm start' or
 *                                               TARGET='static host' for one of them)
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { brotliCompressSync, constants } from 'node:zlib';
import {
  ADMIN_ACCOUNT,
  emulatePhoneNetwork,
  firstFigureShown,
  firstRowShown,
  freePort,
  launchChromium,
  median,
  PHONE_PROFILE,
  signIn,
  startBuiltServer,
  type RunningServer,
} from './benchBrowser';
import { acceptedEncodings } from '../mocks/supabase/gatewayCompression';
import { contentTypeOf, isCompressible, resolveStatic } from './staticFiles';

const RUNS = Number(process.env.RUNS ?? 5);
/** How long the script takes to fill the sign-in form, as a person typing quickly would. */
const TYPING_MS = 3000;

interface RequestRecord {
  url: string;
  /** Milliseconds since the load began. */
  left: number;
  done?: number;
  /** Bytes over the wire (headers and the body as sent, e.g. compressed). */
  bytes: number;
  encoding?: string;
  fromCache: boolean;
}

/** A page on the phone profile whose requests are recorded from `begin()` on. */
interface PhonePage {
  page: Page;
  begin(): void;
  requests(): RequestRecord[];
}

async function phonePage(context: BrowserContext): Promise<PhonePage> {
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await emulatePhoneNetwork(cdp);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
  let origin = 0; // CDP's monotonic clock, in seconds, when recording began
  let records = new Map<string, RequestRecord>();
  const since = (timestamp: number) => (timestamp - origin) * 1000;
  cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => {
    if (origin === 0) origin = timestamp;
    records.set(requestId, { url: request.url, left: since(timestamp), bytes: 0, fromCache: false });
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const record = records.get(requestId);
    if (!record) return;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    record.encoding = headers['content-encoding'];
    record.fromCache = Boolean(
      response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker,
    );
  });
  cdp.on('Network.loadingFinished', ({ requestId, timestamp, encodedDataLength }) => {
    const record = records.get(requestId);
    if (!record) return;
    record.done = since(timestamp);
    record.bytes = encodedDataLength;
  });
  return {
    page,
    begin() {
      origin = 0;
      records = new Map();
    },
    requests: () => [...records.values()],
  };
}

/** A signed-in browser's cookies and local storage (the session). */
type SessionState = Awaited<ReturnType<BrowserContext['storageState']>>;

const newPhoneContext = (browser: Browser, storageState?: SessionState) =>
  browser.newContext({ viewport: PHONE_PROFILE.viewport, isMobile: true, hasTouch: true, storageState });

const transferred = (requests: RequestRecord[]) => requests.reduce((sum, r) => sum + r.bytes, 0);
const isScript = (r: RequestRecord) => new URL(r.url).pathname.endsWith('.js');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Sample {
  ms: number;
  requests: RequestRecord[];
}

function report(label: string, samples: Sample[], extra?: (s: Sample) => number, extraLabel?: string) {
  const times = samples.map((s) => s.ms);
  const bytes = samples.map((s) => transferred(s.requests));
  const js = samples.map((s) => transferred(s.requests.filter(isScript)));
  console.log(
    `${label}: median ${seconds(median(times))} (${times.map((t) => (t / 1000).toFixed(2)).join(', ')}); ` +
      `transferred ${kb(median(bytes))}, of it JavaScript ${kb(median(js))}` +
      (extra ? `; ${extraLabel} median ${seconds(median(samples.map(extra)))}` : ''),
  );
}

function printWaterfall(label: string, { ms, requests }: Sample) {
  console.log(`\nwaterfall of ${label} (shown at ${ms.toFixed(0)} ms):`);
  for (const r of [...requests].sort((a, b) => a.left - b.left)) {
    const { pathname, search } = new URL(r.url);
    const done = r.done === undefined ? '' : r.done.toFixed(0);
    const how = r.fromCache ? 'cache' : `${kb(r.bytes)}${r.encoding ? ` ${r.encoding}` : ''}`;
    console.log(
      `  ${r.left.toFixed(0).padStart(6)} -> ${done.padStart(6)} ms  ${how.padEnd(14)} ${pathname}${search.slice(0, 40)}`,
    );
  }
}

/**
 * Reloads before the measured ones, as an operator's tab has had: the browser compiles a script
 * ahead of time (its code cache) only once it has been loaded twice, and the admin's service worker
 * answers from its copy only once it has kept one (the first load registers it, the next keeps it).
 */
const WARM_RELOADS = 2;

async function reloadToFirstRow(browser: Browser, baseUrl: string, session: SessionState): Promise<Sample[]> {
  const context = await newPhoneContext(browser, session);
  const phone = await phonePage(context);
  await phone.page.goto(`${baseUrl}/admin/scans`);
  await firstRowShown(phone.page);
  for (let i = 0; i < WARM_RELOADS; i += 1) {
    await phone.page.reload({ waitUntil: 'commit' });
    await firstRowShown(phone.page);
  }
  const samples: Sample[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    phone.begin();
    await phone.page.reload({ waitUntil: 'commit' });
    const ms = await firstRowShown(phone.page);
    samples.push({ ms, requests: phone.requests() });
  }
  await context.close();
  return samples;
}

/** RUNS times: `run` in a new browser on the phone profile (an empty cache; `session` signs it in). */
async function inNewPhones<T>(
  browser: Browser,
  session: SessionState | undefined,
  run: (phone: PhonePage) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const context = await newPhoneContext(browser, session);
    const phone = await phonePage(context);
    phone.begin();
    results.push(await run(phone));
    await context.close();
  }
  return results;
}

const emptyCacheLoad = (
  browser: Browser,
  url: string,
  session: SessionState,
  shown: (page: Page) => Promise<number>,
): Promise<Sample[]> =>
  inNewPhones(browser, session, async ({ page, requests }) => {
    await page.goto(url, { waitUntil: 'commit' });
    const ms = await shown(page);
    return { ms, requests: requests() };
  });

/** Sign-in page in a new browser: the form typed in TYPING_MS from its first paint, then Sign In. */
const signInToFigure = (browser: Browser, baseUrl: string): Promise<Array<Sample & { afterClick: number }>> =>
  inNewPhones(browser, undefined, async ({ page, requests }) => {
    await page.goto(`${baseUrl}/admin/login`, { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Sign In' });
    await button.waitFor();
    const painted = performance.now();
    const keyDelay = Math.floor(
      (TYPING_MS * 0.8) / (ADMIN_ACCOUNT.email.length + ADMIN_ACCOUNT.password.length),
    );
    await page.getByLabel(/email/i).pressSequentially(ADMIN_ACCOUNT.email, { delay: keyDelay });
    await page.getByLabel(/password/i).pressSequentially(ADMIN_ACCOUNT.password, { delay: keyDelay });
    await page.waitForTimeout(Math.max(0, painted + TYPING_MS - performance.now()));
    const clicked = performance.now();
    await button.click();
    await firstFigureShown(page);
    const end = performance.now();
    return { ms: end - painted, afterClick: end - clicked, requests: requests() };
  });

/**
 * dist/ as a static host serves it (Netlify, Cloudflare Pages): the routing contract every host must
 * follow (resolveStatic), the headers of dist/_headers, and text compressed per request at the
 * Brotli level such hosts use on the fly (4; they do not read our .br copies), without a length.
 * The Supabase API, another origin in production, is reached through this one (a proxy in front of
 * the stand-in of `npm start`'s server), so the figures differ from npm start's only by the files.
 */
async function startStaticHost(api: RunningServer): Promise<RunningServer> {
  const rules = parseHeadersFile(readFileSync('dist/_headers', 'utf8'));
  const apiUrl = new URL(api.baseUrl);
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://host');
    if (/^\/(rest|auth|functions|storage)\/v1(\/|$)/.test(pathname)) {
      const upstream = httpRequest(
        { host: apiUrl.hostname, port: apiUrl.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
      return;
    }
    const answer = resolveStatic('dist', req.url ?? '/');
    if (answer.status === 400) {
      res.writeHead(400).end();
      return;
    }
    res.statusCode = answer.status;
    res.setHeader('Content-Type', contentTypeOf(answer.file));
    for (const [pattern, headers] of rules)
      if (pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern)
        for (const [name, value] of headers) res.setHeader(name, value);
    const body = readFileSync(answer.file);
    if (isCompressible(answer.file) && acceptedEncodings(req.headers['accept-encoding'])('br')) {
      res.setHeader('Content-Encoding', 'br');
      res.setHeader('Vary', 'Accept-Encoding');
      res.end(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
    } else res.end(body);
  });
  // Realtime's WebSocket, passed through to the stand-in as it is.
  server.on('upgrade', (req, socket, head) => {
    const upstream = connect(Number(apiUrl.port), apiUrl.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** dist/_headers as [path pattern, headers] in file order (the format Netlify and Cloudflare read). */
function parseHeadersFile(text: string): Array<[string, Array<[string, string]>]> {
  const rules: Array<[string, Array<[string, string]>]> = [];
  for (const line of text.split('\n')) {
    if (/^\S/.test(line)) rules.push([line.trim(), []]);
    else if (line.trim() && rules.length > 0) {
      const colon = line.indexOf(':');
      rules[rules.length - 1][1].push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    }
  }
  return rules;
}

/** Every figure against one server. */
async function measureAll(browser: Browser, target: string, server: RunningServer): Promise<void> {
  const { baseUrl } = server;
  const signedIn = await browser.newPage();
  await signIn(signedIn, baseUrl);
  const session = await signedIn.context().storageState();
  await signedIn.context().close();
  console.log(`\n${target} (${baseUrl}):`);
  report('reload of /admin/scans to its first row', await reloadToFirstRow(browser, baseUrl, session));
  const scans = await emptyCacheLoad(browser, `${baseUrl}/admin/scans`, session, firstRowShown);
  report('empty cache, signed in, to the first row of /admin/scans', scans);
  report(
    "empty cache, signed in, to the dashboard's first figure",
    await emptyCacheLoad(browser, `${baseUrl}/admin/`, session, firstFigureShown),
  );
  const signIns = await signInToFigure(browser, baseUrl);
  report(
    "sign-in page's first paint to the dashboard's first figure (form typed in 3 s)",
    signIns,
    (s) => (s as Sample & { afterClick: number }).afterClick,
    'after the Sign In click',
  );
  const middle = [...scans].sort((a, b) => a.ms - b.ms)[Math.floor(scans.length / 2)];
  printWaterfall(`the median empty-cache load of /admin/scans, ${target}`, middle);
  const signInMiddle = [...signIns].sort((a, b) => a.afterClick - b.afterClick)[
    Math.floor(signIns.length / 2)
  ];
  printWaterfall(
    `the median sign-in (figure ${signInMiddle.afterClick.toFixed(0)} ms after the click), ${target}`,
    signInMiddle,
  );
}

async function main(): Promise<void> {
  const server = await startBuiltServer();
  const staticHost = await startStaticHost(server);
  const browser = await launchChromium();
  try {
    console.log(
      `phone profile: ${PHONE_PROFILE.cpuSlowdown}x CPU, ${PHONE_PROFILE.latencyMs} ms RTT, ` +
        `${PHONE_PROFILE.downloadBitsPerSecond / 1e6} Mbps down, ${PHONE_PROFILE.uploadBitsPerSecond / 1e3} kbps up, ` +
        `${PHONE_PROFILE.viewport.width}x${PHONE_PROFILE.viewport.height}; medians of ${RUNS}`,
    );
    const targets = { 'npm start': server, 'static host': staticHost };
    for (const [target, running] of Object.entries(targets))
      if (!process.env.TARGET || process.env.TARGET === target) await measureAll(browser, target, running);
  } finally {
    await browser.close();
    staticHost.stop();
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
