/**
 * Randomness over WebCrypto (globalThis.crypto), the same in Node and in a browser, so the stand-in
 * carries no node:crypto import (the demo build runs it in a page).
 */

/** A uniformly random integer in [min, max), as node:crypto's randomInt(min, max); randomInt(max) is [0, max). */
export function randomInt(minOrMax: number, max?: number): number {
  const [low, high] = max === undefined ? [0, minOrMax] : [minOrMax, max];
  const range = high - low;
  if (!Number.isSafeInteger(range) || range <= 0 || range > 2 ** 32)
    throw new RangeError(`randomInt: bad range [${low}, ${high})`);
  // Rejection sampling: values past the last whole multiple of the range would bias the result.
  const limit = 2 ** 32 - (2 ** 32 % range);
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word);
  while (word[0] >= limit);
  return low + (word[0] % range);
}

export const randomUUID = (): string => crypto.randomUUID();

export function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** Bytes as base64url without padding (RFC 4648 §5), as Buffer's 'base64url'. */
export function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
