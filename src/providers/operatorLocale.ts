import { LOCALE_METADATA_KEY, savedLocale, type AdminLocale } from '../i18n/locales';
import type { DatabaseClient } from '../domain/database';

/**
 * The language an operator chose, kept in their account's user_metadata (src/i18n/locales.ts) so it
 * follows them across devices: Supabase Auth stores it (auth.users.raw_user_meta_data) and hands it
 * back with every session, so a sign-in anywhere knows it without another request.
 */

/** The signed-in operator's saved language, from the session this tab holds; null when none. */
export async function sessionLocale(client: DatabaseClient): Promise<AdminLocale | null> {
  const { data } = await client.auth.getSession();
  return savedLocale(data.session?.user);
}

/** Saves the operator's choice to their account (PUT /auth/v1/user); false when that failed. */
export async function saveOperatorLocale(client: DatabaseClient, locale: AdminLocale): Promise<boolean> {
  const { error } = await client.auth.updateUser({ data: { [LOCALE_METADATA_KEY]: locale } });
  return !error;
}
