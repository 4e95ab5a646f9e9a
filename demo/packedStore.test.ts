/**
 * The demo's store (packedStore.ts) under a real PGlite, on fake-indexeddb's IndexedDB: what a
 * flush stored is what the next open finds, also when the tab that wrote it never closed PGlite
 * (a reload kills the leader's worker).
 */
import { PGlite } from '@electric-sql/pglite';
import { MemfsFrontendFS } from '@electric-sql/pglite/memfs-frontend';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { newClusterDump } from '../mocks/supabase/testing/snapshot';
import { PackedStore, storeHoldsData } from './packedStore';

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
});
afterEach(() => vi.unstubAllGlobals());

/** What the store holds: its image's last logged flush and the keys of the flushes logged after it. */
async function stored(name: string): Promise<{ upTo: number | undefined; log: IDBValidKey[] }> {
  const db = await new Promise<IDBDatabase>((resolve) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
  });
  const tx = db.transaction(['image', 'log']);
  const read = <T>(request: IDBRequest<T>) =>
    new Promise<T>((resolve) => (request.onsuccess = () => resolve(request.result)));
  const [image, log] = await Promise.all([
    read(tx.objectStore('image').get('image') as IDBRequest<{ upTo: number } | undefined>),
    read(tx.objectStore('log').getAllKeys()),
  ]);
  db.close();
  return { upTo: image?.upTo, log };
}

/** Replaces the stored image's bytes (a Blob) with an ArrayBuffer, as earlier builds stored them. */
async function storeBytesAsArrayBuffer(name: string) {
  const db = await new Promise<IDBDatabase>((resolve) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
  });
  const record = await new Promise<{ image: { bytes: Blob } }>((resolve) => {
    const request = db.transaction(['image']).objectStore('image').get('image');
    request.onsuccess = () => resolve(request.result as { image: { bytes: Blob } });
  });
  expect(record.image.bytes).toBeInstanceOf(Blob);
  const earlier = { ...record, image: { ...record.image, bytes: await record.image.bytes.arrayBuffer() } };
  await new Promise((resolve) => {
    const tx = db.transaction(['image'], 'readwrite');
    tx.objectStore('image').put(earlier, 'image');
    tx.oncomplete = resolve;
  });
  db.close();
}

/** A new cluster's data directory (initdb costs seconds): each test's first open loads it, as the demo's seed. */
let seed: Blob;
beforeAll(async () => {
  seed = new Blob([new Uint8Array(await newClusterDump())]);
});

const open = async (store: PackedStore) =>
  PGlite.create({
    fs: new MemfsFrontendFS(store),
    loadDataDir: (await storeHoldsData(store.name)) ? undefined : seed,
  });

/** Stores what the data directory holds now, as a demo write request does (flushPglite). */
const flush = (db: PGlite) => db.fs!.syncToFs(false);

const rows = async (db: PGlite) =>
  (await db.query<{ id: number; note: string }>('select id, note from notes order by id')).rows;

describe('PackedStore', () => {
  it('stores a new directory whole as its image, then each flush as a log entry', async () => {
    expect(await storeHoldsData('first')).toBe(false);
    const db = await open(new PackedStore('first'));
    expect(await storeHoldsData('first')).toBe(true);
    expect((await stored('first')).upTo).toBe(0);
    const logged = (await stored('first')).log.length;

    await db.exec(`create table notes (id int primary key, note text); insert into notes values (1, 'kept')`);
    await flush(db);
    const { upTo, log } = await stored('first');
    expect(upTo).toBe(0);
    expect(log.length).toBeGreaterThan(logged);
    await db.close();
  });

  it('opens with every flushed row after a writer that never closed', async () => {
    const writer = await open(new PackedStore('killed'));
    await writer.exec(`create table notes (id int primary key, note text)`);
    await writer.exec(`insert into notes values (1, 'one'), (2, 'two')`);
    await flush(writer);
    // Not closed: a reload kills the leader's worker.
    const reader = await open(new PackedStore('killed'));
    expect(await rows(reader)).toEqual([
      { id: 1, note: 'one' },
      { id: 2, note: 'two' },
    ]);
    await reader.close();
  });

  it('opens an image stored by an earlier build, its bytes an ArrayBuffer', async () => {
    const writer = await open(new PackedStore('earlier'));
    await writer.exec(
      `create table notes (id int primary key, note text); insert into notes values (1, 'one')`,
    );
    await flush(writer);
    await writer.close();
    await storeBytesAsArrayBuffer('earlier');

    const reader = await open(new PackedStore('earlier'));
    expect(await rows(reader)).toEqual([{ id: 1, note: 'one' }]);
    await reader.close();
  });

  it('packs a long log into the image on open, keeping the writes made after it', async () => {
    const compactAlways = { bytes: 0, flushes: 0 };
    const first = await open(new PackedStore('compacted', compactAlways));
    await first.exec(
      `create table notes (id int primary key, note text); insert into notes values (1, 'before')`,
    );
    await flush(first);
    await first.close();
    const logged = (await stored('compacted')).log;

    const second = await open(new PackedStore('compacted', compactAlways));
    await second.exec(`insert into notes values (2, 'after')`);
    await flush(second);
    const after = await stored('compacted');
    // The image holds every flush logged before this open; only this open's own are in the log.
    expect(after.upTo).toBe(logged[logged.length - 1]);
    expect(after.log.every((key) => Number(key) > Number(after.upTo))).toBe(true);
    expect(after.log.length).toBeGreaterThan(0);

    const third = await open(new PackedStore('compacted'));
    expect(await rows(third)).toEqual([
      { id: 1, note: 'before' },
      { id: 2, note: 'after' },
    ]);
    await Promise.all([second.close(), third.close()]);
  });
});
