/**
 * The zero-install demo's database: the data directory of a PGlite migrated and seeded exactly as
 * `npm start` prepares one (prepareDatabase: platform stand-in, every migration, the seed files,
 * the seeded buckets), dumped with PGlite's dumpDataDir. A page loads it with loadDataDir instead
 * of migrating in the browser (docs/testing.md, "The zero-install demo").
 *
 * Writes `<out>/data/seed.tar`, its Brotli copy `seed.tar.br` and its gzip copy `seed.tar.gz` (the
 * demo page's: demo/standIn.ts).
 * Usage: tsx scripts/demoData.ts [out, default dist-demo]
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import { ensureSnapshot } from '../mocks/supabase/testing/snapshot';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

export async function writeDemoData(
  out: string,
  { brotliCopy = true }: { brotliCopy?: boolean } = {},
): Promise<{ file: string; bytes: number; brotliBytes: number | null }> {
  // The test snapshot is this very dump (same inputs, cached by their hash): built once, shared.
  const tar = await readFile(await ensureSnapshot());
  const dir = path.join(out, 'data');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'seed.tar');
  await writeFile(file, tar);
  if (!brotliCopy) return { file, bytes: tar.length, brotliBytes: null };
  const compressed = await brotli(tar, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: tar.length },
  });
  await writeFile(`${file}.br`, compressed);
  // The demo page fetches the gzip copy and decompresses it itself (DecompressionStream has no
  // Brotli), so no static host needs to be told about encodings.
  await writeFile(`${file}.gz`, await gzip(tar, { level: 9 }));
  return { file, bytes: tar.length, brotliBytes: compressed.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = path.resolve(process.argv[2] ?? 'dist-demo');
  const { file, bytes, brotliBytes } = await writeDemoData(out);
  console.log(`[demo] ${path.relative(process.cwd(), file)}: ${bytes} bytes, ${brotliBytes} with Brotli`);
}
