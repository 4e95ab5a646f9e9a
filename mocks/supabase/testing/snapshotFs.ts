import { MemoryFS } from '@electric-sql/pglite';

/**
 * The test snapshot's data directory, read once per test worker, and a PGlite file system that
 * starts from it. PGlite's own `loadDataDir` re-parses the 45 MB tarball at every opening (a header
 * check and checksum per file, a copy of each file, several path look-ups per file for its folders):
 * about 0.2 s of CPU per test database. Here the tarball is parsed once, and an opening only copies
 * each file's bytes into a new in-memory node.
 */

/** One entry of the data directory: its path below PGDATA, and a file's bytes and time. */
export interface DataDirEntry {
  path: string[];
  /** A file's contents (a view of the tarball: openings copy it); none for a folder. */
  data?: Uint8Array;
  /** A file's modification time, in ms (a folder's is its creation, as PGlite's loadTar leaves it). */
  mtime: number;
}

const BLOCK = 512;

/**
 * The entries of a PGlite data-directory dump (`dumpDataDir('none')`: a ustar archive written by
 * tinytar, one header per regular file or folder, names relative to PGDATA such as `/base/5/1255`).
 * Anything else (links, long names in the ustar prefix, a damaged header) is refused rather than
 * read differently from PGlite's loadTar.
 */
export function readDataDirTar(tar: Uint8Array): DataDirEntry[] {
  const entries: DataDirEntry[] = [];
  const ascii = (from: number, length: number) => {
    let end = from;
    while (end < from + length && tar[end] !== 0) end++;
    return String.fromCharCode(...tar.subarray(from, end));
  };
  const octal = (from: number, length: number) => parseInt(ascii(from, length).trim() || '0', 8);
  let offset = 0;
  while (offset + BLOCK <= tar.length && tar[offset] !== 0) {
    // The checksum covers the header with its own field read as spaces (POSIX ustar).
    let sum = 0;
    for (let i = offset; i < offset + BLOCK; i++) sum += i >= offset + 148 && i < offset + 156 ? 32 : tar[i];
    if (sum !== octal(offset + 148, 8)) throw new Error(`snapshot tar: bad header checksum at ${offset}`);
    if (ascii(offset + 257, 5) !== 'ustar') throw new Error(`snapshot tar: not ustar at ${offset}`);
    if (ascii(offset + 345, 131) !== '') throw new Error(`snapshot tar: a name in the prefix at ${offset}`);
    const name = ascii(offset, 100);
    const size = octal(offset + 124, 12);
    const mtime = octal(offset + 136, 12) * 1000;
    const type = String.fromCharCode(tar[offset + 156]);
    const path = name.split('/').filter(Boolean);
    offset += BLOCK;
    if (type === '5') entries.push({ path, mtime });
    else if (type === '0' || type === '\0') {
      if (offset + size > tar.length) throw new Error(`snapshot tar: ${name} runs past the end`);
      entries.push({ path, mtime, data: tar.subarray(offset, offset + size) });
    } else throw new Error(`snapshot tar: unexpected entry type ${JSON.stringify(type)} for ${name}`);
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}

/**
 * Where PGlite keeps its data directory (`PGDATA` in PGlite's src/initdb.ts, not exported);
 * `snapshotFs.test.ts` checks that the database really starts from here.
 */
export const PGLITE_DATA_DIR = '/pglite/data';

/** The part of Emscripten's in-memory file system (MEMFS) a new node is made with. */
interface MemNode {
  contents: Record<string, MemNode> | Uint8Array;
  usedBytes?: number;
  atime: number;
  mtime: number;
  ctime: number;
}
interface Memfs {
  createNode(parent: MemNode, name: string, mode: number, dev: number): MemNode;
}
interface EmscriptenFs {
  mkdirTree(path: string): void;
  lookupPath(path: string): { node: MemNode };
}

// What PGlite's loadTar leaves (src/fs/tarUtils.ts): folders made by FS.mkdir/mkdirTree with
// Emscripten's default mode 0777, files by FS.writeFile with 0666, each with the archive's time.
const DIR_MODE = 0o040777;
const FILE_MODE = 0o100666;

/**
 * PGlite's in-memory file system, with the data directory filled from `entries` before PostgreSQL
 * starts: PGlite calls `initialSyncFs` once its module is up and before it looks for PGDATA, finds
 * PG_VERSION there and starts on it (as after loadDataDir). Nodes are made directly under their
 * parent: no path is looked up, and each file gets its own copy of its bytes, so no two databases
 * ever share a buffer.
 */
export class SnapshotFs extends MemoryFS {
  constructor(private readonly entries: DataDirEntry[]) {
    super();
  }

  async initialSyncFs() {
    // MEMFS is on the module but not in PGlite's types; FS's typings lack lookupPath's node.
    const mod = this.pg!.Module as unknown as { FS: EmscriptenFs; MEMFS: Memfs };
    const { FS, MEMFS } = mod;
    FS.mkdirTree(PGLITE_DATA_DIR);
    const root = FS.lookupPath(PGLITE_DATA_DIR).node;
    const folder = (parent: MemNode, name: string) => {
      const children = parent.contents as Record<string, MemNode>;
      return Object.hasOwn(children, name) ? children[name] : MEMFS.createNode(parent, name, DIR_MODE, 0);
    };
    for (const { path, data, mtime } of this.entries) {
      if (!path.length) continue;
      let parent = root;
      for (const name of path.slice(0, -1)) parent = folder(parent, name);
      const name = path[path.length - 1];
      if (!data) {
        folder(parent, name);
        continue;
      }
      const node = MEMFS.createNode(parent, name, FILE_MODE, 0);
      node.contents = new Uint8Array(data); // a copy (Buffer's slice would be a view)
      node.usedBytes = data.length;
      node.atime = node.mtime = mtime;
    }
  }
}
