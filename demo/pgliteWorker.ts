/**
 * The demo's PGlite, in a Web Worker shared by the demo's tabs: PGlite's own worker
 * (`@electric-sql/pglite/worker`) elects one tab's worker as the leader, which opens the data
 * directory (demo/dataDir.ts); the other tabs' PGliteWorker send their queries to it, and its NOTIFYs
 * reach every tab (so Realtime's change capture sees another tab's writes). demo/standIn.ts starts it.
 */
import type { PGlite } from '@electric-sql/pglite';
import { worker } from '@electric-sql/pglite/worker';
import { flushPglite } from '../mocks/supabase/db/openPglite';
import { createPglite } from '../mocks/supabase/db/pglite';
import { DEMO_FLUSH_CHANNEL } from './paths';
import { DEMO_STORE, deleteEarlierStores, demoFs } from './dataDir';
import { workerMark } from './marks';
import { storeHoldsData } from './packedStore';
import { packError, PROTOCOL_METHODS } from './workerErrors';

/** What the page sends in PGliteWorker's `meta`. */
export interface DemoWorkerMeta {
  /** The prebuilt seeded data directory (`npm run demo:data`), gzip. */
  seedUrl: string;
}

/**
 * PostgreSQL zeroes its shared buffers on every start, a reload's included: the data folder's
 * 128MB took about 75 ms of the worker's start. Its files are in memory already, so a buffer miss
 * is a copy, not a disk read.
 */
const DEMO_SHARED_BUFFERS = '16MB';

async function seedDump(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`The demo's data did not load (${response.status})`);
  // Gzip, not Brotli: every browser decompresses it (DecompressionStream), whatever the host sends.
  return new Response(response.body.pipeThrough(new DecompressionStream('gzip'))).blob();
}

/**
 * A tab's flush (demo/standIn.ts, after a write): the leader stores the data directory and answers
 * on the same channel. Not through PGlite's syncToFs, which a tab also calls after every query and
 * which returns at once while another sync is queued, before the data is stored (flushPglite).
 */
function answerFlushes(db: PGlite) {
  const channel = new BroadcastChannel(DEMO_FLUSH_CHANNEL);
  let queue = Promise.resolve();
  channel.onmessage = ({ data }: MessageEvent<{ flush?: string }>) => {
    const id = data.flush;
    if (!id) return;
    queue = queue
      .then(() => flushPglite(db))
      .catch((error: unknown) => console.error('The demo data was not stored', error))
      .then(() => channel.postMessage({ flushed: id }));
  };
}

void worker({
  async init(options) {
    const { seedUrl } = options.meta as DemoWorkerMeta;
    // Read here, by the leader, not by the page: a tab opened before the first visit's seeding
    // finished may become the leader later, and must not load the seed over the data.
    workerMark('init');
    const seeded = await storeHoldsData(DEMO_STORE);
    workerMark('seeded-read');
    const db = await createPglite({
      fs: demoFs(),
      loadDataDir: seeded ? undefined : await seedDump(seedUrl),
      // A tab's query ends with a sync: it need not wait for the store. A write request waits for
      // its own flush (answerFlushes), which stores everything written so far.
      relaxedDurability: true,
      sharedBuffers: DEMO_SHARED_BUFFERS,
    });
    workerMark('pglite-open');
    if (!seeded) {
      // Stored before any tab is answered: another page of the demo (the admin after the site)
      // opens what is stored. The store's first flush holds the whole directory (packedStore.ts).
      await flushPglite(db);
    }
    void deleteEarlierStores();
    answerFlushes(db);
    return new Proxy(db, {
      get(target, key) {
        if ((PROTOCOL_METHODS as readonly PropertyKey[]).includes(key)) {
          const method = Reflect.get(target, key, target) as (...a: unknown[]) => Promise<unknown>;
          // PGlite's worker passes a tab's protocol message without its options, so PGlite would
          // store the data directory after each message (a query is five): a tab's query() asks
          // for that once at its end (syncToFs), and a write request asks for a flush.
          return (message: unknown, options?: object) =>
            method
              .call(target, message, { ...options, syncToFs: false })
              .catch((e: unknown) => Promise.reject(packError(e)));
        }
        const value: unknown = Reflect.get(target, key, target);
        // PGlite's methods use private fields: call them on PGlite itself, not on the proxy.
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    }) satisfies PGlite;
  },
});
