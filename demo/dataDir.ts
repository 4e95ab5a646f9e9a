/**
 * The demo's data directory: PGlite's files in memory (PGlite's MEMFS frontend), stored in one
 * IndexedDB database of this origin as a packed image and a log of flushes (demo/packedStore.ts).
 * The leader tab's worker opens it; the page deletes it on Reset and Import.
 */
import { MemfsFrontendFS } from '@electric-sql/pglite/memfs-frontend';
import { deleteStore, PackedStore } from './packedStore';

export const DEMO_STORE = 'labellens-demo-data';

/**
 * Where earlier builds of the demo kept it (IDBFS's database, its seeded mark): deleted with the
 * data, and once by the leader, so a returning tester's browser does not keep 47 MB for nothing.
 */
const EARLIER_STORES = ['/pglite/labellens-demo', 'labellens-demo-marks'];

export const demoFs = () => new MemfsFrontendFS(new PackedStore(DEMO_STORE));

export const deleteEarlierStores = () => Promise.all(EARLIER_STORES.map(deleteStore));

/** Deletes the stored data directory (the caller has closed this tab's PGlite first). */
export async function deleteDemoDataDir(): Promise<void> {
  await Promise.all([deleteStore(DEMO_STORE), deleteEarlierStores()]);
}
