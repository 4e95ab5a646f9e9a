import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The content codings an Accept-Encoding header accepts (RFC 9110 12.5.3): listed with a weight
 * above 0, or covered by `*`. Browsers send e.g. `gzip, deflate, br, zstd`.
 */
export function acceptedEncodings(header: string | undefined): (encoding: string) => boolean {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(coding, q === undefined ? 1 : Number(q));
  }
  return (encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
}

/**
 * The media types a hosted project's API gateway compresses (supabase/postgres,
 * ansible/files/envoy_config/lds.yaml: Envoy's Brotli and gzip compressor filters, in that order,
 * on every API answer: PostgREST's, Auth's, Storage's).
 */
const COMPRESSED_TYPES = new Set([
  'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.array+json',
  'application/openapi+json',
  'application/geo+json',
  'text/csv',
  'application/vnd.pgrst.plan',
  'application/vnd.pgrst.object',
  'application/vnd.pgrst.array',
  'application/javascript',
  'application/json',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/css',
  'text/html',
  'text/plain',
  'text/xml',
]);
/** The filters' `min_content_length`: a shorter answer is sent as it is. */
const MIN_LENGTH = 100;

/** An answer as the gateway passes it on: its body, maybe compressed, and the headers that changed. */
export interface GatewayBody {
  body: Buffer;
  /** Set when compressed: `Content-Encoding`. */
  encoding?: 'br' | 'gzip';
  /** `Vary: Accept-Encoding`, on every answer the filters look at (its type is one they compress). */
  vary: boolean;
}

/**
 * What the gateway's compressor filters do to an answer (Envoy's compressor filter): an answer of a
 * listed type, at least MIN_LENGTH bytes, not already encoded, without an ETag (the config's
 * `disable_on_etag_header`, which leaves Storage's objects alone) and without `Cache-Control:
 * no-transform`, is sent with Brotli when the request accepts it, else gzip, at the filters'
 * default settings (Brotli quality 3, window 18; gzip level 6, window 12, memory level 5).
 */
export function gatewayBody(acceptEncoding: string | undefined, headers: Headers, body: Buffer): GatewayBody {
  const type = (headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!COMPRESSED_TYPES.has(type)) return { body, vary: false };
  const skip =
    body.length < MIN_LENGTH ||
    headers.has('content-encoding') ||
    headers.has('etag') ||
    /(^|,)\s*no-transform\s*(,|$)/i.test(headers.get('cache-control') ?? '');
  const accepts = acceptedEncodings(acceptEncoding);
  if (skip || !acceptEncoding) return { body, vary: true };
  if (accepts('br'))
    return {
      body: brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 3,
          [constants.BROTLI_PARAM_LGWIN]: 18,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      encoding: 'br',
      vary: true,
    };
  if (accepts('gzip'))
    return { body: gzipSync(body, { level: 6, windowBits: 12, memLevel: 5 }), encoding: 'gzip', vary: true };
  return { body, vary: true };
}
