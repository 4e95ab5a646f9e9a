import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { LOCAL_JWT_SECRET } from './keys';

// Copied into this realm's Uint8Array: under jsdom, TextEncoder returns another realm's array, which jose
// rejects ("Received an instance of Uint8Array"), so MSW-routed component tests could not authenticate.
const secretKey = (secret: string) => new Uint8Array(new TextEncoder().encode(secret));

export type JwtCheck =
  | { ok: true; claims: JWTPayload & Record<string, unknown> }
  | { ok: false; reason: 'expired' | 'invalid'; message: string };

export async function verifyJwt(token: string, secret = LOCAL_JWT_SECRET): Promise<JwtCheck> {
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), { algorithms: ['HS256'] });
    return { ok: true, claims: payload as JWTPayload & Record<string, unknown> };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    if (error instanceof errors.JWSSignatureVerificationFailed)
      return { ok: false, reason: 'invalid', message: 'JWSError JWSInvalidSignature' };
    return {
      ok: false,
      reason: 'invalid',
      message: 'JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 1)',
    };
  }
}

export function signJwt(
  claims: Record<string, unknown>,
  { expiresInSeconds, secret = LOCAL_JWT_SECRET }: { expiresInSeconds: number; secret?: string },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(secretKey(secret));
}
