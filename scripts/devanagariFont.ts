/**
 * The site's self-hosted Devanagari font: Noto Sans Devanagari (variable weight, OFL) cut down at build
 * time to the characters the site can show, so Hindi pages render on machines that have no Devanagari
 * font (most desktop Linux installs, some kiosks) instead of showing empty boxes.
 *
 * The subset is made from the text itself (every message of both languages plus the prerendered pages),
 * so a new Hindi string can never fall outside it. HarfBuzz keeps every glyph the kept characters can
 * turn into through the font's shaping rules, so conjuncts and vowel signs still render.
 *
 * Two static instances of the variable font, regular and bold, rather than the variable file: each is
 * about 28 KB where the variable subset is about 70 KB, and the stylesheet uses no weight in between
 * that font matching cannot map onto one of the two (600 and 800 take the bold, 500 the regular).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

/** The family name the stylesheet falls back to after the system fonts. */
export const DEVANAGARI_FAMILY = 'LabelLens Devanagari';

/**
 * Devanagari, Vedic extensions, the joiners, the rupee signs and the dotted circle HarfBuzz shows a lone
 * vowel sign on: the ranges Google Fonts serves for Devanagari. They are both the characters kept in
 * the subset and the face's `unicode-range`, so the browser downloads the file only for a page that
 * has such a character.
 */
const RANGES: readonly (readonly [number, number])[] = [
  [0x0900, 0x097f],
  [0x1cd0, 0x1cf9],
  [0x200c, 0x200d],
  [0x20a8, 0x20a8],
  [0x20b9, 0x20b9],
  [0x25cc, 0x25cc],
  [0xa830, 0xa839],
  [0xa8e0, 0xa8ff],
];

const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, '0');
const UNICODE_RANGE = RANGES.map(([from, to]) =>
  from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`,
).join(', ');

const inRange = (character: string) => {
  const codePoint = character.codePointAt(0)!;
  return RANGES.some(([from, to]) => codePoint >= from && codePoint <= to);
};

/** The distinct characters of `text` that this font is for, in code point order. */
export function devanagariCharacters(text: string): string {
  return [...new Set([...text].filter(inRange))].sort().join('');
}

const WEIGHTS = [400, 700] as const;

export interface DevanagariFontFile {
  /** File name under `assets/`, content-hashed so it can be cached for a year. */
  fileName: string;
  woff2: Buffer;
  weight: (typeof WEIGHTS)[number];
}

export interface DevanagariSubset {
  files: DevanagariFontFile[];
  /** The `@font-face` rules for the inlined stylesheet. */
  fontFaces: string;
}

const require = createRequire(import.meta.url);

/** Subsets the font to the Devanagari characters of `text`, one file a weight; null when there are none. */
export async function buildDevanagariSubset(text: string): Promise<DevanagariSubset | null> {
  const characters = devanagariCharacters(text);
  if (!characters) return null;
  const source = readFileSync(
    require.resolve('@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2'),
  );
  const files = await Promise.all(
    WEIGHTS.map(async (weight) => {
      const woff2 = await subsetFont(source, characters, {
        targetFormat: 'woff2',
        variationAxes: { wght: weight },
      });
      const hash = createHash('sha256').update(woff2).digest('hex').slice(0, 10);
      return { fileName: `devanagari-${weight}-${hash}.woff2`, woff2, weight };
    }),
  );
  const fontFaces = files
    .map(
      ({ fileName, weight }) =>
        `@font-face{font-family:'${DEVANAGARI_FAMILY}';font-style:normal;font-weight:${weight};` +
        `font-display:swap;src:url(/assets/${fileName}) format('woff2');unicode-range:${UNICODE_RANGE}}`,
    )
    .join('');
  return { files, fontFaces };
}
