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

const serviceRoleKeys = new Map<string, Promise<string>>();

/**
 * The service role key of a stand-in signed with `secret`: what Supabase's runtime hands its edge
 * functions (SUPABASE_SERVICE_ROLE_KEY) and what the stand-in's scheduled jobs post with. The
 * Supabase CLI's published key (keys.ts) has these claims, so for the local secret it is that very
 * string. Signed here, not read from keys.ts, so it matches any secret, and so the demo's bundle
 * carries no service-role JWT (scripts/demoKeys.ts checks dist-demo/).
 */
export function serviceRoleKey(secret: string): Promise<string> {
  let key = serviceRoleKeys.get(secret);
  if (!key) {
    key = new SignJWT({ iss: 'supabase-demo', role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(CLI_KEYS_EXPIRE)
      .sign(secretKey(secret));
    serviceRoleKeys.set(secret, key);
  }
  return key;
}

/** The `exp` of the Supabase CLI's published anon and service role keys. */
const CLI_KEYS_EXPIRE = 1983812996;

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
