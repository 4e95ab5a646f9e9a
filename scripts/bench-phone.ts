/**
 * `npm run bench:phone`: the admin as an operator feels it on a phone over a mobile network, on the
 * profile Lighthouse uses for phones (docs/architecture.md, "Budgets"): Chromium with a 4x CPU
 * slowdown, 150 ms round trips, 1.6 Mbps down and 750 kbps up, a 390x844 touch screen. Against the
 * built product (run `npm run build` first) served by `npm start`'s server on a throw-away
 * database, it prints medians of RUNS (5) of:
 * - a reload of /admin/scans in the same tab to its first row;
 * - an empty cache (a new browser, or the first visit after a deploy), signed in, to the first row
 *   of /admin/scans and to the dashboard's first figure;
 * - the sign-in page, in a new browser, from its first paint to the dashboard's first figure, the
 *   form typed in 3 s, and from the Sign In click;
 * with the bytes each transferred, and the requests of one empty-cache load of /admin/scans (when
 * each left and was done, in ms from the navigation; the waterfall).
 *
 *   npm run build && npm run bench:phone        (RUNS=3 for a quicker look)
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import {
  ADMIN_ACCOUNT,
  firstFigureShown,
  firstRowShown,
  launchChromium,
  median,
  signIn,
  startBuiltServer,
} from './benchBrowser';

const RUNS = Number(process.env.RUNS ?? 5);
/** The phone: Lighthouse's mobile profile (its "Slow 4G" network and a mid-range phone's CPU). */
export const PHONE_PROFILE = {
  latencyMs: 150,
  downloadBitsPerSecond: 1.6e6,
  uploadBitsPerSecond: 750e3,
  cpuSlowdown: 4,
  viewport: { width: 390, height: 844 },
} as const;
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
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.latencyMs,
    downloadThroughput: PHONE_PROFILE.downloadBitsPerSecond / 8,
    uploadThroughput: PHONE_PROFILE.uploadBitsPerSecond / 8,
  });
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

const newPhoneContext = (
  browser: Browser,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
) => browser.newContext({ viewport: PHONE_PROFILE.viewport, isMobile: true, hasTouch: true, storageState });

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

async function reloadToFirstRow(browser: Browser, baseUrl: string, session: object): Promise<Sample[]> {
  const context = await newPhoneContext(browser, session as never);
  const phone = await phonePage(context);
  await phone.page.goto(`${baseUrl}/admin/scans`);
  await firstRowShown(phone.page);
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

async function emptyCacheLoad(
  browser: Browser,
  url: string,
  session: object,
  shown: (page: Page) => Promise<number>,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const context = await newPhoneContext(browser, session as never);
    const phone = await phonePage(context);
    phone.begin();
    await phone.page.goto(url, { waitUntil: 'commit' });
    const ms = await shown(phone.page);
    samples.push({ ms, requests: phone.requests() });
    await context.close();
  }
  return samples;
}

/** Sign-in page in a new browser: the form typed in TYPING_MS from its first paint, then Sign In. */
async function signInToFigure(
  browser: Browser,
  baseUrl: string,
): Promise<Array<Sample & { afterClick: number }>> {
  const samples: Array<Sample & { afterClick: number }> = [];
  for (let i = 0; i < RUNS; i += 1) {
    const context = await newPhoneContext(browser);
    const { page, begin, requests } = await phonePage(context);
    begin();
    await page.goto(`${baseUrl}/admin/login`, { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Sign In' });
    await button.waitFor();
    const painted = performance.now();
    const email = page.getByLabel(/email/i);
    const password = page.getByLabel(/password/i);
    const keyDelay = Math.floor(
      (TYPING_MS * 0.8) / (ADMIN_ACCOUNT.email.length + ADMIN_ACCOUNT.password.length),
    );
    await email.pressSequentially(ADMIN_ACCOUNT.email, { delay: keyDelay });
    await password.pressSequentially(ADMIN_ACCOUNT.password, { delay: keyDelay });
    await page.waitForTimeout(Math.max(0, painted + TYPING_MS - performance.now()));
    const clicked = performance.now();
    await button.click();
    await firstFigureShown(page);
    const end = performance.now();
    samples.push({ ms: end - painted, afterClick: end - clicked, requests: requests() });
    await context.close();
  }
  return samples;
}

async function main(): Promise<void> {
  const server = await startBuiltServer();
  const browser = await launchChromium();
  try {
    const { baseUrl } = server;
    const signedIn = await browser.newPage();
    await signIn(signedIn, baseUrl);
    const session = await signedIn.context().storageState();
    await signedIn.context().close();
    console.log(
      `phone profile: ${PHONE_PROFILE.cpuSlowdown}x CPU, ${PHONE_PROFILE.latencyMs} ms RTT, ` +
        `${PHONE_PROFILE.downloadBitsPerSecond / 1e6} Mbps down, ${PHONE_PROFILE.uploadBitsPerSecond / 1e3} kbps up, ` +
        `${PHONE_PROFILE.viewport.width}x${PHONE_PROFILE.viewport.height}; medians of ${RUNS}; ${baseUrl} (npm start)\n`,
    );
    report('reload of /admin/scans to its first row', await reloadToFirstRow(browser, baseUrl, session));
    const scans = await emptyCacheLoad(browser, `${baseUrl}/admin/scans`, session, firstRowShown);
    report('empty cache, signed in, to the first row of /admin/scans', scans);
    report(
      "empty cache, signed in, to the dashboard's first figure",
      await emptyCacheLoad(browser, `${baseUrl}/admin/`, session, firstFigureShown),
    );
    report(
      "sign-in page's first paint to the dashboard's first figure (form typed in 3 s)",
      await signInToFigure(browser, baseUrl),
      (s) => (s as Sample & { afterClick: number }).afterClick,
      'after the Sign In click',
    );
    const middle = [...scans].sort((a, b) => a.ms - b.ms)[Math.floor(scans.length / 2)];
    printWaterfall('the median empty-cache load of /admin/scans', middle);
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
