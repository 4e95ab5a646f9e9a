/** A run of text in a word diff: kept, only in the version shown, or only in the current text. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Past this many words on either side the diff is the two texts whole (the table is quadratic). */
export const WORD_DIFF_MAX_WORDS = 2000;

/** Words with the spaces after them, so the parts joined give back each text exactly. */
const words = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

/**
 * How `before` becomes `after`, word by word: the longest common run of words kept, the rest
 * removed or added (a longest-common-subsequence table, small texts only: see WORD_DIFF_MAX_WORDS).
 * Adjacent parts of the same kind are merged.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = words(before);
  const b = words(after);
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts[parts.length - 1];
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  if (a.length > WORD_DIFF_MAX_WORDS || b.length > WORD_DIFF_MAX_WORDS) {
    if (before) push('removed', before);
    if (after) push('added', after);
    return parts;
  }
  // lcs[i][j]: the longest common run of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push('same', a[i]);
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) push('removed', a[i++]);
    else push('added', b[j++]);
  }
  while (i < a.length) push('removed', a[i++]);
  while (j < b.length) push('added', b[j++]);
  return parts;
}
