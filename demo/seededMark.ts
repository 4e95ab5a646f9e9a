/**
 * Whether this browser's IndexedDB holds the whole seeded data directory: a mark in a small
 * IndexedDB database of its own, so the worker that opens PGlite (no localStorage in a worker) can
 * read it, whichever tab's worker is the leader.
 */
const MARKS_DB = 'labellens-demo-marks';
const STORE = 'marks';
/** One mark per data directory (memfs2opfs:// or idb://: demo/dataDir.ts), so a browser that gains OPFS seeds it anew. */
const seededKey = (dataDir: string) => `seeded ${dataDir}`;

function openMarks(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(MARKS_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('The demo marks did not open'));
  });
}

async function inStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await openMarks();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = run(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result as T);
      tx.onerror = () => reject(tx.error ?? new Error('The demo marks did not answer'));
    });
  } finally {
    db.close();
  }
}

export const isSeeded = async (dataDir: string) =>
  (await inStore<unknown>('readonly', (s) => s.get(seededKey(dataDir)))) === true;
export const markSeeded = (dataDir: string) =>
  inStore<void>('readwrite', (s) => s.put(true, seededKey(dataDir)));
export const forgetSeeded = (dataDir: string) =>
  inStore<void>('readwrite', (s) => s.delete(seededKey(dataDir)));
