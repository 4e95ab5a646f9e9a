import { describe, expect, it } from 'vitest';
import { devanagariCharacters } from './devanagariFont';

describe('devanagariCharacters', () => {
  it('keeps each Devanagari letter, sign, joiner and the rupee sign once, in code point order', () => {
    expect(devanagariCharacters('हिन्दी and English, ₹ 20, क\u200Dष, हिन्दी')).toBe(
      '\u0915\u0926\u0928\u0937\u0939\u093F\u0940\u094D\u200D\u20B9',
    );
  });

  it('finds nothing in Latin text', () => {
    expect(devanagariCharacters('LabelLens: Protect Yourself')).toBe('');
  });
});
