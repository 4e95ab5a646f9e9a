/**
 * Builds the admin's service worker (src/serviceWorker/sw.ts) into dist/admin/sw.js: one file, no
 * imports, at a fixed address (a worker's address must not change between deploys, and a worker
 * cannot use the admin's import map). Run by `npm run build` after the admin's bundle.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { SERVICE_WORKER_URL } from '../src/serviceWorker/protocol';

const outfile = path.join('dist', SERVICE_WORKER_URL);
const result = await build({
  entryPoints: ['src/serviceWorker/sw.ts'],
  outfile,
  bundle: true,
  format: 'iife',
  minify: true,
  target: 'es2022',
  metafile: true,
  logLevel: 'warning',
});
console.log(`service worker ${outfile} (${(result.metafile.outputs[outfile].bytes / 1000).toFixed(1)} KB)`);
