/**
 * Byte helpers on plain Uint8Array, so Storage runs in the demo's browser page as in Node (no
 * `Buffer` there). Base64 goes through Node's Buffer where it exists (one native call) and through
 * btoa/atob in a browser; both give the same text.
 */

/** The parts as one array of `total` bytes. */
export function concatBytes(
  parts: ReadonlyArray<Uint8Array>,
  total = parts.reduce((n, p) => n + p.length, 0),
) {
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Where needle first occurs in haystack, or -1. */
export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  if (needle.length === 0) return 0;
  const last = haystack.length - needle.length;
  for (
    let at = haystack.indexOf(needle[0]);
    at >= 0 && at <= last;
    at = haystack.indexOf(needle[0], at + 1)
  ) {
    let i = 1;
    while (i < needle.length && haystack[at + i] === needle[i]) i += 1;
    if (i === needle.length) return at;
  }
  return -1;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
export const utf8Bytes = (text: string) => encoder.encode(text);
export const utf8Text = (bytes: Uint8Array) => decoder.decode(bytes);

type NodeBuffer = {
  from(data: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'base64'): string };
  from(text: string, encoding: 'base64'): Uint8Array;
};
const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;

/** Bytes in a run for String.fromCharCode: well under any engine's argument limit. */
const RUN = 0x8000;

export function toBase64(bytes: Uint8Array): string {
  if (nodeBuffer) return nodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  return toBase64Web(bytes);
}

/** The browser's way (exported for the differential test against Node's). */
export function toBase64Web(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += RUN)
    binary += String.fromCharCode(...bytes.subarray(at, at + RUN));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  if (nodeBuffer) return new Uint8Array(nodeBuffer.from(text, 'base64'));
  return fromBase64Web(text);
}

export function fromBase64Web(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}
