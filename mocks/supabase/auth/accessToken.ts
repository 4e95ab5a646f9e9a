import { errors, jwtVerify, type JWTPayload } from 'jose';
import { ACCESS_TOKEN_SECONDS } from '../keys';
import { signJwt } from '../jwt';
import { AuthHttpError, forbidden } from './errors';
import type { Assurance } from './sessions';
import type { UserRow } from './users';

export type AccessClaims = JWTPayload & { role?: string; session_id?: string; [claim: string]: unknown };

/** Signs the access token GoTrue issues for a session, claim for claim (AccessTokenClaims). */
export function issueAccessToken(
  user: UserRow,
  sessionId: string,
  { aal, amr }: Assurance,
  { issuer, secret }: { issuer: string; secret: string },
): Promise<string> {
  return signJwt(
    {
      iss: issuer,
      sub: user.id,
      aud: user.aud ?? 'authenticated',
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? 'authenticated',
      aal,
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    { expiresInSeconds: ACCESS_TOKEN_SECONDS, secret },
  );
}

/** GoTrue's extractBearerToken: 401 no_authorization without `Authorization: Bearer <token>`. */
export function bearerToken(request: Request): string {
  const match = /^bearer (\S+)$/i.exec(request.headers.get('authorization') ?? '');
  if (!match) throw new AuthHttpError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  return match[1];
}

/** The golang-jwt v5 error text GoTrue puts after 'invalid JWT: unable to parse or verify signature, '. */
function goJwtReason(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'token has invalid claims: token is expired';
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf')
    return 'token has invalid claims: token is not valid yet';
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'iat')
    return 'token has invalid claims: token used before issued';
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return 'token signature is invalid: signature is invalid';
  if (error instanceof errors.JOSEAlgNotAllowed)
    return 'token is unverifiable: error while executing keyfunc: missing kid';
  if (error instanceof errors.JWSInvalid && /Invalid Compact JWS/.test(error.message))
    return 'token is malformed: token contains an invalid number of segments';
  return 'token is malformed: could not JSON decode header';
}

/** GoTrue's parseJWTClaims: HS256 with the project's secret, else 403 bad_jwt. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims> {
  try {
    // Copied into this realm's Uint8Array: under jsdom TextEncoder answers with another realm's array,
    // which jose refuses (as in ../jwt.ts).
    const key = new Uint8Array(new TextEncoder().encode(secret));
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    return payload as AccessClaims;
  } catch (error) {
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${goJwtReason(error)}`);
  }
}
