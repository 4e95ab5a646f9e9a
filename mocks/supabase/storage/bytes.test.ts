import { concatBytes, fromBase64Web, indexOfBytes, toBase64Web } from './bytes';

/**
 * Storage's byte helpers without Node's Buffer (the demo runs Storage in a browser page), against
 * Buffer's own answers on random bytes: base64 both ways, search, concatenation.
 */
const random = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(Math.random() * 4));

test.each([0, 1, 2, 3, 100, 0x8000 + 7, 300_000])('%i bytes: base64 as Buffer writes and reads it', (n) => {
  const bytes = random(n).map((b, i) => (b * 67 + i) % 256);
  const text = Buffer.from(bytes).toString('base64');
  expect(toBase64Web(bytes)).toBe(text);
  expect(toBase64Web(bytes.subarray(1))).toBe(Buffer.from(bytes.subarray(1)).toString('base64'));
  expect(fromBase64Web(text)).toEqual(new Uint8Array(Buffer.from(text, 'base64')));
});

test('indexOfBytes finds what Buffer.indexOf finds (few symbols, so near misses abound)', () => {
  for (let round = 0; round < 500; round += 1) {
    const haystack = random(200);
    const needle = random(1 + (round % 5));
    expect(indexOfBytes(haystack, needle)).toBe(Buffer.from(haystack).indexOf(Buffer.from(needle)));
  }
  expect(indexOfBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3]))).toBe(-1);
});

test('concatBytes joins in order, to the given length', () => {
  const parts = [new Uint8Array([1, 2]), new Uint8Array([]), new Uint8Array([3])];
  expect(concatBytes(parts)).toEqual(new Uint8Array([1, 2, 3]));
  expect(concatBytes(parts, 3)).toEqual(new Uint8Array(Buffer.concat(parts, 3)));
});
