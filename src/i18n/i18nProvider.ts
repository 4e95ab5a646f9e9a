import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';

/** English only (the site alone is bilingual); a missing key shows the key's own text rather than failing. */
export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
