import { useEffect } from 'react';
import { useLocaleState } from 'react-admin';
import type { DatabaseClient } from '../domain/database';
import { savedLocale, type AdminLocale } from '../i18n/locales';

// The operator and saved language last applied in this tab, so a session seen again (a remount
// after a language change, a reload) does not undo a choice whose save is still on its way.
let applied: string | undefined;

/**
 * Applies the language `user` saved (src/i18n/locales.ts) when it is news to this tab: at sign-in,
 * or when a refreshed session brings the choice made on another device.
 */
export function followSavedLocale(
  user: { id: string; user_metadata?: Record<string, unknown> } | null | undefined,
  apply: (locale: AdminLocale) => void,
) {
  const saved = savedLocale(user);
  if (!user || !saved || applied === `${user.id}:${saved}`) return;
  applied = `${user.id}:${saved}`;
  apply(saved);
}

/** Forgets what was applied: the next sign-in applies its operator's saved language again. */
export function forgetSavedLocale() {
  applied = undefined;
}

/** The admin follows the operator's saved language while it runs (the shell, src/layout/AppLayout.tsx). */
export function useSavedLocale(client: DatabaseClient) {
  const [, setLocale] = useLocaleState();
  useEffect(() => {
    const { data } = client.auth.onAuthStateChange((event, session) =>
      event === 'SIGNED_OUT' ? forgetSavedLocale() : followSavedLocale(session?.user, setLocale),
    );
    return () => data.subscription.unsubscribe();
  }, [client, setLocale]);
}
