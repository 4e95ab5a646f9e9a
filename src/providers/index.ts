import { createAuthProvider } from './authProvider';
import { supabaseClient } from './supabaseClient';

/** The one auth provider, shared by the standalone login route and the react-admin app. */
export const authProvider = createAuthProvider(supabaseClient);
export { supabaseClient };
