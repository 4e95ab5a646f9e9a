import { md5Stream } from '../platform/hash';
import { randomUUID } from '../platform/random';
import { formatBytes } from '../../../src/domain/storage';
import type { StandInContext } from '../context';
import { concatBytes } from './bytes';
import { StorageError, storageErrors } from './errors';
import { multipartBoundary, readMultipart } from './multipart';
import { discardUpload, PART_BYTES, writePart } from './objects';

/**
 * An upload's body as supabase/storage's uploader reads it (src/storage/uploader.ts): raw or a
 * multipart form, its declared type checked, streamed into the database part by part.
 */

/** The room a multipart body's envelope (boundaries, part headers, small fields) may take. */
export const MULTIPART_ENVELOPE = 64 * 1024;

export const tooLarge = (limit: number) =>
  storageErrors.entityTooLarge(`the maximum allowed size of ${formatBytes(limit)}`);

/** The Content-Length the request declares, if it declares one. */
export function declaredLength(request: Request): number | undefined {
  const header = request.headers.get('content-length');
  const length = header === null ? NaN : Number(header);
  return Number.isFinite(length) && length >= 0 ? length : undefined;
}

export interface IncomingFile {
  mimeType: string;
  cacheControl: string;
  chunks: AsyncIterable<Uint8Array>;
}

/** A raw body: the file itself, typed by Content-Type (uploader.ts: else application/octet-stream). */
export function rawFile(request: Request): IncomingFile {
  const body = request.body;
  return {
    mimeType: request.headers.get('content-type') || 'application/octet-stream',
    cacheControl: request.headers.get('cache-control') ?? 'no-cache',
    chunks: (async function* () {
      if (!body) return;
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    })(),
  };
}

/**
 * A multipart form (storage-js sends a Blob so): its fields up to the first file part, read as
 * they come, then that file's bytes as a stream (the rest of the body is not read). As
 * uploader.ts takes it, a `contentType` field is the declared type, else the file part's own.
 */
export async function multipartFile(request: Request): Promise<IncomingFile> {
  const boundary = multipartBoundary(request.headers.get('content-type') ?? '');
  if (!boundary || !request.body) throw storageErrors.invalidRequest('The multipart body could not be read');
  const tokens = readMultipart(request.body, boundary);
  const fields = new Map<string, string>();
  let field: string | null = null;
  let fieldBytes = 0;
  for (;;) {
    const { done, value } = await tokens.next().catch(() => {
      throw storageErrors.invalidRequest('The multipart body could not be read');
    });
    if (done || value.kind === 'end') throw storageErrors.invalidRequest('No content provided');
    if (value.kind === 'part') {
      if (value.filename !== null) {
        const seconds = fields.get('cacheControl');
        return {
          mimeType: fields.get('contentType') || value.contentType || 'text/plain;charset=UTF-8',
          cacheControl: `max-age=${seconds && /^\d+$/.test(seconds) ? seconds : '3600'}`,
          chunks: (async function* () {
            try {
              for (;;) {
                const next = await tokens.next();
                if (next.done || next.value.kind !== 'data') return;
                yield next.value.bytes;
              }
            } finally {
              await tokens.return(undefined);
            }
          })(),
        };
      }
      field = value.name;
      fields.set(field, '');
    } else if (field !== null) {
      // Fields are small (a cache time, metadata): their envelope allowance bounds them.
      fieldBytes += value.bytes.length;
      if (fieldBytes > MULTIPART_ENVELOPE) throw storageErrors.entityTooLarge();
      fields.set(field, fields.get(field) + new TextDecoder().decode(value.bytes));
    }
  }
}

/**
 * Streams the file into the database in parts of PART_BYTES under a new upload id, refusing it as
 * soon as it is longer than `limit`. Holds at most a part of the file at a time.
 */
export async function receive(ctx: StandInContext, chunks: AsyncIterable<Uint8Array>, limit: number) {
  const uploadId = randomUUID();
  const md5 = md5Stream();
  let size = 0;
  let part = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const bytes = concatBytes(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await writePart(ctx.db, uploadId, part, bytes);
    part += 1;
  };
  try {
    try {
      for await (const chunk of chunks) {
        size += chunk.length;
        if (size > limit) throw tooLarge(limit);
        md5.update(chunk);
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= PART_BYTES) await flush();
      }
    } catch (error) {
      if (error instanceof StorageError) throw error;
      // The body ended early or broke off (a server answers 413 for one over its limit).
      throw storageErrors.invalidRequest('The request body could not be read');
    }
    if (size === 0) throw storageErrors.invalidRequest('No content provided');
    await flush();
    return { uploadId, size, md5: md5.hex() };
  } catch (error) {
    await discardUpload(ctx.db, uploadId);
    throw error;
  }
}

/**
 * supabase/storage's validateMimeType (src/storage/uploader.ts), as it is: the declared type as
 * sent, split at `/`, its first two pieces against each allowed `type/subtype` (`type/*` allows
 * every subtype); compared case-sensitively and with any parameters, so `image/png; charset=x`
 * or `IMAGE/PNG` is refused as hosted refuses it, with the declared text in the message.
 */
export function validateMimeType(mimeType: string, allowed: readonly string[]): void {
  const [type, subtype] = mimeType.split('/');
  if (subtype !== undefined)
    for (const entry of allowed) {
      const [allowedType, allowedSubtype] = entry.split('/');
      if (allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)) return;
    }
  throw storageErrors.invalidMimeType(mimeType);
}
