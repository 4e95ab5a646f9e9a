import { createAuthProvider } from './authProvider';
import { createSessionChecks } from './sessionChecks';
import { supabaseClient } from './supabaseClient';

/** What the screens ask about the signed-in session (role, second factor), shared by the providers and hooks. */
export const sessionChecks = createSessionChecks(supabaseClient);
/** The one auth provider, shared by the standalone login route and the react-admin app. */
export const authProvider = createAuthProvider(supabaseClient, sessionChecks);
export { supabaseClient };

/**
 * Starts the session checks of a signed-in page as its first script runs (src/main.tsx), instead
 * of once the admin app's chunk has arrived and rendered: on a phone that is seconds later, and the
 * screen waits for the operator's role in a new tab. The auth provider then finds both reads under
 * way for the same token (a RememberedRead asks once per token); a failed one it asks again.
 */
export async function startSessionChecks(): Promise<void> {
  const { data } = await supabaseClient.auth.getSession();
  if (!data.session) return;
  void sessionChecks.role.get(data.session).catch(() => undefined);
  void sessionChecks.mfa.get(data.session).catch(() => undefined);
}
