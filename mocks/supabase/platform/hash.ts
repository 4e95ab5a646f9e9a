/**
 * The digests the stand-in needs synchronously and WebCrypto lacks (SHA-224 for GoTrue's token
 * hash, MD5 for Storage's ETag), in plain JavaScript so they run in Node and in a browser alike.
 */
import { md5 } from '@noble/hashes/legacy.js';
import { sha224 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const encoder = new TextEncoder();

export const sha224Hex = (text: string): string => bytesToHex(sha224(encoder.encode(text)));

export const md5Hex = (bytes: Uint8Array): string => bytesToHex(md5(bytes));

/** An MD5 fed in parts (a streamed upload), digested once at the end. */
export function md5Stream() {
  const hash = md5.create();
  return {
    update(bytes: Uint8Array) {
      hash.update(bytes);
    },
    hex: () => bytesToHex(hash.digest()),
  };
}
