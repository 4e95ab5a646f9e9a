import { decodeJwt } from 'jose';
import type { StandInContext } from '../context';
import type { Queryable } from '../db';
import { ACCESS_TOKEN_SECONDS } from '../keys';
import { issueAccessToken } from './accessToken';
import { goTrueUserOf } from './factors';
import { sessionAssurance, type SessionRow } from './sessions';
import type { UserRow } from './users';

/**
 * GoTrue's AccessTokenResponse for a session, with a freshly signed access token whose `iss` is Auth's
 * configured address (GOTRUE_JWT_ISSUER, the CLI's default being Auth's external URL), not the Host.
 */
export async function sessionResponse(
  ctx: StandInContext,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  db: Queryable = ctx.db,
): Promise<Response> {
  const accessToken = await issueAccessToken(user, session.id, await sessionAssurance(db, session.id), {
    issuer: ctx.auth.externalUrl,
    secret: ctx.jwtSecret,
  });
  return Response.json({
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: decodeJwt(accessToken).exp,
    refresh_token: refreshToken,
    user: await goTrueUserOf(db, user),
  });
}

export async function markSignedIn(db: Queryable, userId: string): Promise<void> {
  await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
}
