import { setFormatLocale } from '../domain/format';
import type { AdminLocale } from './locales';
import { setLookupCatalogue } from './lookup';

/**
 * The page follows the admin's language: `<html lang>` (screen readers, hyphenation, the font's
 * shaping), the dates and numbers (src/domain/format.ts) and the catalogue the signed-out pages and
 * the first paint read (src/i18n/lookup.ts). react-admin's own messages change with the provider.
 */
export function showLocale(locale: AdminLocale, messages: object) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  setFormatLocale(locale);
  setLookupCatalogue(messages);
}

/**
 * The signed-out pages (sign-in, password recovery) in the language this browser last showed the
 * admin in, before they draw: they run without react-admin, so without its provider.
 */
export async function showStoredLocale(locale: AdminLocale): Promise<void> {
  if (locale === 'en') return;
  const { hindi } = await import('./hi');
  showLocale(locale, hindi);
}
