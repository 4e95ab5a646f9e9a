import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { en } from './en';
import { errorFinder } from './errorText';
import { DEFAULT_LOCALE, isAdminLocale, LOCALES } from './locales';
import { showLocale } from './showLocale';

// Where a text shown as English (an error, src/i18n/errorText.ts) is found in the catalogue.
const ERROR_SECTIONS = ['labellens.errors', 'labellens.auth.server', 'labellens.notifications.issues'];
const findInEnglish = errorFinder(en, ERROR_SECTIONS);
let findError = findInEnglish;

/**
 * A language's messages. English is the text the errors already are; another language is its own
 * chunk, loaded the first time it is chosen, with the error catalogue (src/i18n/errors.ts: its
 * rules bring zod, which English screens without a form need not download) to find them by.
 */
export function loadMessages(locale: string): TranslationMessages | Promise<TranslationMessages> {
  if (locale !== 'hi') {
    findError = findInEnglish;
    return en;
  }
  return Promise.all([import('./hi'), import('./errors')]).then(([{ hindi }, { errorMessages }]) => {
    findError = errorFinder({ labellens: { ...en.labellens, errors: errorMessages } }, ERROR_SECTIONS);
    return hindi;
  });
}

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
