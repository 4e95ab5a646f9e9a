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

/** The languages a row has, English first (it always has English). */
export function languagesOf(translations: unknown): string[] {
  const given = translations && typeof translations === 'object' ? Object.keys(translations) : [];
  return ['en', ...CONTENT_LANGUAGES.filter((l) => given.includes(l))];
}

/** The search columns of a row's other languages' texts of these fields (PostgREST's JSON path). */
export const translatedColumns = <C extends string>(...fields: C[]) =>
  CONTENT_LANGUAGES.flatMap((language) => fields.map((field) => `translations->${language}->>${field}` as const));

/**
 * The list filter "missing a language": rows without any text in it (a language is all or nothing),
 * as a PostgREST condition; any other value drops the filter.
 */
export const missingLanguageConditions = (value: unknown): string[] =>
  (CONTENT_LANGUAGES as readonly unknown[]).includes(value) ? [`translations->${String(value)}.is.null`] : [];

/** A row's texts in other languages as flat fields, `tip (hi)`: blank texts left out. */
function translatedTexts(translations: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!translations || typeof translations !== 'object') return out;
  for (const [language, texts] of Object.entries(translations as Record<string, unknown>)) {
    if (!texts || typeof texts !== 'object') continue;
    for (const [field, text] of Object.entries(texts as Record<string, unknown>))
      if (typeof text === 'string' && text.trim()) out[`${field} (${language})`] = text;
  }
  return out;
}

/**
 * A record's or version's values with `translations` spread into one field per language and text
 * (`tip (hi)`), so History compares and shows each language's text as it does a column.
 */
export function spreadTranslations(values: Record<string, unknown>): Record<string, unknown> {
  if (!('translations' in values)) return values;
  const { translations, ...columns } = values;
  return { ...columns, ...translatedTexts(translations) };
}

/** An audit entry's change of `translations` spread the same way, one old/new pair per language and text. */
export function spreadTranslationChanges<T extends Record<string, { old: unknown; new: unknown }>>(
  changes: T,
): Record<string, { old: unknown; new: unknown }> {
  const change = changes.translations as { old: unknown; new: unknown } | undefined;
  if (!change || typeof change !== 'object' || !('new' in change)) return changes;
  const { translations: _, ...columns } = changes;
  const before = translatedTexts(change.old);
  const after = translatedTexts(change.new);
  const spread: Record<string, { old: unknown; new: unknown }> = { ...columns };
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (before[field] !== after[field]) spread[field] = { old: before[field] ?? null, new: after[field] ?? null };
  return spread;
}

/**
 * A form's blank texts in every other language for a table's translated fields (none for another
 * table): the fields start empty and an untouched form stays pristine.
 */
export function blankTranslations(table: string): Record<string, Record<string, string>> {
  const fields = (TRANSLATED_FIELDS as Record<string, Record<string, unknown>>)[table];
  if (!fields) return {};
  const blank = Object.fromEntries(Object.keys(fields).map((field) => [field, '']));
  return Object.fromEntries(CONTENT_LANGUAGES.map((language) => [language, { ...blank }]));
}
