import { createAuthProvider } from './authProvider';
import { createSessionChecks } from './sessionChecks';
import { supabaseClient } from './supabaseClient';

/** What the screens ask about the signed-in session (role, second factor), shared by the providers and hooks. */
export const sessionChecks = createSessionChecks(supabaseClient);
/** The one auth provider, shared by the standalone login route and the react-admin app. */
export const authProvider = createAuthProvider(supabaseClient, sessionChecks);
export { supabaseClient };
