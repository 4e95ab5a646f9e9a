/**
 * The built product's files as `npm start` serves them (routing contract in docs/architecture.md):
 * a prerendered page or asset when one matches, the admin SPA's page for anything under /admin,
 * else 404.html with status 404. Nothing outside the dist folder is ever read.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

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

export type StaticAnswer = { status: 200 | 404; file: string } | { status: 400 };

/** Which file answers a request target, and with which status. */
export function resolveStatic(dist: string, requestTarget: string): StaticAnswer {
  const root = path.resolve(dist);
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestTarget.split('?')[0]);
  } catch {
    return { status: 400 }; // a malformed percent escape such as %FF names no file
  }
  if (decoded.includes('\0')) return { status: 400 };
  const clean = decoded.replace(/\/+$/, '') || '/';
  // With the separator, so that a sibling such as dist-x/ is not "inside" dist/.
  const isServable = (file: string) =>
    file.startsWith(root + path.sep) && existsSync(file) && statSync(file).isFile();

  if (clean === '/admin' || clean.startsWith('/admin/')) {
    const asset = path.join(root, clean);
    return { status: 200, file: isServable(asset) ? asset : path.join(root, 'admin/index.html') };
  }
  const direct = path.join(root, clean);
  if (clean !== '/' && isServable(direct)) return { status: 200, file: direct };
  const index = path.join(root, clean, 'index.html');
  if (isServable(index)) return { status: 200, file: index };
  return { status: 404, file: path.join(root, '404.html') };
}

/**
 * A request handler serving dist with the answers above and these headers on every answer (the
 * security headers); hashed assets are cached for a year.
 */
export function staticFileHandler(dist: string, headers: Record<string, string>) {
  const gzipCache = new Map<string, Buffer>();
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const answer = resolveStatic(dist, req.url ?? '/');
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (answer.status === 400) {
      res.statusCode = 400;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Bad Request');
      return;
    }
    const { file, status } = answer;
    const ext = path.extname(file);
    res.statusCode = status;
    res.setHeader('Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
    res.setHeader(
      'Cache-Control',
      file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      let body = gzipCache.get(file);
      if (!body) gzipCache.set(file, (body = gzipSync(await readFile(file))));
      res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Vary', 'Accept-Encoding');
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  };
}
