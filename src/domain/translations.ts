import { z } from 'zod';
import { graphemeCount } from './graphemes';
import { HEALTH_TIP_LIMITS, NEWS_LIMITS, TAG_LIMITS } from './limits';

/**
 * Content in languages other than English (docs/architecture/content-languages.md). English is each
 * row's own columns (what the app read before); the others live in its `translations` column,
 * `{"hi": {"tip": "…"}}`. A language is all or nothing: each gives every translated field of its
 * row, within the English field's limits counted in characters as read (grapheme clusters). The
 * database checks the same fields and limits (the `*_translations_fit` constraints;
 * supabase/tests/contentTranslations.test.ts proves they match these).
 */

/** The languages content is written in besides English, in the order the admin shows them. */
export const CONTENT_LANGUAGES = ['hi'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** Per table, its translated fields and their [min, max] length (max null: none). */
export const TRANSLATED_FIELDS = {
  news: { title: [1, NEWS_LIMITS.titleMax], content: [1, null] },
  health_tips: { tip: [HEALTH_TIP_LIMITS.tipMin, HEALTH_TIP_LIMITS.tipMax] },
  tags: { label: [1, TAG_LIMITS.labelMax] },
} as const satisfies Record<string, Record<string, readonly [number, number | null]>>;

export type TranslatedTable = keyof typeof TRANSLATED_FIELDS;

/** One language's texts of a row. */
export type Texts = Record<string, string>;
/** A row's translations column. */
export type Translations = Partial<Record<string, Texts>>;

/** The messages of a field: required (or too short) and too long. */
export type FieldMessages = { tooShort: string; tooLong: string };

/** A text within [min, max] characters as read, trimmed. */
function graphemeText([min, max]: readonly [number, number | null], messages: FieldMessages) {
  return z
    .string()
    .trim()
    .refine((text) => graphemeCount(text) >= min, messages.tooShort)
    .refine((text) => max === null || graphemeCount(text) <= max, messages.tooLong);
}

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * The form's `translations`: a language whose fields are all blank is left out (the row has no
 * text in it, the app shows English); one with any field filled must give them all.
 */
export function translationsSchema<T extends TranslatedTable>(
  table: T,
  messages: Record<keyof (typeof TRANSLATED_FIELDS)[T] & string, FieldMessages>,
) {
  const fields = TRANSLATED_FIELDS[table] as Record<string, readonly [number, number | null]>;
  const language = z.object(
    Object.fromEntries(
      Object.entries(fields).map(([field, limits]) => [
        field,
        graphemeText(limits, (messages as Record<string, FieldMessages>)[field]),
      ]),
    ),
  );
  return z.preprocess(
    (value) => {
      const given = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(given).filter(
          ([, texts]) =>
            texts && typeof texts === 'object' && !Object.keys(fields).every((f) => isBlank((texts as Texts)[f])),
        ),
      );
    },
    z.partialRecord(z.enum(CONTENT_LANGUAGES), language),
  );
}

/** The languages a row has, English first (it always has English). */
export function languagesOf(translations: unknown): string[] {
  const given = translations && typeof translations === 'object' ? Object.keys(translations) : [];
  return ['en', ...CONTENT_LANGUAGES.filter((l) => given.includes(l))];
}
