/* global importScripts, activeClientIds */
/**
 * The demo's service worker (copied to the build's base by vite.demo.config.ts): MSW's worker, which
 * hands each request of a page to that page's stand-in (demo/standIn.ts), and one rule more. MSW lets
 * a request through to the network when its page cannot answer it (the page is closing or has not
 * started its stand-in yet); a static host has no Supabase API, so such a request is refused here
 * instead of reaching the host.
 */
const SUPABASE_API = /^\/(rest|auth|storage|functions|realtime)\/v1\//;

const isSupabaseApi = (url) => {
  const { origin, pathname } = new URL(url, self.location.href);
  return origin === self.location.origin && SUPABASE_API.test(pathname);
};

const refused = () =>
  new Response(JSON.stringify({ message: 'The demo page that asked is no longer running.' }), {
    status: 503,
    headers: { 'Content-Type': 'application/json' },
  });

// Before MSW's listener, which would hand every request to its page and wait for the page's answer.
self.addEventListener('fetch', (event) => {
  if (!isSupabaseApi(event.request.url)) {
    // The stand-in answers only the Supabase APIs: the demo's files (PGlite's 16 MB among them) and
    // pictures from elsewhere go to the network and the HTTP cache directly, not through a page
    // whose main thread is busy rendering.
    event.stopImmediatePropagation();
    return;
  }
  // A request of a page MSW does not serve (activeClientIds is MSW's own, a script-scope binding of
  // mockServiceWorker.js, shared with this script).
  if (activeClientIds.has(event.clientId)) return;
  event.stopImmediatePropagation();
  event.respondWith(refused());
});

// MSW's passthrough (a request its page's handlers did not answer) fetches from here.
const networkFetch = self.fetch.bind(self);
self.fetch = (input, init) =>
  isSupabaseApi(input instanceof Request ? input.url : String(input))
    ? Promise.resolve(refused())
    : networkFetch(input, init);

importScripts('./mockServiceWorker.js');
