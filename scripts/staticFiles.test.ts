import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { inlineScriptHashes, securityHeaders } from './securityHeaders';
import { resolveStatic, staticFileHandler } from './staticFiles';

/** A compressible asset with its precompressed copies. */
const APP_CODE = 'app code '.repeat(50);
let root: string;
let dist: string;
let server: Server;
let port: number;

/** Sends the request target byte for byte (no client-side normalisation of `..` or escapes). */
function get(
  target: string,
  onHeaders: (headers: Record<string, unknown>) => void = () => undefined,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, method: 'GET', headers }, (res) => {
      onHeaders(res.headers);
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'labellens-static-'));
  dist = path.join(root, 'dist');
  const files: Record<string, string> = {
    'dist/index.html': 'landing',
    'dist/contact/index.html': 'contact',
    'dist/404.html': 'not found',
    'dist/admin/index.html': 'admin spa',
    'dist/admin/login/index.html': 'admin sign-in',
    'dist/assets/site.js': 'js',
    'dist-x/secret.txt': 'sibling secret',
    'secret.txt': 'parent secret',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  // The copies `npm run build` writes beside a compressible file (scripts/precompress.ts).
  writeFileSync(path.join(dist, 'assets/app.js'), APP_CODE);
  writeFileSync(path.join(dist, 'assets/app.js.br'), brotliCompressSync(APP_CODE));
  writeFileSync(path.join(dist, 'assets/app.js.gz'), gzipSync(APP_CODE));
  const headers = securityHeaders({
    supabaseUrl: 'https://abcd.supabase.co',
    scriptHashes: inlineScriptHashes('<script>console.log(1)</script><script src="/a.js"></script>'),
  });
  server = createServer((req, res) => void staticFileHandler(dist, headers)(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('static server routing', () => {
  it.each([
    ['/', 200, 'landing'],
    ['/contact', 200, 'contact'],
    ['/contact/', 200, 'contact'],
    ['/contact?x=1', 200, 'contact'],
    ['/assets/site.js', 200, 'js'],
    ['/admin', 200, 'admin spa'],
    ['/admin/news/12/show', 200, 'admin spa'],
    // The signed-out pages have their own HTML, which does not preload the admin app (scripts/adminChunks.ts).
    ['/admin/login', 200, 'admin sign-in'],
    ['/admin/login/?next=x', 200, 'admin sign-in'],
    ['/nowhere', 404, 'not found'],
  ])('GET %s answers %i with %j', async (target, status, body) => {
    expect(await get(target)).toEqual({ status, body });
  });

  it.each(['/', '/contact', '/admin/', '/admin/login', '/nowhere', '/%FF'])(
    'sends the security headers with GET %s (issue 16 finding 5: the admin could be framed)',
    async (target) => {
      let headers: Record<string, unknown> = {};
      await get(target, (h) => (headers = h));
      expect({
        csp: headers['content-security-policy'],
        frame: headers['x-frame-options'],
        nosniff: headers['x-content-type-options'],
        referrer: headers['referrer-policy'],
        permissions: headers['permissions-policy'],
      }).toEqual({
        csp:
          "default-src 'self'; script-src 'self' 'sha256-" +
          createHash('sha256').update('console.log(1)').digest('base64') +
          "'; style-src 'self' 'unsafe-inline'; " +
          "img-src 'self' data: blob: https: http:; font-src 'self' data:; " +
          "connect-src 'self' https://abcd.supabase.co wss://abcd.supabase.co; object-src 'none'; " +
          "base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
        frame: 'DENY',
        nosniff: 'nosniff',
        referrer: 'same-origin',
        permissions: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
      });
    },
  );

  it('answers 400, not 500, to an undecodable percent escape (GET /%FF)', async () => {
    expect(await get('/%FF')).toEqual({ status: 400, body: 'Bad Request' });
    expect(await get('/admin/%E0%A4')).toEqual({ status: 400, body: 'Bad Request' });
    expect(await get('/a%00b')).toEqual({ status: 400, body: 'Bad Request' });
  });

  it('never serves a sibling folder whose name starts like dist (dist-x/)', async () => {
    expect(await get('/../dist-x/secret.txt')).toEqual({ status: 404, body: 'not found' });
    expect(await get('/%2e%2e/dist-x/secret.txt')).toEqual({ status: 404, body: 'not found' });
    expect(await get('/..%2fdist-x%2fsecret.txt')).toEqual({ status: 404, body: 'not found' });
    expect(await get('/admin/../../dist-x/secret.txt')).toEqual({ status: 200, body: 'admin spa' });
    expect(resolveStatic(dist, '/../dist-x/secret.txt')).toEqual({
      status: 404,
      file: path.join(dist, '404.html'),
    });
  });

  it('never serves a file above dist', async () => {
    expect(await get('/../secret.txt')).toEqual({ status: 404, body: 'not found' });
    expect(await get('/%2e%2e/secret.txt')).toEqual({ status: 404, body: 'not found' });
  });
});

describe('precompressed copies', () => {
  /** The answer's coding, Vary and body decoded by that coding. */
  function fetchApp(acceptEncoding?: string) {
    return new Promise<{ encoding?: string; vary?: string; body: string }>((resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
      request({ host: '127.0.0.1', port, path: '/assets/app.js', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body =
            encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ encoding, vary: res.headers.vary, body: body.toString('utf8') });
        });
      })
        .on('error', reject)
        .end();
    });
  }
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %j gets the %s copy, with Vary: Accept-Encoding', async (accept, encoding) => {
    expect(await fetchApp(accept)).toEqual({ encoding, vary: 'Accept-Encoding', body: APP_CODE });
  });

  it('sends a file without copies as it is (a build without the last step)', async () => {
    let headers: Record<string, unknown> = {};
    expect(await get('/assets/site.js', (h) => (headers = h), { 'Accept-Encoding': 'br, gzip' })).toEqual({
      status: 200,
      body: 'js',
    });
    expect([headers['content-encoding'], headers.vary]).toEqual([undefined, 'Accept-Encoding']);
  });
});
