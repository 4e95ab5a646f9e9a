import { isAuthError, type Session } from '@supabase/supabase-js';
import { supabaseAuthProvider } from 'ra-supabase';
import type { AuthProvider } from 'react-admin';
import { needsSecondFactor } from '../security/secondFactor';
import { isOperatorRole, operatorCan, type AccessTable, type OperatorRole } from '../domain/operatorRoles';
import type { SessionChecks } from './sessionChecks';
import type { DatabaseClient } from '../domain/database';

/** Catalogue keys (src/i18n/en.ts) of the login failures of the product rules (docs/product-rules.md); the login page translates them. */
export const AUTH_ERROR_KEYS = {
  accessDenied: 'labellens.auth.access_denied',
  loginFailed: 'labellens.auth.login_failed',
  unexpected: 'labellens.auth.unexpected_error',
} as const;

interface Credentials {
  email: string;
  password: string;
}

/** What the sign-in page may do while a sign-in goes on (react-admin itself passes none). */
export interface LoginSteps {
  /**
   * The password was accepted; the operator's role and second factor are being checked next (a
   * round trip): the page starts what comes after the sign-in meanwhile (src/main.tsx).
   */
  passwordAccepted?: () => void;
}

/**
 * ra-supabase's auth provider, narrowed to active admins: login and checkAuth both require exactly
 * one active admin_users row, and anyone else is signed out at once. The admin check (the operator's
 * role) belongs to the access token, so a refreshed token (or a new sign-in) is checked again; a
 * reload with the same token answers from the tab's memory and checks behind the screen
 * (sessionChecks.ts), so a list's request need not wait for it. The screens' canAccess is added by
 * withScreenAccess, below.
 */
export function createAuthProvider(
  client: DatabaseClient,
  checks: SessionChecks,
): AuthProvider & { login(params: Credentials, steps?: LoginSteps): Promise<void> } {
  const base = supabaseAuthProvider(client, {});

  function checkAdmin(session: Session): Promise<OperatorRole | null> {
    // The second-factor status is read alongside, for the enrolment gate that follows the check.
    void checks.mfa.get(session).catch(() => undefined);
    return checks.role.get(session);
  }

  function forgetChecks() {
    checks.role.forget();
    checks.mfa.forget();
  }

  async function refuse(): Promise<never> {
    forgetChecks();
    await client.auth.signOut({ scope: 'local' });
    throw new Error(AUTH_ERROR_KEYS.accessDenied);
  }

  return {
    ...base,

    async login(params: Credentials, steps: LoginSteps = {}) {
      try {
        await base.login(params);
      } catch (error) {
        // The provider's own message (e.g. 'Invalid login credentials') passes through.
        throw new Error(isAuthError(error) ? error.message : AUTH_ERROR_KEYS.unexpected);
      }
      steps.passwordAccepted?.();
      const session = await client.auth.getSession().then(({ data }) => data.session);
      if (!session?.user) throw new Error(AUTH_ERROR_KEYS.loginFailed);
      const admin = await checkAdmin(session).catch(() => {
        throw new Error(AUTH_ERROR_KEYS.unexpected);
      });
      if (!admin) await refuse();
    },

    async checkAuth(params) {
      await base.checkAuth(params);
      const { data } = await client.auth.getSession();
      // checkAuth already rejected when there is no session; a fresh client may still race a sign-out.
      if (!data.session) throw { message: false };
      if (!(await checkAdmin(data.session))) await refuse();
      // An admin with an authenticator app enters the app only after its code (the login's code step).
      if (await needsSecondFactor(client)) await refuse();
    },

    async getPermissions() {
      const { data } = await client.auth.getSession();
      return data.session ? checkAdmin(data.session) : null;
    },

    // From the session the tab holds, not ra-supabase's getUser: that holds supabase-js's auth lock
    // for its whole round trip to /auth/v1/user, and every data request, which takes its token from
    // the session, waits behind it (a new tab's list request left only once /auth/v1/user answered).
    // The user menu only shows who is signed in; the database checks the token on every request.
    async getIdentity() {
      const { data } = await client.auth.getSession();
      const user = data.session?.user;
      if (!user) throw new Error(AUTH_ERROR_KEYS.accessDenied);
      return { id: user.id, fullName: user.email ?? user.id };
    },

    async logout() {
      forgetChecks();
      // Signing out without a session would only emit another SIGNED_OUT event.
      const { data } = await client.auth.getSession();
      if (!data.session) return;
      // supabase-js already ignores a 401/403/404 from the server and removes the session; on any other
      // failure (e.g. offline) the local session is still removed so the user is never stuck signed in.
      const { error } = await client.auth.signOut();
      if (error) await client.auth.signOut({ scope: 'local' });
    },
  };
}

/**
 * The auth provider with canAccess answering from the operator's role and the screens' access table,
 * so menus and screens follow it; the database enforces the same table whatever the screens show.
 * The table comes from the screens' registry (src/resources/index.ts), which this layer may not
 * import, so the app passes it in (src/adminAuthProvider.ts).
 */
export function withScreenAccess(provider: AuthProvider, access: AccessTable): AuthProvider {
  return {
    ...provider,
    async canAccess({ resource, action }) {
      const role: unknown = await provider.getPermissions?.({});
      return operatorCan(access, isOperatorRole(role) ? role : null, resource, action);
    },
  };
}
