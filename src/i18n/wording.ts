/**
 * The shape of a catalogue part in another language: the same keys as the English object, every
 * message a string. A Hindi file typed `Wording<typeof englishPart>` fails tsc on a key missing or
 * added; src/i18n/catalogue.test.ts checks the rest (react-admin's own keys, texts left in English).
 */
export type Wording<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : Wording<T[K]>;
};
