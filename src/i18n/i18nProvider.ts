import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { en } from './en';
import { errorMessages } from './errors';
import { errorFinder } from './errorText';
import { DEFAULT_LOCALE, isAdminLocale, LOCALES } from './locales';
import { showLocale } from './showLocale';

/** The admin's English: the catalogue and the error catalogue (src/i18n/errors.ts). */
export const english = { ...en, labellens: { ...en.labellens, errors: errorMessages } };

/** A language's messages; Hindi is its own chunk, loaded the first time it is chosen. */
export const loadMessages = (locale: string): TranslationMessages | Promise<TranslationMessages> =>
  locale === 'hi' ? import('./hi').then(({ hindi }) => hindi) : english;

// The texts shown as English text rather than by key (src/i18n/errorText.ts).
const findError = errorFinder(english, [
  'labellens.errors',
  'labellens.auth.server',
  'labellens.notifications.issues',
]);

// A missing key shows the key's own text rather than failing.
const polyglot = polyglotI18nProvider(loadMessages, DEFAULT_LOCALE, [...LOCALES], { allowMissing: true });

/**
 * English and Hindi (src/i18n/locales.ts). A text that is an English error message of the
 * catalogue (react-admin translates a validation error or a toast's text as a key) is worded in
 * the current language.
 */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  translate(key, options) {
    const error = typeof key === 'string' ? findError(key) : null;
    return error
      ? polyglot.translate(error.key, { ...options, ...error.params })
      : polyglot.translate(key, options);
  },
  async changeLocale(locale, options) {
    const shown = isAdminLocale(locale) ? locale : DEFAULT_LOCALE;
    await polyglot.changeLocale(shown, options);
    showLocale(shown, await loadMessages(shown));
  },
};
