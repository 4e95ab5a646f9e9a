/**
 * Where the demo's PGlite keeps its data directory: IndexedDB, as one packed image of the whole
 * directory plus a log of the flushes since. It is a storage backend for PGlite's MEMFS frontend
 * (`@electric-sql/pglite/memfs-frontend`), which keeps the files in memory and hands a flush only
 * the bytes it changed. Opening reads two records (IDBFS read one per file, 1,307 of them) and a
 * flush stores the changed bytes (IDBFS stored each changed file whole: the 16 MB WAL segment for
 * one insert). docs/demo.md has the figures.
 */
import type { ChangeSet, StorageBackend, StorageEntry } from '@electric-sql/pglite/memfs-frontend';
import { DataDirImage, logged, type LoggedChanges, type PackedImage } from './dataDirImage';

const IMAGE = 'image';
const LOG = 'log';

/**
 * The image, and the last logged flush it holds (the log keeps only later ones). Its bytes are a
 * Blob: a read hands the worker a handle, and the browser reads the file off its thread (an
 * ArrayBuffer of 31 MB was copied out of IndexedDB's value on the worker's thread, in the request's
 * success event). An earlier build stored an ArrayBuffer: still read.
 */
interface StoredImage {
  image: Omit<PackedImage, 'bytes'> & { bytes: Blob | ArrayBuffer };
  upTo: number;
}

const toStore = (image: PackedImage, upTo: number): StoredImage => ({
  image: { ...image, bytes: new Blob([image.bytes]) },
  upTo,
});

async function fromStore({ image }: StoredImage): Promise<PackedImage> {
  return { ...image, bytes: image.bytes instanceof Blob ? await image.bytes.arrayBuffer() : image.bytes };
}

/** Past this much logged data, opening writes a new image and drops the log it holds. */
const COMPACT_AFTER_BYTES = 8 * 1024 * 1024;
const COMPACT_AFTER_FLUSHES = 500;

function requested<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('The demo data did not answer'));
  });
}

function completed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('The demo data was not stored'));
    tx.onabort = () => reject(tx.error ?? new Error('The demo data was not stored'));
  });
}

function openStore(name: string): Promise<IDBDatabase> {
  const request = indexedDB.open(name, 1);
  request.onupgradeneeded = () => {
    request.result.createObjectStore(IMAGE);
    request.result.createObjectStore(LOG, { autoIncrement: true });
  };
  return requested(request);
}

const loggedBytes = (changes: LoggedChanges) =>
  changes.files.reduce((sum, file) => sum + file.chunks.reduce((n, chunk) => n + chunk.data.length, 0), 0);

export class PackedStore implements StorageBackend {
  #db?: IDBDatabase;
  /** Nothing was stored when this opened: the first flush holds the whole directory (a seed or an import). */
  #empty = false;

  constructor(
    readonly name: string,
    private readonly compactAfter = { bytes: COMPACT_AFTER_BYTES, flushes: COMPACT_AFTER_FLUSHES },
  ) {}

  /** The stored image and log, read from init on: PGlite fetches and compiles its wasm meanwhile. */
  #stored?: Promise<[{ image: PackedImage; upTo: number } | undefined, number[], LoggedChanges[]]>;

  async init() {
    this.#db = await openStore(this.name);
    const tx = this.#db.transaction([IMAGE, LOG], 'readonly');
    this.#stored = Promise.all([
      requested(tx.objectStore(IMAGE).get(IMAGE) as IDBRequest<StoredImage | undefined>).then(
        async (stored) => stored && { upTo: stored.upTo, image: await fromStore(stored) },
      ),
      requested(tx.objectStore(LOG).getAllKeys() as IDBRequest<number[]>),
      requested(tx.objectStore(LOG).getAll() as IDBRequest<LoggedChanges[]>),
    ]);
    // Awaited by load(); a failure here is load's to report.
    this.#stored.catch(() => undefined);
  }

  private get db(): IDBDatabase {
    if (!this.#db) throw new Error('The demo data store is not open');
    return this.#db;
  }

  async *load(): AsyncGenerator<StorageEntry> {
    if (!this.#stored) throw new Error('The demo data store is not open');
    const [stored, keys, flushes] = await this.#stored;
    this.#empty = !stored && keys.length === 0;
    const image = stored ? DataDirImage.unpack(stored.image) : new DataDirImage();
    let bytes = 0;
    keys.forEach((key, i) => {
      if (stored && key <= stored.upTo) return;
      image.apply(flushes[i]);
      bytes += loggedBytes(flushes[i]);
    });
    if (keys.length > 0 && (bytes > this.compactAfter.bytes || keys.length > this.compactAfter.flushes)) {
      // Packed now, before PGlite owns (and changes) the files; stored while PGlite starts.
      void this.compact(toStore(image.pack(), keys[keys.length - 1]));
    }
    yield* image.entries();
  }

  /** One image for the log up to upTo, in one transaction: a reader sees the old pair or the new. */
  private async compact(stored: StoredImage) {
    const tx = this.db.transaction([IMAGE, LOG], 'readwrite');
    tx.objectStore(IMAGE).put(stored, IMAGE);
    tx.objectStore(LOG).delete(IDBKeyRange.upperBound(stored.upTo));
    await completed(tx).catch((error: unknown) => console.warn('The demo data was not compacted', error));
  }

  async apply(changes: ChangeSet, { relaxedDurability }: { relaxedDurability: boolean }) {
    const durability = relaxedDurability ? 'relaxed' : 'default';
    const flush = logged(changes);
    if (this.#empty) {
      // A store's first flush is the whole directory: stored as the image, not replayed each open.
      const image = new DataDirImage();
      image.apply(flush);
      const tx = this.db.transaction([IMAGE], 'readwrite', { durability });
      tx.objectStore(IMAGE).put(toStore(image.pack(), 0), IMAGE);
      await completed(tx);
      this.#empty = false;
      return;
    }
    const tx = this.db.transaction([LOG], 'readwrite', { durability });
    tx.objectStore(LOG).add(flush);
    await completed(tx);
  }

  async close() {
    this.#db?.close();
    this.#db = undefined;
  }
}

/** Whether the store holds a data directory (a first visit finds none and loads the seed). */
export async function storeHoldsData(name: string): Promise<boolean> {
  const db = await openStore(name);
  try {
    return (await requested(db.transaction([IMAGE], 'readonly').objectStore(IMAGE).count())) > 0;
  } finally {
    db.close();
  }
}

/**
 * Deletes the store (its PGlite closed first). With another demo tab's PGlite still open on it, the
 * delete waits until that tab closes it.
 */
export function deleteStore(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('The demo data could not be deleted'));
    request.onblocked = () => resolve();
  });
}
