import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.gz': 'application/gzip',
  '.wasm': 'application/wasm',
  '.data': 'application/octet-stream',
};

/**
 * A plain static file server, as any host is: a path is a file or a folder's index.html, or 404.
 * Every request's path is kept, so a test can tell that only files were asked for. The files are
 * served below `folder` (e.g. /labellens, as GitHub Pages serves a project); anything else is 404.
 * Like every static host (`npx serve`, GitHub Pages, Python's http.server) it sends a file's
 * validators and answers a request that still holds the file 304, so a reload revalidates the
 * browser's copy instead of downloading PGlite's 16 MB again (and V8 can reuse its compiled wasm).
 */
export function staticServer(root: string, folder = ''): { server: Server; requests: string[] } {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    if (pathname !== folder && !pathname.startsWith(`${folder}/`)) return void res.writeHead(404).end();
    let file = path.join(root, path.normalize(pathname.slice(folder.length) || '/'));
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    let stat;
    try {
      if (statSync(file).isDirectory()) file = path.join(file, 'index.html');
      stat = statSync(file);
    } catch {
      return void res.writeHead(404).end();
    }
    const validators = {
      ETag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      'Last-Modified': stat.mtime.toUTCString(),
    };
    if (req.headers['if-none-match'] === validators.ETag) return void res.writeHead(304, validators).end();
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', ...validators });
    createReadStream(file).pipe(res);
  });
  return { server, requests };
}
