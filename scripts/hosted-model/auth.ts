import pg from 'pg';
import { ADMIN_ID, USER_ID, check, asRequest, ADMIN, queryable, count } from './harness';

/**
 * The auth hooks (supabase/schemas/20_audit.sql) as Supabase Auth calls them:
 * connected as supabase_auth_admin (search_path auth, as GoTrue's connection has it), one
 * `select <schema>.<fn>($1::jsonb)` per attempt. A failed password of the admin must land in the
 * trail with their id and email, the answer must be "continue", and an API role may not call it.
 */
export async function authHooks(owner: pg.Client, authAdmin: pg.Client, authenticator: pg.Client) {
  await authAdmin.query('set search_path = auth');
  const event = JSON.stringify({
    metadata: { name: 'password-verification' },
    user_id: ADMIN_ID,
    valid: false,
  });
  const before = await owner.query<{ n: number }>(
    `select count(*)::int as n from public.audit_log where action = 'sign_in_failed'`,
  );
  const answer = await authAdmin.query<{ output: unknown }>(
    'select public.hook_password_verification_attempt($1::jsonb) as output',
    [event],
  );
  const entries = await owner.query<{ actor_id: string; actor_email: string }>(
    `select actor_id, actor_email from public.audit_log where action = 'sign_in_failed' order by id offset $1`,
    [before.rows[0].n],
  );
  const email = (
    await owner.query<{ email: string }>('select email from auth.users where id = $1', [ADMIN_ID])
  ).rows[0]?.email;
  check(
    'password hook as supabase_auth_admin',
    JSON.stringify(answer.rows[0].output) === '{"decision":"continue"}' &&
      entries.rows.length === 1 &&
      entries.rows[0].actor_id === ADMIN_ID &&
      entries.rows[0].actor_email === email,
    JSON.stringify({ answer: answer.rows[0].output, entries: entries.rows }),
  );
  const forged = await asRequest(authenticator, ADMIN, (tx) =>
    tx.query('select public.hook_password_verification_attempt($1::jsonb)', [event]),
  );
  check('hooks refused to API roles', !forged.ok && forged.code === '42501', JSON.stringify(forged));
}

/**
 * Owner emails (supabase/schemas/32_app_data_paging.sql): the trigger the migration
 * role created on auth.users fires when Supabase Auth (supabase_auth_admin) changes an email, and
 * the admin then finds the user's scans by the new email, through the admin view and through
 * admin_owner_ids. The email is put back afterwards.
 */
export async function ownerEmails(owner: pg.Client, authAdmin: pg.Client, authenticator: pg.Client) {
  const moved = 'moved.owner@example.in';
  const before = (
    await owner.query<{ email: string }>('select email from auth.users where id = $1', [USER_ID])
  ).rows[0].email;
  const owned = await count(
    queryable(owner),
    `select count(*) as n from public.scans where user_id = '${USER_ID}'`,
  );
  await authAdmin.query('update auth.users set email = $1 where id = $2', [moved, USER_ID]);
  try {
    const found = await asRequest(authenticator, ADMIN, async (q) => ({
      ids: (await q.query<{ ids: unknown }>('select public.admin_owner_ids($1) as ids', [[moved]])).rows[0]
        .ids,
      scans: await count(q, `select count(*) as n from public.admin_scans where owner_email = '${moved}'`),
    }));
    const want = { ids: [[USER_ID]], scans: owned };
    check(
      'owner emails: an email changed by supabase_auth_admin, found by the admin',
      found.ok && JSON.stringify(found.value) === JSON.stringify(want),
      JSON.stringify({ got: found.ok ? found.value : found, want }),
    );
  } finally {
    await authAdmin.query('update auth.users set email = $1 where id = $2', [before, USER_ID]);
  }
  const closed = await asRequest(authenticator, ADMIN, (q) => q.query('select * from private.user_emails'));
  check(
    'owner emails: private.user_emails closed to API roles',
    !closed.ok && closed.code === '42501',
    JSON.stringify(closed.ok ? 'answered' : closed.code),
  );
}

/**
 * Invitations bound to their address (supabase/schemas/10_operators.sql):
 * the trigger the migration role created on auth.users voids a pending invitation and deactivates an
 * accepted operator when Supabase Auth (supabase_auth_admin) changes the account's email. The demo
 * app user is made a pending invitee for it; everything is put back afterwards.
 */
export async function invitationEmails(owner: pg.Client, authAdmin: pg.Client) {
  const before = (
    await owner.query<{ email: string }>('select email from auth.users where id = $1', [USER_ID])
  ).rows[0].email;
  const row = async () =>
    (
      await owner.query<{ invited_email: string | null; is_active: boolean }>(
        'select invited_email, is_active from public.admin_users where user_id = $1',
        [USER_ID],
      )
    ).rows[0];
  await owner.query(
    `insert into public.admin_users (user_id, role, invited_at, accepted_at, invited_email)
     values ($1, 'editor', now(), null, $2)`,
    [USER_ID, before],
  );
  try {
    await authAdmin.query('update auth.users set email = $1 where id = $2', [
      'moved.invitee@example.in',
      USER_ID,
    ]);
    const pending = await row();
    await owner.query(
      'update public.admin_users set accepted_at = now(), invited_email = $2 where user_id = $1',
      [USER_ID, 'moved.invitee@example.in'],
    );
    await authAdmin.query('update auth.users set email = $1 where id = $2', [before, USER_ID]);
    const accepted = await row();
    const got = { pending, accepted };
    const want = {
      pending: { invited_email: null, is_active: true },
      accepted: { invited_email: 'moved.invitee@example.in', is_active: false },
    };
    check(
      'invitations: an email changed by supabase_auth_admin voids a pending invitation, deactivates an operator',
      JSON.stringify(got) === JSON.stringify(want),
      JSON.stringify({ got, want }),
    );
  } finally {
    await owner.query('delete from public.admin_users where user_id = $1', [USER_ID]);
    await authAdmin.query('update auth.users set email = $1 where id = $2', [before, USER_ID]);
  }
}
