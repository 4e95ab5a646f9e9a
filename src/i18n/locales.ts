/**
 * The admin's languages. English is the product's wording (docs/product-rules.md); Hindi is its
 * translation (src/i18n/hi.ts). Each is named in its own language, as a language menu shows them.
 */
export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'hi', name: 'हिन्दी' },
] as const;

export type AdminLocale = (typeof LOCALES)[number]['locale'];

export const DEFAULT_LOCALE: AdminLocale = 'en';

export const isAdminLocale = (value: unknown): value is AdminLocale =>
  LOCALES.some(({ locale }) => locale === value);

/**
 * The operator's choice is kept in their account's user_metadata (auth.users.raw_user_meta_data):
 * it follows them to every device, comes with the session at sign-in, and is theirs to change
 * (supabase.auth.updateUser). A preference only: nothing authorises by it.
 */
export const LOCALE_METADATA_KEY = 'locale';

/** The language an operator chose, from their user's metadata; null when they never chose one. */
export function savedLocale(user: { user_metadata?: Record<string, unknown> } | null | undefined) {
  const value = user?.user_metadata?.[LOCALE_METADATA_KEY];
  return isAdminLocale(value) ? value : null;
}

/**
 * Where react-admin's store (localStorageStore 'labellens-admin', src/layout/adminStore.ts) keeps
 * the language this browser shows: read by the signed-out pages, which run without react-admin.
 */
export const STORED_LOCALE_KEY = 'RaStorelabellens-admin.locale';

/** The language this browser last showed the admin in (English when none or unreadable). */
export function storedLocale(): AdminLocale {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORED_LOCALE_KEY) ?? 'null');
    return isAdminLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}
