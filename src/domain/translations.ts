import { z } from 'zod';
import { CONTENT_LANGUAGES, TRANSLATED_FIELDS, type TranslatedTable } from './contentLanguages';
import { graphemeCount } from './graphemes';

/**
 * The content forms' rules for the texts of other languages (src/domain/contentLanguages.ts): each
 * within the English field's limits, counted in characters as read.
 */

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
