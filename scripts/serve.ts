/**
 * Serves the built product (dist/) and, unless a hosted Supabase project was configured at build
 * time, the local Supabase stand-in on the same origin. Used by `npm start` and the browser tests.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';
import { standInMiddleware, startStandIn } from '../mocks/supabase/node';

const DIST = path.resolve('dist');
const HOST = process.env.HOST ?? '127.0.0.1';
const PORT = Number(process.env.PORT ?? 5173);
const hosted = Boolean(process.env.VITE_SUPABASE_URL);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest']);
const gzipCache = new Map<string, Buffer>();

function isFile(file: string): boolean {
  return file.startsWith(DIST) && existsSync(file) && statSync(file).isFile();
}

/** Which file answers a path, and with which status (the routing contract in docs/architecture.md). */
function resolveStatic(urlPath: string): { file: string; status: number } {
  const clean = decodeURIComponent(urlPath.split('?')[0]).replace(/\/+$/, '') || '/';
  if (clean === '/admin' || clean.startsWith('/admin/')) {
    const asset = path.join(DIST, clean);
    return { file: isFile(asset) ? asset : path.join(DIST, 'admin/index.html'), status: 200 };
  }
  const direct = path.join(DIST, clean);
  if (clean !== '/' && isFile(direct)) return { file: direct, status: 200 };
  const index = path.join(DIST, clean, 'index.html');
  if (isFile(index)) return { file: index, status: 200 };
  return { file: path.join(DIST, '404.html'), status: 404 };
}

async function serveStatic(req: IncomingMessage, res: ServerResponse) {
  const { file, status } = resolveStatic(req.url ?? '/');
  const ext = path.extname(file);
  res.statusCode = status;
  res.setHeader('Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader(
    'Cache-Control',
    file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
  if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    let body = gzipCache.get(file);
    if (!body) gzipCache.set(file, (body = gzipSync(await readFile(file))));
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Vary', 'Accept-Encoding');
    return res.end(req.method === 'HEAD' ? undefined : body);
  }
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
}

async function main() {
  if (!existsSync(path.join(DIST, 'admin/index.html'))) {
    console.error('dist/ is missing: run `npm run build` first (npm start does both).');
    process.exit(1);
  }
  const api = hosted ? undefined : standInMiddleware(await startStandIn());
  const server = createServer((req, res) => {
    const next = () =>
      void serveStatic(req, res).catch((error) => {
        console.error(error);
        res.statusCode = 500;
        res.end();
      });
    if (api) void api(req, res, next);
    else next();
  });
  server.listen(PORT, HOST, () => {
    const url = `http://${HOST}:${PORT}`;
    console.log(`\nLabelLens is running at ${url}/  (admin: ${url}/admin/)`);
    if (!hosted) {
      console.log('Local backend: the Supabase stand-in on the same origin. Demo accounts:');
      for (const a of DEMO_ACCOUNTS)
        console.log(`  ${a.email.padEnd(30)} ${a.password.padEnd(22)} ${a.description}`);
    }
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
