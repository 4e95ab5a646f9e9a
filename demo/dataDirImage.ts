/**
 * A PGlite data directory held as plain values: its folders and its files' bytes. The demo's store
 * (demo/packedStore.ts) keeps one packed image of it and replays the flushes logged since onto it.
 * Bytes a file ends with that are all zero are not kept (a WAL segment is 16 MB, mostly zeros
 * until written): a file's size says how long it is.
 */
import type { ChangeSet, StorageEntry } from '@electric-sql/pglite/memfs-frontend';

/** The whole directory in one buffer: each file's bytes up to its last non-zero byte, in turn. */
export interface PackedImage {
  dirs: string[];
  files: { path: string; size: number; offset: number; length: number }[];
  bytes: ArrayBuffer;
}

/** A flush as the store logs it: PGlite's ChangeSet with each chunk's zero tail left out. */
export interface LoggedChanges {
  ops: ChangeSet['ops'];
  files: {
    path: string;
    size: number;
    full: boolean;
    chunks: { at: number; data: Uint8Array; length: number }[];
  }[];
}

/** How many of the bytes are kept: up to the last one that is not zero. */
export function keptLength(bytes: Uint8Array): number {
  let end = bytes.length;
  // Four bytes at a time where the view allows it: a 16 MB zero tail is common.
  if (bytes.byteOffset % 4 === 0) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, end >> 2);
    while (end > words.length * 4 && bytes[end - 1] === 0) end -= 1;
    if (end === words.length * 4) {
      let word = words.length;
      while (word > 0 && words[word - 1] === 0) word -= 1;
      end = word * 4;
    }
  }
  while (end > 0 && bytes[end - 1] === 0) end -= 1;
  return end;
}

/** A flush for the log: the chunks copied without their zero tails (a view would store its whole buffer). */
export function logged(changes: ChangeSet): LoggedChanges {
  const { wal, data, control } = changes.files;
  return {
    ops: changes.ops,
    // WAL first and pg_control last, as PGlite orders a flush.
    files: [...wal, ...data, ...control].map((file) => ({
      path: file.path,
      size: file.size,
      full: file.full,
      chunks: file.chunks.map((chunk) => ({
        at: chunk.at,
        data: chunk.data.slice(0, keptLength(chunk.data)),
        length: chunk.data.length,
      })),
    })),
  };
}

/**
 * A zero tail shorter than this is packed with its file, so that unpack hands PGlite a view of the
 * image rather than a copy: 1,035 of the seed's 1,274 files end in a few zero bytes (a page's
 * padding), and copying them all was 60 MB on every open. A WAL segment's megabytes of zeros are
 * still left out.
 */
export const SHORTEST_DROPPED_TAIL = 64 * 1024;

export class DataDirImage {
  readonly dirs = new Set<string>();
  readonly files = new Map<string, Uint8Array>();

  static unpack(image: PackedImage): DataDirImage {
    const result = new DataDirImage();
    for (const dir of image.dirs) result.dirs.add(dir);
    for (const file of image.files) {
      const kept = new Uint8Array(image.bytes, file.offset, file.length);
      if (file.length === file.size) {
        result.files.set(file.path, kept); // a view: the buffer is this image's own
      } else {
        const bytes = new Uint8Array(file.size);
        bytes.set(kept);
        result.files.set(file.path, bytes);
      }
    }
    return result;
  }

  /** Applies one flush: its folder changes in order, then its file writes. */
  apply(changes: LoggedChanges): void {
    for (const op of changes.ops) {
      if (op.op === 'mkdir') this.dirs.add(op.path);
      else this.remove(op.path);
    }
    for (const file of changes.files) {
      const current = this.files.get(file.path);
      let bytes = current;
      if (!bytes || file.full || bytes.length !== file.size) {
        bytes = new Uint8Array(file.size);
        if (current && !file.full) bytes.set(current.subarray(0, Math.min(current.length, file.size)));
      }
      for (const chunk of file.chunks) {
        bytes.set(chunk.data, chunk.at);
        bytes.fill(0, chunk.at + chunk.data.length, chunk.at + chunk.length);
      }
      this.files.set(file.path, bytes);
    }
  }

  /** A removal is recursive, and removing what is not there is no error (as PGlite's ChangeSet says). */
  private remove(path: string) {
    const below = `${path}/`;
    this.dirs.delete(path);
    this.files.delete(path);
    for (const dir of this.dirs) if (dir.startsWith(below)) this.dirs.delete(dir);
    for (const file of this.files.keys()) if (file.startsWith(below)) this.files.delete(file);
  }

  pack(shortestDroppedTail = SHORTEST_DROPPED_TAIL): PackedImage {
    const files: PackedImage['files'] = [];
    let offset = 0;
    for (const [path, bytes] of this.files) {
      const kept = keptLength(bytes);
      const length = bytes.length - kept < shortestDroppedTail ? bytes.length : kept;
      files.push({ path, size: bytes.length, offset, length });
      offset += length;
    }
    const packed = new Uint8Array(offset);
    for (const file of files) packed.set(this.files.get(file.path)!.subarray(0, file.length), file.offset);
    return { dirs: [...this.dirs], files, bytes: packed.buffer };
  }

  /** Every folder before the files, each folder after its parent (a path sorts after its prefix). */
  *entries(): Generator<StorageEntry> {
    for (const path of [...this.dirs].sort()) yield { kind: 'dir', path };
    for (const [path, data] of this.files) yield { kind: 'file', path, data };
  }
}
