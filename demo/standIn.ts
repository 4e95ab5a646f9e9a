/**
 * The zero-install demo's stand-in: the same Supabase stand-in as `npm start` (createStandIn, the
 * Realtime hub), answering this page's Supabase requests through MSW's browser worker, on PGlite in
 * a Web Worker shared by the demo's tabs (demo/pgliteWorker.ts) persisted in IndexedDB (demo/dataDir.ts). The first
 * visit loads the prebuilt seeded data directory (`npm run demo:data`, fetched as a static file)
 * instead of migrating in the browser.
 */
import { http, passthrough, ws } from 'msw';
import { setupWorker } from 'msw/browser';
import { PGliteWorker } from '@electric-sql/pglite/worker';
import { pgliteDatabase, type PgliteDatabase } from '../mocks/supabase/db/openPglite';
import type { ChangeCapture } from '../mocks/supabase/realtime/capture';
import type { Database } from '../mocks/supabase/db/types';
import { RealtimeHub } from '../mocks/supabase/realtime/hub';
import type { RealtimeLimits } from '../mocks/supabase/realtime/limits';
import { realtimeLink } from '../mocks/supabase/realtime/mswLink';
import { REALTIME_PATH } from '../mocks/supabase/realtime/protocol';
import { createStandIn, type StandIn } from '../mocks/supabase/standIn';
import { loadFaults, withFaults } from './faults';
import { mark } from './marks';
import { DEMO_FLUSH_CHANNEL, DEMO_SERVICE_WORKER, SUPABASE_API_PARTS } from './paths';
import type { DemoWorkerMeta } from './pgliteWorker';
import { DEMO_STORE, deleteDemoDataDir, demoFs } from './dataDir';
import { answerAcrossLeaderChange } from './leaderChange';
import { storedSandboxes } from './sandboxStores';
import { forgetKeptCatalog, keepCatalogCurrent, startFromKeptCatalog } from './schemaCatalog';
import { mapProtocolErrors, unpackError } from './workerErrors';

/**
 * The demo's files (the data dump, MSW's worker) sit at the build's base, the folder above this
 * chunk's assets/ (the base is relative: the page's own folder is not the base on /admin/news).
 */
export const demoBase = () => new URL('../', import.meta.url);

/** The Realtime hub with no server of its own: MSW's WebSocket link carries its sockets. */
class PageRealtime extends RealtimeHub {
  constructor(db: Database, capture: ChangeCapture, jwtSecret: string, limits: RealtimeLimits) {
    super(db, capture, jwtSecret, limits);
  }
}

/** This page's connection to the shared PGlite, once the stand-in has started. */
let pageDb: { client: PGliteWorker; db: PgliteDatabase } | undefined;

/**
 * The stand-in's Database on the PGlite the demo's tabs share: PGliteWorker proxies every method
 * the stand-in uses (query, exec, transaction, listen, execProtocol for the prepared statements,
 * dumpDataDir, syncToFs) to the leader tab's worker.
 */
async function openSharedPglite(): Promise<{ client: PGliteWorker; db: PgliteDatabase }> {
  const meta: DemoWorkerMeta = { seedUrl: new URL('data/seed.tar.gz', demoBase()).href };
  const client = await PGliteWorker.create(
    new Worker(new URL('./pgliteWorker.ts', import.meta.url), { type: 'module' }),
    // The tabs of one store elect one leader among them.
    { id: DEMO_STORE, meta },
  );
  mark('db-ready');
  mapProtocolErrors(client, unpackError);
  const db = await pgliteDatabase(client, {
    flush: flushThroughLeader,
    // One connection for every tab: each tab names its prepared statements apart.
    statementPrefix: `labellens_${crypto.randomUUID().replaceAll('-', '')}`,
  });
  const channels = new Set<string>();
  const listen = db.listen;
  db.listen = async (channel, callback) => {
    channels.add(channel);
    return listen(channel, callback);
  };
  client.onLeaderChange(() => {
    // Another tab's worker opened PGlite anew: this tab's prepared statements and LISTENs were on
    // the old connection.
    db.statements.lost();
    for (const channel of channels) void client.exec(`listen "${channel.replaceAll('"', '""')}"`);
  });
  return { client, db };
}

const flushes = new BroadcastChannel(DEMO_FLUSH_CHANNEL);

/** Resolves once the leader's worker has stored the data directory in IndexedDB (pgliteWorker.ts). */
function flushThroughLeader(): Promise<void> {
  const id = crypto.randomUUID();
  return new Promise((resolve) => {
    const done = ({ data }: MessageEvent<{ flushed?: string }>) => {
      if (data.flushed !== id) return;
      flushes.removeEventListener('message', done);
      resolve();
    };
    flushes.addEventListener('message', done);
    flushes.postMessage({ flush: id });
  });
}

/** How long Realtime's start waits for the page's first requests at most. */
const REALTIME_WAITS_MS = 2000;

/** The page's API requests under way, and a wait until none is (or for at most a while). */
class RequestsInFlight {
  private running = 0;
  private waiting: (() => void)[] = [];

  async count<T>(request: () => Promise<T>): Promise<T> {
    this.running += 1;
    try {
      return await request();
    } finally {
      this.running -= 1;
      if (this.running === 0) this.waiting.splice(0).forEach((resolve) => resolve());
    }
  }

  settled(atMostMs: number): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      setTimeout(resolve, atMostMs);
    });
  }
}

/** The demo's stand-in while it starts: MSW answers at once; the database opens meanwhile. */
export interface DemoStart {
  /** MSW's worker serves this page: its Supabase requests are held until the stand-in answers them. */
  answering: Promise<void>;
  /** The stand-in, once the database is open. */
  ready: Promise<StandIn>;
}

/**
 * Starts the stand-in and MSW's worker side by side: a page's code may load and send its requests
 * while PGlite opens in its worker (a reload of the admin renders meanwhile, instead of after).
 */
export function startDemoStandIn(): DemoStart {
  const ready = openStandIn();
  const opened = ready.then(
    (started) => ({ ok: true as const, ...started }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const requests = new RequestsInFlight();
  // Once the requests the page sent while the database opened are answered: its first screen's
  // rows come before its live updates (Realtime's start is a dozen queries on the one connection).
  const hub = ready.then(async ({ db }) => {
    await requests.settled(REALTIME_WAITS_MS);
    return PageRealtime.start({ db, sharedDatabase: true });
  });
  void hub.then(() => mark('realtime-ready'));
  // Once a REST request came (a page with none, the site's landing, needs no catalog) and after the
  // page's first requests and Realtime's start: the kept schema catalog checked against the database's.
  let catalogChecked: Promise<void> | undefined;
  const checkCatalog = () =>
    (catalogChecked ??= Promise.all([ready, hub]).then(([{ db, keptCatalog }]) =>
      keepCatalogCurrent(db, localStorage, keptCatalog),
    ));
  const origin = window.location.origin;
  const worker = setupWorker(
    ...SUPABASE_API_PARTS.map((part) =>
      http.all(`${origin}/${part}/v1/*`, (info) =>
        requests.count(async () => {
          const started = await opened;
          if (!started.ok) return databaseDidNotOpen(started.error);
          const { standIn, db, client } = started;
          // A request under way when the leader tab closes (its injected latency included): a read
          // asked again, a write answered 503.
          return answerAcrossLeaderChange(client, async ({ request }: { request: Request }) => {
            // The tester's faults (demo/faults.ts), read per request so the panel's changes apply at once.
            const response = await withFaults(request, loadFaults(sessionStorage), async () => {
              const rest = request.url.includes('/rest/v1/');
              if (rest) mark('rest-request:' + new URL(request.url).pathname.split('/').pop());
              const answer = await standIn.handle(request);
              if (rest) {
                mark('rest-answer:' + new URL(request.url).pathname.split('/').pop());
                void checkCatalog();
              }
              // A write is answered once IndexedDB holds it: a reload or the next page right after
              // it (the admin after the site's contact form) reads it back.
              if (answer && request.method !== 'GET' && request.method !== 'HEAD') await db.flush();
              return answer;
            });
            return response ?? passthrough();
          })(info);
        }),
      ),
    ),
    realtimeLink(hub, origin),
    realtimeDrops(origin),
  );
  const base = demoBase();
  const answering = unregisterOtherWorkers(base)
    .then(() =>
      worker.start({
        // One worker at the build's base, its scope that base: the demo's (demo/serviceWorker.js), which
        // imports MSW's. The admin's own service worker is not registered in the demo build (and one left
        // by another build on this host goes, above), so no two workers claim one page.
        serviceWorker: {
          url: new URL(DEMO_SERVICE_WORKER, base).pathname,
          options: { scope: base.pathname },
        },
        onUnhandledRequest: 'bypass',
        quiet: true,
      }),
    )
    .then(() => mark('msw-ready'));
  return { answering, ready: ready.then(({ standIn }) => standIn) };
}

/** The page's stand-in on the shared PGlite. */
async function openStandIn(): Promise<{
  standIn: StandIn;
  db: PgliteDatabase;
  client: PGliteWorker;
  keptCatalog: string | null;
}> {
  pageDb = await openSharedPglite();
  const { db, client } = pageDb;
  mark('db-client-ready');
  const keptCatalog = startFromKeptCatalog(db, localStorage);
  // Every tab has its own hub on the one database (startDemoStandIn): a write in one tab reaches the
  // others' lists through the leader's NOTIFYs, which PGliteWorker hands to every tab. The mailbox
  // and push sandbox are in localStorage: they outlive a page load, shared by the tabs.
  const standIn = createStandIn({ db, publicUrl: window.location.origin, ...storedSandboxes(localStorage) });
  return { standIn, db, client, keptCatalog };
}

/** What every request gets when this browser's demo database could not be opened. */
function databaseDidNotOpen(error: unknown): Response {
  const reason = error instanceof Error ? error.message : String(error);
  return Response.json(
    { code: 'PGRST000', message: `The demo's database did not open: ${reason}`, details: null, hint: null },
    { status: 503 },
  );
}

/**
 * A service worker other than the demo's that controls pages below the base (the admin's own
 * /admin/sw.js, left by `npm start` on the same host) would answer them instead of the demo's: it goes.
 */
async function unregisterOtherWorkers(base: URL) {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(
    registrations
      .filter((r) => r.scope.startsWith(base.href))
      .filter((r) => !(r.active ?? r.waiting ?? r.installing)?.scriptURL.endsWith(`/${DEMO_SERVICE_WORKER}`))
      .map((r) => r.unregister()),
  );
}

/** Realtime sockets open now, so "Realtime dropped" can close them. */
const realtimeClients = new Set<{ close: (code?: number, reason?: string) => void }>();

/** While the tester has Realtime dropped, every socket is closed as it opens (after the hub's own listener). */
function realtimeDrops(origin: string) {
  return ws
    .link(`${origin.replace(/^http/, 'ws')}${REALTIME_PATH}`)
    .addEventListener('connection', ({ client }) => {
      if (loadFaults(sessionStorage).realtime.dropped) return client.close(1000, 'Dropped by the tester');
      realtimeClients.add(client);
      client.addEventListener('close', () => realtimeClients.delete(client));
    });
}

/** Closes every open Realtime socket (the panel's "Realtime dropped"); realtime-js then reconnects. */
export function dropRealtimeSockets() {
  for (const client of realtimeClients) client.close(1000, 'Dropped by the tester');
  realtimeClients.clear();
}

/** Tells a test (or a tester's tools) that this page's stand-in answers: `<html data-stand-in="ready">`. */
export function markStandInReady() {
  document.documentElement.dataset.standIn = 'ready';
}

/** Deletes the stored data directory (this page's database closed first). */
async function deleteStore() {
  await pageDb?.client.close();
  pageDb = undefined;
  forgetKeptCatalog(localStorage);
  await deleteDemoDataDir();
}

/** Forgets this browser's demo data: the next load starts from the seed again. */
export const forgetDemoData = deleteStore;

/** Resolves once IndexedDB holds every write so far (a write made outside a request: the panel's). */
export async function flushDemoData() {
  await pageDb?.db.flush();
}

/** The whole database as a file (PGlite's data directory as a tar), for a bug report. */
export async function exportDemoData(): Promise<Blob> {
  if (!pageDb) throw new Error('The demo database is not open');
  return pageDb.db.dump();
}

/** Replaces this browser's demo data with an exported file's; the caller reloads the page. */
export async function importDemoData(file: Blob) {
  await deleteStore();
  // In this page, once: the shared worker above is closed. Loaded only here, so the page's own
  // chunks carry no PGlite.
  const { openPglite } = await import('../mocks/supabase/db/openPglite');
  const db = await openPglite({ pgliteFs: demoFs(), loadDataDir: file });
  await db.flush(); // the store's first flush: the whole directory, as the leader's seed (dataDir.ts)
  await db.close();
}
