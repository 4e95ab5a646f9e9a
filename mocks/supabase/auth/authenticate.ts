import type { StandInContext } from '../context';
import { bearerToken, verifyAccessToken, type AccessClaims } from './accessToken';
import { badRequest, forbidden } from './errors';
import { findSession, type SessionRow } from './sessions';
import { findUserById, isBanned, type UserRow } from './users';

export interface Authenticated {
  claims: AccessClaims;
  user: UserRow;
  session: SessionRow | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * GoTrue's requireAuthentication: a valid user access token whose user and session still exist,
 * and a user who is not banned (an access token issued before the ban no longer works).
 */
export async function authenticate(request: Request, ctx: StandInContext): Promise<Authenticated> {
  const claims = await verifyAccessToken(bearerToken(request), ctx.jwtSecret);
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(claims.sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let session: SessionRow | undefined;
  const sessionId = claims.session_id;
  if (typeof sessionId === 'string' && sessionId !== '' && sessionId !== NIL_UUID) {
    if (!UUID.test(sessionId)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    session = await findSession(ctx.db, sessionId);
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return { claims, user, session };
}

/** The roles GoTrue's requireAdminCredentials accepts (GOTRUE_JWT_ADMIN_ROLES). */
const ADMIN_ROLES = ['service_role', 'supabase_admin'];

export async function requireAdmin(request: Request, ctx: StandInContext): Promise<void> {
  const claims = await verifyAccessToken(bearerToken(request), ctx.jwtSecret);
  if (!ADMIN_ROLES.includes(String(claims.role))) throw forbidden('not_admin', 'User not allowed');
}
