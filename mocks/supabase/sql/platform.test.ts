import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/snapshot';
import { withIdentity } from '../db/identity';
import type { Database, Queryable } from '../db/types';

// The stand-in's platform as GoTrue's migrations and supabase/postgres's role migrations leave a
// hosted project: a migration or seed that relies on something only the stand-in had fails here.

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

/**
 * Runs `fn` in a transaction that is always rolled back, on one connection (a server's pool would
 * send each statement to any of its connections).
 */
const rolledBack = async (fn: (tx: Queryable) => Promise<void>) => {
  const rollback = new Error('rolled back');
  await db
    .transaction(async (tx) => {
      await fn(tx);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
};

/** The SQLSTATE `sql` fails with inside `tx`, or null if it succeeds (undone either way). */
const rejects = async (tx: Queryable, sql: string) => {
  await tx.exec('savepoint probe');
  try {
    await tx.query(sql);
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? 'unknown';
  } finally {
    await tx.exec('rollback to savepoint probe');
  }
};

describe("GoTrue's auth.users", () => {
  it('has no defaults for the columns GoTrue writes itself', async () => {
    const { rows } = await db.query<{ column_name: string; column_default: string | null }>(
      `select column_name::text, column_default::text from information_schema.columns
        where table_schema = 'auth' and table_name = 'users'
          and column_name in ('id', 'aud', 'role', 'raw_app_meta_data', 'raw_user_meta_data', 'created_at', 'updated_at')
        order by column_name`,
    );
    expect(rows).toEqual(
      ['aud', 'created_at', 'id', 'raw_app_meta_data', 'raw_user_meta_data', 'role', 'updated_at'].map(
        (column_name) => ({ column_name, column_default: null }),
      ),
    );
    await rolledBack(async (tx) => {
      expect(await rejects(tx, `insert into auth.users (email) values ('no-id@example.in')`)).toBe('23502');
    });
  });

  it('computes confirmed_at and refuses a write to it (generated column)', async () => {
    await rolledBack(async (tx) => {
      const { rows } = await tx.query<{ confirmed: boolean }>(
        `insert into auth.users (id, email, email_confirmed_at, phone_confirmed_at)
         values (gen_random_uuid(), 'generated@example.in', '2024-05-02T00:00:00Z', '2024-05-01T00:00:00Z')
         returning confirmed_at = '2024-05-01T00:00:00Z'::timestamptz as confirmed`,
      );
      expect(rows).toEqual([{ confirmed: true }]);
      expect(
        await rejects(tx, `update auth.users set confirmed_at = now() where email = 'generated@example.in'`),
      ).toBe('428C9');
    });
  });

  it('keeps emails unique only among non-SSO accounts (users_email_partial_key)', async () => {
    await rolledBack(async (tx) => {
      await tx.query(
        `insert into auth.users (id, email, is_sso_user) values (gen_random_uuid(), 'admin@labellens.dev', true)`,
      );
      expect(
        await rejects(
          tx,
          `insert into auth.users (id, email) values (gen_random_uuid(), 'admin@labellens.dev')`,
        ),
      ).toBe('23505');
    });
  });

  it('has the columns GoTrue added after its first schema', async () => {
    const { rows } = await db.query<{ column_name: string }>(
      `select column_name::text from information_schema.columns
        where table_schema = 'auth' and table_name = 'users'
          and column_name in ('email_change_token_current', 'reauthentication_token', 'phone_change_token',
                              'reauthentication_sent_at', 'phone_change_sent_at', 'confirmed_at')
        order by column_name`,
    );
    expect(rows.map((r) => r.column_name)).toEqual([
      'confirmed_at',
      'email_change_token_current',
      'phone_change_sent_at',
      'phone_change_token',
      'reauthentication_sent_at',
      'reauthentication_token',
    ]);
  });
});

describe('the rest of the auth schema', () => {
  it('turns row level security on for every auth table, owned by supabase_auth_admin', async () => {
    const { rows } = await db.query<{ relname: string; rls: boolean; owner: string }>(
      `select relname::text, relrowsecurity as rls, pg_get_userbyid(relowner)::text as owner
         from pg_class where relnamespace = 'auth'::regnamespace and relkind = 'r' order by relname`,
    );
    expect(rows).toEqual(
      [
        'audit_log_entries',
        'identities',
        'instances',
        'mfa_amr_claims',
        'mfa_challenges',
        'mfa_factors',
        'refresh_tokens',
        'sessions',
        'users',
      ].map((relname) => ({ relname, rls: true, owner: 'supabase_auth_admin' })),
    );
  });

  it('gives every seeded user an identity, with the generated lower-case email', async () => {
    const { rows } = await db.query<{ users: number; identities: number; mismatched: number }>(
      `select (select count(*)::int from auth.users) as users,
              (select count(*)::int from auth.identities) as identities,
              (select count(*)::int from auth.identities i join auth.users u on u.id = i.user_id
                where i.email is distinct from lower(u.email)) as mismatched`,
    );
    expect(rows[0].identities).toBe(rows[0].users);
    expect(rows[0].mismatched).toBe(0);
  });

  it('types sessions.aal as auth.aal_level and has the MFA enums', async () => {
    const { rows } = await db.query<{ type: string }>(
      `select format_type(atttypid, atttypmod) as type from pg_attribute
        where attrelid = 'auth.sessions'::regclass and attname = 'aal'`,
    );
    expect(rows).toEqual([{ type: 'auth.aal_level' }]);
    const enums = await db.query<{ name: string; labels: string[] }>(
      `select t.typname::text as name, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
         from pg_type t join pg_enum e on e.enumtypid = t.oid
        where t.typnamespace = 'auth'::regnamespace group by t.typname order by t.typname`,
    );
    expect(enums.rows).toEqual([
      { name: 'aal_level', labels: ['aal1', 'aal2', 'aal3'] },
      { name: 'factor_status', labels: ['unverified', 'verified'] },
      { name: 'factor_type', labels: ['totp', 'webauthn', 'phone'] },
    ]);
  });

  it('answers auth.email() from the JWT claims', async () => {
    const email = await withIdentity(
      db,
      { role: 'authenticated', claims: { role: 'authenticated', email: 'user@labellens.dev' } },
      async (tx) => (await tx.query<{ email: string }>('select auth.email() as email')).rows[0].email,
    );
    expect(email).toBe('user@labellens.dev');
  });

  it('shows an API role no auth.users row even with a table grant (RLS, no policy)', async () => {
    await db.exec('grant select on auth.users to authenticated');
    try {
      const seen = await withIdentity(
        db,
        {
          role: 'authenticated',
          claims: { role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001' },
        },
        async (tx) => (await tx.query<{ n: number }>('select count(*)::int as n from auth.users')).rows[0].n,
      );
      expect(seen).toBe(0);
    } finally {
      await db.exec('revoke select on auth.users from authenticated');
    }
  });
});

describe('the API roles', () => {
  it('inherit, and carry the hosted statement and lock timeouts', async () => {
    const { rows } = await db.query<{ rolname: string; rolinherit: boolean; config: string[] | null }>(
      `select r.rolname::text, r.rolinherit,
              (select array_agg(c order by c) from unnest(s.setconfig) c) as config
         from pg_roles r left join pg_db_role_setting s on s.setrole = r.oid and s.setdatabase = 0
        where r.rolname in ('anon', 'authenticated', 'authenticator', 'service_role') order by r.rolname`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolinherit: true, config: ['statement_timeout=3s'] },
      { rolname: 'authenticated', rolinherit: true, config: ['statement_timeout=8s'] },
      // and PostgREST's pre-request function, which migration supabase/schemas/00_setup.sql configures
      {
        rolname: 'authenticator',
        rolinherit: false,
        config: ['lock_timeout=8s', 'pgrst.db_pre_request=public.pre_request', 'statement_timeout=8s'],
      },
      { rolname: 'service_role', rolinherit: true, config: null },
    ]);
  });
});

describe('the role migrations and the seed run as', () => {
  it("has hosted postgres's rights (no superuser, BYPASSRLS, no CREATE on auth) and owns what they made", async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `select r.rolsuper, r.rolbypassrls, has_schema_privilege(r.oid, 'auth', 'CREATE') as create_on_auth,
              (select array_agg(distinct pg_get_userbyid(c.relowner)::text) from pg_class c
                where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace, 'admin_reads'::regnamespace)
                  and c.relkind in ('r', 'v')) as owners
         from pg_roles r where r.rolname = 'hosted_postgres'`,
    );
    expect(rows).toEqual([
      { rolsuper: false, rolbypassrls: true, create_on_auth: false, owners: ['hosted_postgres'] },
    ]);
  });
});

describe("the database's owner", () => {
  it("is the migrations' role, as hosted postgres owns its database: their grants on schema public take effect", async () => {
    // supabase/schemas/20_audit.sql grants it; a role without pg_database_owner's rights on public
    // would have been told "no privileges were granted" and left the ACL without it.
    const { rows } = await db.query<{ granted: boolean }>(
      `select 'supabase_auth_admin=U/pg_database_owner' = any(nspacl::text[]) as granted
         from pg_namespace where nspname = 'public'`,
    );
    expect(rows).toEqual([{ granted: true }]);
  });
});
