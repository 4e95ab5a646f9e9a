import type { ApiRole, Database, RequestIdentity } from '../db';
import { verifyJwt } from '../jwt';
import { jwtError, noApiKey, RestError } from './errors';

const API_ROLES = new Set<string>(['anon', 'authenticated', 'service_role']);

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
  const check = await verifyJwt(token, jwtSecret);
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
