import { describe, expect, it } from 'vitest';
import { multipartBoundary, readMultipart, type MultipartToken } from './multipart';

/** A form as undici (fetch, storage-js) serialises it: its body, and the boundary it chose. */
async function serialise(form: FormData) {
  const request = new Request('http://x/', { method: 'POST', body: form });
  const boundary = multipartBoundary(request.headers.get('content-type') ?? '');
  return { bytes: new Uint8Array(await request.arrayBuffer()), boundary: boundary! };
}

/** The bytes as a stream of `size`-byte chunks: a delimiter may be cut anywhere. */
const chunked = (bytes: Uint8Array, size: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
      controller.close();
    },
  });

/** The parts as { headers, text }: data tokens joined. */
async function parts(tokens: AsyncGenerator<MultipartToken>) {
  const out: Array<{ name: string; filename: string | null; contentType: string | null; text: string }> = [];
  for await (const token of tokens) {
    if (token.kind === 'part') out.push({ ...token, text: '' } as (typeof out)[number]);
    else if (token.kind === 'data') out[out.length - 1].text += Buffer.from(token.bytes).toString('latin1');
  }
  return out.map(({ name, filename, contentType, text }) => ({ name, filename, contentType, text }));
}

describe('readMultipart', () => {
  it('reads the fields and the file of a form cut into chunks of any size', async () => {
    const file = '\r\n--not-the-boundary\r\n' + 'x'.repeat(5000) + '\r\n-';
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('', new Blob([file], { type: 'image/png' }));
    form.append('after', 'ignored by Storage, read here');
    const { bytes, boundary } = await serialise(form);
    const expected = [
      { name: 'cacheControl', filename: null, contentType: null, text: '3600' },
      { name: '', filename: 'blob', contentType: 'image/png', text: file },
      { name: 'after', filename: null, contentType: null, text: 'ignored by Storage, read here' },
    ];
    for (const size of [1, 2, 7, 64, 4096, bytes.length])
      expect([size, await parts(readMultipart(chunked(bytes, size), boundary))]).toEqual([size, expected]);
  });

  it('refuses a body cut off before its closing delimiter, or without the boundary', async () => {
    const form = new FormData();
    form.append('', new Blob(['abc'], { type: 'image/png' }));
    const { bytes, boundary } = await serialise(form);
    await expect(parts(readMultipart(chunked(bytes.slice(0, -10), 16), boundary))).rejects.toThrow(
      'Unexpected end of form',
    );
    await expect(parts(readMultipart(chunked(bytes, 16), 'other'))).rejects.toThrow('Boundary not found');
  });
});
