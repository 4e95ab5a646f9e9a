import { KEPT_PAGES, NEW_VERSION_MESSAGE, PAGE_CACHE, SERVICE_WORKER_SCOPE } from './protocol';

/*
 * The admin's service worker (built to dist/admin/sw.js by scripts/buildServiceWorker.ts).
 *
 * It keeps the admin's pages (their HTML, a few KB each) and answers a page load from that copy at
 * once, then asks the server for the page as usual: a reload no longer waits a round trip (on a
 * phone's network, 150 ms and more) before its first script. When the server's page differs from
 * the copy (a deploy), the opened page is told so (NEW_VERSION_MESSAGE) and says it to the
 * operator; the next load is the new one.
 *
 * Nothing else goes through it: chunks (named by their content, kept a year by the HTTP cache) and
 * every API request go straight to the network, which the browser's router does without starting
 * the worker (addRoutes) where it can.
 */

// The parts of the service worker scope used here; the DOM library TypeScript checks this
// project with does not describe a worker's global scope.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly resultingClientId: string;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface InstallEvent extends ExtendableEvent {
  addRoutes?(rules: unknown[]): Promise<void>;
}
interface WorkerClients {
  get(id: string): Promise<{ postMessage(message: unknown): void } | undefined>;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: WorkerClients;
  readonly registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      worker.skipWaiting(),
      // Browsers without static routes (or without `not`) send every request through the fetch
      // handler below, which leaves all but page loads to the network.
      event
        .addRoutes?.([{ condition: { not: { requestMode: 'navigate' } }, source: 'network' }])
        .catch(() => undefined),
    ]),
  );
});

worker.addEventListener('activate', (event) => {
  // The page load's request leaves while the worker starts, instead of after.
  event.waitUntil(worker.registration.navigationPreload?.enable() ?? Promise.resolve());
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || !url.pathname.startsWith(SERVICE_WORKER_SCOPE)) return;
  event.respondWith(answerPageLoad(event, pageKey(url)));
});

/** One copy per path: a query (?page=2, ?filter=…) does not change the page's HTML. */
const pageKey = (url: URL) => `${url.origin}${url.pathname.replace(/\/+$/, '') || '/'}`;

/** Only a whole, direct answer of our own server is kept (no error page, no redirect). */
const isKeepable = (response: Response) =>
  response.ok &&
  !response.redirected &&
  response.type === 'basic' &&
  (response.headers.get('Content-Type') ?? '').startsWith('text/html');

async function answerPageLoad(event: FetchEvent, key: string): Promise<Response> {
  const cache = await caches.open(PAGE_CACHE);
  const kept = await cache.match(key);
  const fromServer = event.preloadResponse
    .then((preloaded) => preloaded ?? fetch(event.request))
    .then(async (response) => {
      if (isKeepable(response)) await keep(cache, key, response.clone());
      return response;
    });
  if (!kept) return fromServer;
  const keptText = kept.clone().text();
  event.waitUntil(
    fromServer
      .then(async (response) => {
        if (!isKeepable(response)) return;
        if ((await response.text()) !== (await keptText)) await tellPage(event.resultingClientId);
      })
      // Offline, or the server is down: the kept page stands, and the page says it is offline.
      .catch(() => undefined),
  );
  return kept;
}

/** Keeps the page's copy, and forgets the pages opened longest ago (a put moves a key to the end). */
async function keep(cache: Cache, key: string, response: Response) {
  await cache.put(key, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, -KEPT_PAGES).map((old) => cache.delete(old)));
}

/** The page exists once its answer was given; its scripts may still be loading, so tell it once it listens. */
async function tellPage(clientId: string) {
  const client = await worker.clients.get(clientId);
  client?.postMessage({ type: NEW_VERSION_MESSAGE });
}
