/**
 * A multipart/form-data body read as it arrives (RFC 7578), for uploads: the file part's bytes are
 * handed on chunk by chunk instead of being collected (undici's `formData()` holds the whole body
 * and then the file again). What supabase/storage reads with @fastify/multipart (busboy): the
 * fields before the first file, and that file (a part with a `filename`).
 */
import { concatBytes, indexOfBytes, utf8Bytes, utf8Text } from './bytes';

export type MultipartToken =
  | { kind: 'part'; name: string; filename: string | null; contentType: string | null }
  | { kind: 'data'; bytes: Uint8Array }
  | { kind: 'end' };

export class MultipartError extends Error {}

/** The boundary of a `multipart/form-data; boundary=…` content type, or null. */
export function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** The longest a part's headers may be (busboy's default header size limit is 80 KB). */
const MAX_HEADER_BYTES = 80 * 1024;

/**
 * The body's parts in order: a `part` token with its headers, then its bytes as `data` tokens
 * (in chunks no larger than what arrived), ..., then `end` at the closing delimiter. Throws
 * MultipartError for a body that is not multipart with this boundary or ends early.
 */
export async function* readMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
): AsyncGenerator<MultipartToken> {
  const opening = utf8Bytes(`--${boundary}`);
  const delimiter = utf8Bytes(`\r\n--${boundary}`);
  const headersEnd = utf8Bytes('\r\n\r\n');
  const reader = body.getReader();
  let buffer = new Uint8Array(0);
  let ended = false;
  const more = async () => {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      return false;
    }
    buffer = buffer.length ? concatBytes([buffer, value]) : value.slice();
    return true;
  };
  const need = async (bytes: number) => {
    while (buffer.length < bytes) if (!(await more())) throw new MultipartError('Unexpected end of form');
  };

  try {
    // The preamble, up to the first delimiter.
    for (;;) {
      const at = indexOfBytes(buffer, opening);
      if (at >= 0) {
        buffer = buffer.subarray(at + opening.length);
        break;
      }
      if (buffer.length > MAX_HEADER_BYTES || !(await more()))
        throw new MultipartError('Multipart: Boundary not found');
    }
    for (;;) {
      // After a delimiter: `--` closes the body, CRLF opens a part.
      await need(2);
      if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
        yield { kind: 'end' };
        return;
      }
      if (buffer[0] !== 0x0d || buffer[1] !== 0x0a) throw new MultipartError('Malformed part delimiter');
      buffer = buffer.subarray(2);

      let headerEnd: number;
      while ((headerEnd = indexOfBytes(buffer, headersEnd)) < 0) {
        if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError('Part headers too large');
        if (!(await more())) throw new MultipartError('Unexpected end of form');
      }
      yield partToken(utf8Text(buffer.subarray(0, headerEnd)));
      buffer = buffer.subarray(headerEnd + 4);

      // The part's bytes, up to the next delimiter; a tail that could start one is kept back.
      for (;;) {
        const at = indexOfBytes(buffer, delimiter);
        if (at >= 0) {
          if (at > 0) yield { kind: 'data', bytes: buffer.subarray(0, at) };
          buffer = buffer.subarray(at + delimiter.length);
          break;
        }
        const safe = buffer.length - (delimiter.length - 1);
        if (safe > 0) {
          yield { kind: 'data', bytes: buffer.subarray(0, safe) };
          buffer = buffer.subarray(safe);
        }
        if (!(await more())) throw new MultipartError('Unexpected end of form');
      }
    }
  } finally {
    if (!ended) await reader.cancel().catch(() => undefined);
  }
}

function partToken(headerText: string): MultipartToken {
  let name = '';
  let filename: string | null = null;
  let contentType: string | null = null;
  for (const line of headerText.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === 'content-type') contentType = value;
    if (header === 'content-disposition') {
      name = /;\s*name="([^"]*)"/i.exec(value)?.[1] ?? '';
      filename = /;\s*filename="([^"]*)"/i.exec(value)?.[1] ?? null;
    }
  }
  return { kind: 'part', name, filename, contentType };
}
