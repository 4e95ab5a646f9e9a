import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { attempt, IDENTITIES } from './fixtures';

/**
 * Supabase's Security Advisor (scripts/hosted-model/advisor.sql, from supabase/splinter) on the
 * migrated and seeded database, with the schemas a hosted project's PostgREST exposes.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

/** The findings, in a transaction that also runs `before` (as the superuser) and rolls back. */
async function advisorFindings(before = '') {
  const lints = await readFile(new URL('../../scripts/hosted-model/advisor.sql', import.meta.url), 'utf8');
  const outcome = await attempt(db, 'superuser', async (tx) => {
    if (before) await tx.exec(before);
    await tx.query(`select set_config('pgrst.db_schemas', 'public, storage, graphql_public', true)`);
    return (await tx.query<{ level: string; name: string; object: string }>(lints)).rows;
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.value;
}

describe('Security Advisor', () => {
  it('reports no error, and as warnings only the functions the admin app calls as authenticated', async () => {
    expect(await advisorFindings()).toEqual(
      [
        'admin_accept_invitation()',
        'admin_add_operator(operator uuid, new_role text)',
        'admin_dashboard_stats()',
        'admin_delete_forever(ids uuid[])',
        'admin_list_users(search text)',
        'admin_mfa_status()',
        'admin_operator_emails(operators uuid[])',
        'admin_owner_ids(words text[])',
        'admin_person(person uuid, per_section integer)',
        'admin_record_version(resource text, record_id text, entry_id bigint)',
        'admin_reset_operator_factors(operator uuid)',
        'admin_restore_trashed(ids uuid[])',
        'admin_restore_version(resource text, record_id text, entry_id bigint, version timestamp with time zone, language text)',
        'admin_role()',
        'admin_search(q text, per_kind integer)',
        'admin_set_operator_active(operator uuid, active boolean)',
        'admin_set_operator_role(operator uuid, new_role text)',
        'admin_team()',
        'admin_trash_retention_days()',
        'has_admin_role(VARIADIC roles text[])',
        'is_admin()',
        'push_audience_count(definition jsonb)',
        'push_audience_sample(definition jsonb)',
        'push_operators()',
        'push_send_approve(send uuid)',
        'push_send_change(send uuid, title_en text, body_en text, title_hi text, body_hi text, send_at_local timestamp without time zone, urgent boolean)',
        'push_send_create(definition jsonb, title_en text, body_en text, title_hi text, body_hi text, send_at_local timestamp without time zone, urgent boolean, audience_id uuid, data jsonb)',
        'push_send_set_status(send uuid, new_status text)',
        'record_history_access(OUT readable text[], OUT hidden text[])',
        'update_admin_settings(mfa_required boolean, audit_retention_days integer, trash_retention_days integer)',
        'update_push_settings(approval_threshold integer, daily_cap integer)',
      ].map((fn) => ({
        level: 'WARN',
        name: 'authenticated_security_definer_function_executable',
        object: `public.${fn}`,
      })),
    );
  });

  it('finds the errors the admin views had: an owner-rights view joining auth.users', async () => {
    const findings =
      await advisorFindings(`create view public.advisor_probe as select u.email from auth.users u;
                                            grant select on public.advisor_probe to authenticated`);
    expect(findings.filter((f) => f.level === 'ERROR')).toEqual([
      { level: 'ERROR', name: 'auth_users_exposed', object: 'public.advisor_probe' },
      { level: 'ERROR', name: 'security_definer_view', object: 'public.advisor_probe' },
    ]);
  });
});

describe('the admin views with security_invoker', () => {
  it.each(['admin_scans', 'admin_profiles', 'admin_chats', 'admin_news', 'admin_notifications'])(
    'public.%s reads with the caller’s rights and shows a non-admin no row',
    async (view) => {
      const { rows } = await db.query<{ options: string[] }>(
        `select reloptions as options from pg_class where oid = $1::regclass`,
        [`public.${view}`],
      );
      expect(rows[0].options).toEqual(['security_invoker=true']);
      expect(
        await attempt(
          db,
          IDENTITIES.user,
          async (tx) => (await tx.query(`select * from public.${view}`)).rows.length,
        ),
      ).toEqual({ ok: true, value: 0 });
      expect(
        await attempt(db, IDENTITIES.anon, async (tx) => tx.query(`select * from public.${view}`)),
      ).toMatchObject({
        ok: false,
        code: '42501',
      });
    },
  );

  it('leaves is_admin() to authenticated: anon may not call it', async () => {
    expect(
      await attempt(db, IDENTITIES.anon, async (tx) => tx.query('select public.is_admin()')),
    ).toMatchObject({
      ok: false,
      code: '42501',
    });
  });
});
