import type { ApiRole, Database, RequestIdentity } from '../db';
import { verifyJwt, type JwtCheck } from '../jwt';
import { jwtError, noApiKey, RestError } from './errors';

const API_ROLES = new Set<string>(['anon', 'authenticated', 'service_role']);

/**
 * Verified tokens, as PostgREST 12 caches them: the first request with a token verifies it, later
 * ones until its `exp` reuse the claims (Server-Timing's jwt phase drops from a signature check to
 * a lookup). Keyed by secret and token; the oldest entries go past MAX_CACHED.
 */
const MAX_CACHED = 1000;
const verified = new Map<string, { claims: Record<string, unknown>; expiresAtMs: number }>();

async function verifyCached(token: string, jwtSecret: string): Promise<JwtCheck> {
  const key = `${jwtSecret}\u0000${token}`;
  const hit = verified.get(key);
  if (hit && Date.now() < hit.expiresAtMs) return { ok: true, claims: hit.claims };
  verified.delete(key);
  const check = await verifyJwt(token, jwtSecret);
  // A token without an expiry is checked every time (PostgREST caches by exp).
  if (check.ok && typeof check.claims.exp === 'number') {
    if (verified.size >= MAX_CACHED) verified.delete(verified.keys().next().value!);
    verified.set(key, { claims: check.claims, expiresAtMs: check.claims.exp * 1000 });
  }
  return check;
}

/**
 * Who is calling: the Bearer token, else the apikey (header or url param) as the JWT, as
 * Supabase's gateway forwards it; verified with the project's secret. A token without a role
 * claim is anon (PostgREST's db-anon-role).
 */
export async function resolveIdentity(
  request: Request,
  db: Database,
  jwtSecret: string,
): Promise<RequestIdentity> {
  const authorization = request.headers.get('authorization');
  const apikey = request.headers.get('apikey') ?? new URL(request.url).searchParams.get('apikey');
  const bearer = authorization?.match(/^Bearer\s*(.*)$/i)?.[1]?.trim();
  const token = bearer ?? (authorization ? undefined : apikey);
  if (token === undefined || token === null) {
    if (!authorization && !apikey) throw noApiKey();
    throw jwtError('PGRST301', 'Expected 3 parts in JWT; got 1');
  }
  if (token === '') throw jwtError('PGRST301', 'Empty JWT is sent in Authorization header');
  const check = await verifyCached(token, jwtSecret);
  if (!check.ok) throw jwtError(check.reason === 'expired' ? 'PGRST303' : 'PGRST301', check.message);
  const role = typeof check.claims.role === 'string' ? check.claims.role : 'anon';
  if (!API_ROLES.has(role)) await refuseRole(db, role);
  return { role: role as ApiRole, claims: check.claims };
}

/** What Postgres answers when the authenticator may not (or cannot) switch to the JWT's role. */
async function refuseRole(db: Database, role: string): Promise<never> {
  const exists = (await db.query('select 1 from pg_roles where rolname = $1', [role])).rows.length > 0;
  if (exists) {
    throw new RestError(403, {
      code: '42501',
      message: `permission denied to set role "${role}"`,
      details: null,
      hint: null,
    });
  }
  throw new RestError(
    401,
    { code: '22023', message: `role "${role}" does not exist`, details: null, hint: null },
    { 'WWW-Authenticate': 'Bearer' },
  );
}
