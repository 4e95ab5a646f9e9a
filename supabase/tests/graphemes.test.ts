import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { graphemeCount } from '../../src/domain/graphemes';

/**
 * public.grapheme_count (the database's length checks) and Intl.Segmenter (the admin's counters and
 * forms, src/domain/graphemes.ts) count the same characters in Hindi text: conjuncts, vowel signs,
 * nukta, virama, ZWJ/ZWNJ, plus Latin with combining marks, CR LF and emoji sequences.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

async function sqlCounts(texts: readonly string[]): Promise<number[]> {
  const { rows } = await db.query<{ n: number }>(
    'select public.grapheme_count(t) as n from unnest($1::text[]) with ordinality u(t, i) order by i',
    [texts],
  );
  return rows.map((r) => r.n);
}

const WORDS = [
  'नमस्ते', // न म स्ते: three
  'क्षत्रिय', // क्ष त्रि य
  'स्वास्थ्य',
  'पानी पिएँ',
  'ज़्यादा', // nukta, then virama
  'कृपया',
  'श्रीमान्', // a virama at the end
  'क्‍ष', // consonant, virama, ZWJ, consonant
  'क्‌ष', // consonant, virama, ZWNJ, consonant: two
  'ॐ शान्ति॥',
  'दाल-चावल १२३',
  'e\u0301te\u0301', // combining acutes
  'a\r\nb',
  '👍🏽 👨‍👩‍👧 🇮🇳🇮',
  'চিকিৎসা', // Bengali: khanda ta
  '',
];

describe('grapheme counts', () => {
  it('agree on Hindi words and mixed text', async () => {
    expect(await sqlCounts(WORDS)).toEqual(WORDS.map(graphemeCount));
    expect(graphemeCount('नमस्ते')).toBe(3);
    expect(graphemeCount('क्षत्रिय')).toBe(3);
  });

  it('agree on generated strings of Devanagari parts', async () => {
    const parts = [
      ...'कखगघचजटडतथदनपबमयरलवशसहक़ज़ड़',
      ...'अआइईउऊएऐओऔऋ',
      ...'ािीुूृेैोौंःँ़्ॅॉऺऻॏ॒॑॓॔ॕॢॣ',
      ...'ऽॐ।॥०१२',
      ...'কখগচজতনমরসহড়য়ৎ',
      ...'ািীুূৃেৈোৌংঃঁ়্ৗ',
      '\u200d',
      '\u200c',
      ' ',
      'a',
      'Z',
      '\u0301',
      '\r',
      '\n',
      '🇮',
      '👍',
      '🏽',
      '-',
    ];
    const text = fc.array(fc.constantFrom(...parts), { maxLength: 24 }).map((a) => a.join(''));
    const samples = fc.sample(text, { numRuns: 1000, seed: 53 });
    const counts = await sqlCounts(samples);
    const differing = samples.filter((s, i) => counts[i] !== graphemeCount(s));
    expect(differing).toEqual([]);
  });
});
