/**
 * The last step of `npm run build`: writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every
 * compressible file of dist/, at their highest levels, so that `npm start` (scripts/staticFiles.ts)
 * sends them without compressing per request, and a host that serves precompressed files can too.
 * A copy that would not be smaller than its file is not written.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isCompressible, PRECOMPRESSED } from './staticFiles';

const DIST = 'dist';

const COMPRESS: Record<(typeof PRECOMPRESSED)[number]['encoding'], (data: Buffer) => Buffer> = {
  br: (data) =>
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data) => gzipSync(data, { level: constants.Z_BEST_COMPRESSION }),
};

const files = readdirSync(DIST, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && isCompressible(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));
const totals = { raw: 0, br: 0, gzip: 0 };
for (const file of files) {
  const data = readFileSync(file);
  totals.raw += data.length;
  for (const { encoding, suffix } of PRECOMPRESSED) {
    const compressed = COMPRESS[encoding](data);
    const smaller = compressed.length < data.length;
    if (smaller) writeFileSync(file + suffix, compressed);
    totals[encoding] += smaller ? compressed.length : data.length;
  }
}
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
console.log(
  `precompressed ${files.length} files of dist/: ${kb(totals.raw)} raw, ${kb(totals.br)} Brotli, ${kb(totals.gzip)} gzip`,
);
