import {
  assumeIdentity,
  isPgError,
  type Database,
  type Queryable,
  type RequestIdentity,
} from '../../mocks/supabase/db';

/** Fixed ids of supabase/seed/10_accounts.sql's demo accounts. */
export const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
export const USER_ID = '00000000-0000-4000-8000-000000000002';
export const INACTIVE_ADMIN_ID = '00000000-0000-4000-8000-000000000003';

/** The seeded chat the demo user owns first (ids of generated seed rows are md5-derived). */
export const USER_CHAT_SQL = `md5('labellens-chat-1')::uuid`;

const signedIn = (sub: string): RequestIdentity => ({
  role: 'authenticated',
  claims: { sub, role: 'authenticated', aud: 'authenticated' },
});

export const IDENTITIES = {
  anon: { role: 'anon', claims: { role: 'anon' } } as RequestIdentity,
  user: signedIn(USER_ID),
  inactiveAdmin: signedIn(INACTIVE_ADMIN_ID),
  admin: signedIn(ADMIN_ID),
} as const;

export type IdentityName = keyof typeof IDENTITIES;

/** The seed's editor and support operators (supabase/seed/10_accounts.sql). */
export const EDITOR_ID = '00000000-0000-4000-8000-000000000005';
export const SUPPORT_ID = '00000000-0000-4000-8000-000000000006';

/** Every kind of caller, the operators by role: a session at aal1 each, anon without one. */
export const ROLES = {
  owner: signedIn(ADMIN_ID),
  editor: signedIn(EDITOR_ID),
  support: signedIn(SUPPORT_ID),
  appUser: IDENTITIES.user,
  anon: IDENTITIES.anon,
} as const;
export type Role = keyof typeof ROLES;

export const IDENTITY_IDS: Record<IdentityName, string | null> = {
  anon: null,
  user: USER_ID,
  inactiveAdmin: INACTIVE_ADMIN_ID,
  admin: ADMIN_ID,
};

export type Outcome<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

/**
 * Runs fn as the identity (role and JWT claims set as PostgREST sets them) and always rolls back,
 * so tests leave the database as they found it (also on a shared Postgres server). Returns fn's
 * value, or the Postgres error it raised. It runs on the owner's connection, so a test may switch
 * back to the superuser (`set_config('role', 'none', true)`) to check what the identity did.
 */
export async function attempt<T>(
  db: Database,
  identity: RequestIdentity | 'superuser',
  fn: (tx: Queryable) => Promise<T>,
): Promise<Outcome<T>> {
  const run = async (tx: Queryable) => {
    throw new Rollback(await fn(tx));
  };
  try {
    await db.transaction(async (tx) => {
      if (identity !== 'superuser') await assumeIdentity(tx, identity);
      await run(tx);
    });
  } catch (error) {
    if (error instanceof Rollback) return { ok: true, value: error.value as T };
    if (isPgError(error)) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('unreachable: the transaction always rolls back');
}

/** A single number from a superuser query (counts are ints in both drivers). */
export async function count(db: Queryable, sql: string, params?: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql, params);
  return Number(rows[0].n);
}

/** How many of a push send's deliveries FCM accepted. */
export const sentDeliveries = (db: Queryable, sendId: string) =>
  count(db, `select count(*) n from public.push_deliveries where send_id = $1 and status = 'sent'`, [sendId]);
