/**
 * Where the demo's PGlite keeps its data directory: the browser's Origin Private File System
 * (PGlite's `memfs2opfs://`: the files in memory, only the changed ones written back on a flush),
 * or IndexedDB (`idb://`, Emscripten's IDBFS) where there is no OPFS. IDBFS reads every file out of
 * IndexedDB when PGlite opens and walks every file on each sync (docs/demo.md): OPFS is the fast
 * one. The page and the PGlite worker ask the same question, so both name the same store.
 */
export const DEMO_STORE = 'labellens-demo';

/** IDBFS keeps the files in this IndexedDB database (memfs2opfs in the OPFS folder DEMO_STORE). */
const IDB_DATABASE = `/pglite/${DEMO_STORE}`;

async function hasOpfs(): Promise<boolean> {
  if (typeof navigator.storage?.getDirectory !== 'function') return false;
  try {
    await navigator.storage.getDirectory(); // refused in some private windows
    return true;
  } catch {
    return false;
  }
}

/**
 * Off for now: with OPFS, two of `npm run test:demo`'s specs timed out on a loaded machine
 * (docs/demo.md, "Known problems"); not yet told apart from the load.
 */
export const DEMO_OPFS = false;

/** OPFS when wanted and the browser has it, IndexedDB otherwise. */
export async function chooseDataDir(opfs: boolean): Promise<string> {
  return opfs && (await hasOpfs()) ? `memfs2opfs://${DEMO_STORE}` : `idb://${DEMO_STORE}`;
}

export const demoDataDir = () => chooseDataDir(DEMO_OPFS);

/** Deletes the stored data directory, wherever it is (the caller has closed PGlite first). */
export async function deleteDemoDataDir(): Promise<void> {
  if (await hasOpfs()) {
    await (
      await navigator.storage.getDirectory()
    )
      .removeEntry(DEMO_STORE, { recursive: true })
      .catch((e: unknown) => {
        // None yet; or another tab's worker still holds its WAL open: removed once that tab closes.
        if (!(e instanceof DOMException && ['NotFoundError', 'NoModificationAllowedError'].includes(e.name)))
          throw e;
      });
  }
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(IDB_DATABASE);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('The demo data could not be deleted'));
    // Another tab of the demo still has it open: it is deleted once that tab closes it.
    request.onblocked = () => resolve();
  });
}
