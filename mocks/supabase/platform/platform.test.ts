import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSupabaseConfig } from '../config';
import { md5Hex, md5Stream, sha224Hex } from './hash';
import { readProjectFile } from './projectFiles';
import { readProjectFile as readBundledFile } from './projectFiles.browser';
import { base64url, randomInt } from './random';

// The browser-safe counterparts answer as node:crypto and Buffer did (differential).
describe('platform counterparts of node:crypto', () => {
  it('hashes as node:crypto does', () => {
    expect(sha224Hex('owner@labellens.test123456')).toBe(
      createHash('sha224').update('owner@labellens.test123456').digest('hex'),
    );
    expect(md5Hex(new Uint8Array([]))).toBe('d41d8cd98f00b204e9800998ecf8427e');
    fc.assert(
      fc.property(
        fc.string(),
        fc.uint8Array({ maxLength: 300 }),
        fc.nat({ max: 300 }),
        (text, bytes, cut) => {
          expect(sha224Hex(text)).toBe(createHash('sha224').update(text).digest('hex'));
          const stream = md5Stream();
          stream.update(bytes.subarray(0, cut));
          stream.update(bytes.subarray(cut));
          const node = createHash('md5').update(bytes).digest('hex');
          expect(md5Hex(bytes)).toBe(node);
          expect(stream.hex()).toBe(node);
        },
      ),
    );
  });

  it('encodes base64url as Buffer does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        expect(base64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
      }),
    );
  });

  it('draws integers within [min, max) and refuses an empty range', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(randomInt(3, 7));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
    expect(randomInt(1)).toBe(0);
    expect(() => randomInt(5, 5)).toThrow(RangeError);
  });

  it('bundles for a browser the very files the stand-in reads from disk', () => {
    const templates = Object.values(readSupabaseConfig().auth?.email?.template ?? {}).flatMap((t) =>
      t.content_path ? [t.content_path] : [],
    );
    expect(templates).toEqual(['./supabase/templates/recovery.html', './supabase/templates/invite.html']);
    for (const file of ['supabase/config.toml', ...templates])
      expect(readBundledFile(file)).toBe(readProjectFile(file));
    expect(() => readBundledFile('package.json')).toThrow('package.json is not bundled');
  });
});
