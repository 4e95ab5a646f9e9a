/**
 * Characters as a reader sees them (Unicode's extended grapheme clusters): the unit of the content's
 * per-language length limits. Devanagari writes one character with several code points (क्षे is
 * four), so neither `.length` (UTF-16 units) nor code points match what an editor sees. The
 * database counts the same way (public.grapheme_count; supabase/tests/graphemes.test.ts compares).
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function graphemeCount(text: string): number {
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}
