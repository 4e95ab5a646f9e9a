/**
 * The built product's files as `npm start` serves them (routing contract in docs/architecture.md):
 * a prerendered page or asset when one matches, the admin SPA's page for anything else under
 * /admin, else 404.html with status 404. Nothing outside the dist folder is ever read.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { acceptedEncodings } from '../mocks/supabase/gatewayCompression';
import { HASHED_ASSET_CACHE } from './securityHeaders';

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

/** The Content-Type of a file by its extension. */
export const contentTypeOf = (file: string) =>
  CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';

/** Whether a file is text worth compressing (fonts and images are compressed already). */
export const isCompressible = (file: string) => COMPRESSIBLE.has(path.extname(file));

/**
 * The compressed copies `npm run build` writes beside each compressible file (scripts/precompress.ts),
 * in the order the server prefers them: Brotli is about a fifth smaller than gzip on our JavaScript.
 */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

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
    // A file, else a page of its own (the signed-out pages'), else the admin app's page.
    const asset = path.join(root, clean);
    const page = path.join(root, clean, 'index.html');
    const file = [asset, page].find(isServable) ?? path.join(root, 'admin/index.html');
    return { status: 200, file };
  }
  const direct = path.join(root, clean);
  if (clean !== '/' && isServable(direct)) return { status: 200, file: direct };
  const index = path.join(root, clean, 'index.html');
  if (isServable(index)) return { status: 200, file: index };
  return { status: 404, file: path.join(root, '404.html') };
}

/**
 * A request handler serving dist with the answers above and these headers on every answer (the
 * security headers); hashed assets are cached for a year. A compressible file goes out as its
 * precompressed copy in the best coding the request accepts (Brotli, else gzip), else as it is.
 */
export function staticFileHandler(dist: string, headers: Record<string, string>) {
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
    res.statusCode = status;
    res.setHeader('Content-Type', contentTypeOf(file));
    res.setHeader(
      'Cache-Control',
      file.includes(`${path.sep}assets${path.sep}`) ? HASHED_ASSET_CACHE : 'no-cache',
    );
    let sent = file;
    if (isCompressible(file)) {
      // Caches keep one copy per coding, whichever was sent.
      res.setHeader('Vary', 'Accept-Encoding');
      const accepts = acceptedEncodings(req.headers['accept-encoding']);
      const copy = PRECOMPRESSED.find(
        ({ encoding, suffix }) => accepts(encoding) && existsSync(file + suffix),
      );
      if (copy) {
        sent = file + copy.suffix;
        res.setHeader('Content-Encoding', copy.encoding);
      }
    }
    res.setHeader('Content-Length', statSync(sent).size);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(sent).pipe(res);
  };
}
