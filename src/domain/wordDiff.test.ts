import { describe, expect, it } from 'vitest';
import { WORD_DIFF_MAX_WORDS, wordDiff } from './wordDiff';

describe('wordDiff', () => {
  it('keeps the common words and marks the rest, parts joining back to each text', () => {
    const before = 'Drink a glass of water with every meal.';
    const after = 'Drink two glasses of water with every meal and snack.';
    const parts = wordDiff(before, after);
    expect(parts).toEqual([
      { kind: 'same', text: 'Drink ' },
      { kind: 'removed', text: 'a glass ' },
      { kind: 'added', text: 'two glasses ' },
      { kind: 'same', text: 'of water with every ' },
      { kind: 'removed', text: 'meal.' },
      { kind: 'added', text: 'meal and snack.' },
    ]);
    const join = (kind: 'removed' | 'added') =>
      parts
        .filter((p) => p.kind !== kind)
        .map((p) => p.text)
        .join('');
    expect(join('added')).toBe(before);
    expect(join('removed')).toBe(after);
  });

  it('answers one part for equal texts and none for two empty ones', () => {
    expect(wordDiff('Same text', 'Same text')).toEqual([{ kind: 'same', text: 'Same text' }]);
    expect(wordDiff('', '')).toEqual([]);
    expect(wordDiff('', 'New')).toEqual([{ kind: 'added', text: 'New' }]);
  });

  it('shows texts past the size limit whole', () => {
    const long = 'word '.repeat(WORD_DIFF_MAX_WORDS + 1);
    expect(wordDiff(long, 'short')).toEqual([
      { kind: 'removed', text: long },
      { kind: 'added', text: 'short' },
    ]);
  });
});
