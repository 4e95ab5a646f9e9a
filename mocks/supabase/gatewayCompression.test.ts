import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings } from './gatewayCompression';
import { sendFetchResponse } from './node';

/** 25 rows of a list, as PostgREST answers a page of admin_scans (about 3 KB). */
const PAGE = JSON.stringify(
  Array.from({ length: 25 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: 'Masala oats',
  })),
);

/** A server that sends, through sendFetchResponse, the answer `answers[path]` makes. */
let server: Server;
const answers: Record<string, () => Response> = {
  '/page': () => new Response(PAGE, { headers: { 'Content-Type': 'application/json; charset=utf-8' } }),
  '/tiny': () => new Response('[]', { headers: { 'Content-Type': 'application/json; charset=utf-8' } }),
  '/object': () => new Response(PAGE, { headers: { 'Content-Type': 'application/json', ETag: '"abc"' } }),
  '/image': () => new Response(Buffer.alloc(500, 1), { headers: { 'Content-Type': 'image/png' } }),
  '/no-transform': () =>
    new Response(PAGE, { headers: { 'Content-Type': 'text/csv', 'Cache-Control': 'no-transform' } }),
};

beforeAll(async () => {
  server = createServer(
    (req, res) => void sendFetchResponse(res, answers[req.url ?? '']!(), req.headers['accept-encoding']),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** GET `path` over HTTP with an Accept-Encoding header: the raw body and the headers. */
function get(path: string, acceptEncoding?: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe("the API gateway's compression (Envoy's compressor filters on a hosted project)", () => {
  it('sends a page with Brotli to a browser (gzip, deflate, br, zstd), which it decodes to the same JSON', async () => {
    const { headers, body } = await get('/page', 'gzip, deflate, br, zstd');
    expect([headers['content-encoding'], headers.vary, headers['content-length']]).toEqual([
      'br',
      'Accept-Encoding',
      undefined,
    ]);
    expect(brotliDecompressSync(body).toString()).toBe(PAGE);
    expect(body.length).toBeLessThan(PAGE.length / 4);
  });

  it('sends gzip to a client that accepts no Brotli, and nothing encoded to one that accepts nothing', async () => {
    const gzip = await get('/page', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(PAGE);
    const plain = await get('/page');
    expect([plain.headers['content-encoding'], plain.headers.vary, plain.body.toString()]).toEqual([
      undefined,
      'Accept-Encoding',
      PAGE,
    ]);
    const refused = await get('/page', 'br;q=0, gzip;q=0');
    expect([refused.headers['content-encoding'], refused.body.toString()]).toEqual([undefined, PAGE]);
  });

  it('leaves alone an answer under 100 bytes, one with an ETag (Storage objects), one of another type, and no-transform', async () => {
    const results = await Promise.all(
      ['/tiny', '/object', '/image', '/no-transform'].map(async (path) => {
        const { headers } = await get(path, 'gzip, deflate, br, zstd');
        return [path, headers['content-encoding'] ?? null, headers.vary ?? null];
      }),
    );
    expect(results).toEqual([
      ['/tiny', null, 'Accept-Encoding'],
      ['/object', null, 'Accept-Encoding'],
      ['/image', null, null],
      ['/no-transform', null, 'Accept-Encoding'],
    ]);
  });

  it('reads q=0 as refused and * as any other coding (RFC 9110 12.5.3)', () => {
    const accepts = acceptedEncodings('gzip;q=0, *;q=0.1');
    expect([accepts('gzip'), accepts('br'), acceptedEncodings('gzip')('br')]).toEqual([false, true, false]);
  });
});
