import type { ChangeSet, FileWrite } from '@electric-sql/pglite/memfs-frontend';
import fc from 'fast-check';
import { DataDirImage, keptLength, logged, SHORTEST_DROPPED_TAIL } from './dataDirImage';

const bytes = (...values: number[]) => new Uint8Array(values);

/** A flush of file writes only, in PGlite's groups. */
const flushOf = (files: FileWrite[], ops: ChangeSet['ops'] = []): ChangeSet => ({
  ops,
  files: {
    wal: files.filter((f) => f.path.startsWith('/pg_wal/')),
    data: files.filter((f) => !f.path.startsWith('/pg_wal/') && f.path !== '/global/pg_control'),
    control: files.filter((f) => f.path === '/global/pg_control'),
  },
});

const write = (path: string, size: number, chunks: [number, number[]][], full = false): FileWrite => ({
  path,
  size,
  full,
  truncate: full,
  chunks: chunks.map(([at, data]) => ({ at, data: new Uint8Array(data) })),
});

describe('keptLength', () => {
  it('keeps up to the last byte that is not zero, whatever the view', () => {
    expect(keptLength(bytes(1, 2, 0, 0, 0))).toBe(2);
    expect(keptLength(new Uint8Array(16 * 1024 * 1024))).toBe(0);
    expect(keptLength(bytes(0, 0, 0, 0, 0, 7, 0, 0, 0))).toBe(6);
    expect(keptLength(bytes(9, 9, 9, 9, 0, 0, 0, 0, 5))).toBe(9);
    expect(keptLength(bytes(0, 3, 0, 0, 0, 0, 0, 0).subarray(1))).toBe(1); // not 4-byte aligned
    expect(keptLength(bytes())).toBe(0);
  });
});

describe('DataDirImage', () => {
  it('applies folders in order and file writes over what the file held', () => {
    const image = new DataDirImage();
    image.apply(
      logged(
        flushOf(
          [
            write('/base/1/2600', 8, [[0, [1, 2, 3, 4, 5, 6, 7, 8]]], true),
            write('/pg_wal/0001', 6, [[0, [9]]], true),
          ],
          [
            { op: 'mkdir', path: '/base' },
            { op: 'mkdir', path: '/base/1' },
            { op: 'mkdir', path: '/pg_wal' },
          ],
        ),
      ),
    );
    // A chunk of zeros over bytes that were not (its zero tail is not logged, yet it is written).
    image.apply(logged(flushOf([write('/base/1/2600', 8, [[2, [7, 0, 0]]])])));
    // Truncated to 3, then grown to 5 by a write past the end.
    image.apply(logged(flushOf([{ ...write('/pg_wal/0001', 3, []), truncate: true }])));
    image.apply(logged(flushOf([write('/pg_wal/0001', 5, [[4, [4]]])])));
    expect([...image.files.get('/base/1/2600')!]).toEqual([1, 2, 7, 0, 0, 6, 7, 8]);
    expect([...image.files.get('/pg_wal/0001')!]).toEqual([9, 0, 0, 0, 4]);

    image.apply(logged(flushOf([], [{ op: 'remove', path: '/base' }])));
    expect([...image.entries()].map((e) => e.path)).toEqual(['/pg_wal', '/pg_wal/0001']);
  });

  it('packs each file without its zero tail and unpacks it whole', () => {
    const image = new DataDirImage();
    image.apply(
      logged(
        flushOf(
          [write('/a', 6, [[0, [1, 0, 2, 0, 0, 0]]], true), write('/b', 4, [[0, [0, 0, 0, 0]]], true)],
          [{ op: 'mkdir', path: '/d' }],
        ),
      ),
    );
    const packed = image.pack(1);
    expect(packed.files).toEqual([
      { path: '/a', size: 6, offset: 0, length: 3 },
      { path: '/b', size: 4, offset: 3, length: 0 },
    ]);
    expect(packed.bytes.byteLength).toBe(3);
    const back = DataDirImage.unpack(structuredClone(packed));
    expect([...back.entries()].map((e) => (e.kind === 'file' ? [e.path, [...e.data]] : [e.path]))).toEqual([
      ['/d'],
      ['/a', [1, 0, 2, 0, 0, 0]],
      ['/b', [0, 0, 0, 0]],
    ]);
  });

  it('packs a short zero tail with its file, which unpacks as a view of the image', () => {
    const image = new DataDirImage();
    const segment = SHORTEST_DROPPED_TAIL + 2;
    image.apply(
      logged(
        flushOf([
          write('/base/1', 8, [[0, [1, 2, 3, 0, 0, 0, 0, 0]]], true),
          write('/pg_wal/1', segment, [[0, [7, 7]]], true),
        ]),
      ),
    );
    const packed = image.pack();
    // A flush lists the WAL first (logged()).
    expect(packed.files).toEqual([
      { path: '/pg_wal/1', size: segment, offset: 0, length: 2 },
      { path: '/base/1', size: 8, offset: 2, length: 8 },
    ]);
    const back = DataDirImage.unpack(packed);
    expect(back.files.get('/base/1')!.buffer).toBe(packed.bytes);
    expect([...back.files.get('/base/1')!]).toEqual([1, 2, 3, 0, 0, 0, 0, 0]);
    expect(back.files.get('/pg_wal/1')!.length).toBe(segment);
    expect(back.files.get('/pg_wal/1')!.subarray(0, 3)).toEqual(new Uint8Array([7, 7, 0]));
  });

  it('ends as a plain replay of the raw writes, through the log and a pack, for any writes', () => {
    const file = fc.constantFrom('/x', '/y', '/pg_wal/1');
    const aWrite = fc
      .record({
        path: file,
        size: fc.integer({ min: 0, max: 24 }),
        full: fc.boolean(),
        chunks: fc.array(
          fc.record({ at: fc.nat(20), data: fc.array(fc.constantFrom(0, 0, 1, 2), { maxLength: 8 }) }),
          { maxLength: 3 },
        ),
      })
      .map(({ path, size, full, chunks }) =>
        write(
          path,
          size,
          chunks.filter((c) => c.at + c.data.length <= size).map((c) => [c.at, c.data]),
          full,
        ),
      );
    fc.assert(
      // Any tail length from which zeros are left out: 1 leaves out every zero tail.
      fc.property(
        fc.array(fc.array(aWrite, { maxLength: 3 }), { maxLength: 6 }),
        fc.integer({ min: 1, max: 30 }),
        (flushes, shortestDroppedTail) => {
          const reference = new Map<string, number[]>();
          const image = new DataDirImage();
          for (const files of flushes) {
            const unique = [...new Map(files.map((f) => [f.path, f])).values()]; // one write per file per flush
            for (const f of unique) {
              const old = f.full ? [] : (reference.get(f.path) ?? []);
              const next = Array.from({ length: f.size }, (_, i) => old[i] ?? 0);
              for (const c of f.chunks) c.data.forEach((v, i) => (next[c.at + i] = v));
              reference.set(f.path, next);
            }
            image.apply(logged(flushOf(unique)));
          }
          const back = DataDirImage.unpack(structuredClone(image.pack(shortestDroppedTail)));
          expect(new Map([...back.files].map(([path, data]) => [path, [...data]]))).toEqual(reference);
        },
      ),
    );
  });
});
