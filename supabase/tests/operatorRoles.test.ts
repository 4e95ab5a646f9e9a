import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assumeIdentity, type Database, type Queryable, type RequestIdentity } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { OPERATOR_ROLES, operatorCan } from '../../src/domain/operatorRoles';
import { OPERATOR_ACCESS } from '../../src/resources';
import { ADMIN_ID, attempt, count, USER_ID, type Outcome } from './fixtures';

/**
 * The operator roles, cell by cell (docs/architecture.md: "Operator roles"): each role and a
 * non-operator (the demo app user) against every row of the table. The editor and the support
 * operator are made in each test's own transaction, which always rolls back.
 */

const EDITOR_ID = '00000000-0000-4000-8000-0000000000e1';
const SUPPORT_ID = '00000000-0000-4000-8000-0000000000e2';
const MFA_ADMIN_ID = '00000000-0000-4000-8000-000000000004';

type Who = 'owner' | 'editor' | 'support' | 'nonOperator';
const IDS: Record<Who, string> = {
  owner: ADMIN_ID,
  editor: EDITOR_ID,
  support: SUPPORT_ID,
  nonOperator: USER_ID,
};
const WHO: Who[] = ['owner', 'editor', 'support', 'nonOperator'];

const signedIn = (sub: string, aal: 'aal1' | 'aal2' = 'aal1'): RequestIdentity => ({
  role: 'authenticated',
  claims: { sub, role: 'authenticated', aud: 'authenticated', aal },
});

async function addOperators(tx: Queryable) {
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', 'editor@labellens.test', '', now(), now()),
            ('00000000-0000-0000-0000-000000000000', $2, 'authenticated', 'authenticated', 'support@labellens.test', '', now(), now())`,
    [EDITOR_ID, SUPPORT_ID],
  );
  await tx.query(`insert into public.admin_users (user_id, role) values ($1, 'editor'), ($2, 'support')`, [
    EDITOR_ID,
    SUPPORT_ID,
  ]);
}

/** fn as `who`, after the superuser added the editor and support operators (and ran setup). */
function as<T>(
  who: Who,
  fn: (tx: Queryable) => Promise<T>,
  setup?: (tx: Queryable) => Promise<unknown>,
  aal: 'aal1' | 'aal2' = 'aal1',
): Promise<Outcome<T>> {
  return attempt(db, 'superuser', async (tx) => {
    await addOperators(tx);
    if (setup) await setup(tx);
    await assumeIdentity(tx, signedIn(IDS[who], aal));
    return fn(tx);
  });
}

const DENIED = { ok: false, code: '42501' };
/**
 * Whether `who` lists the screen's records, as the registry's access says (no role list here). The
 * writes, cell by cell, are supabase/tests/registryAccess.test.ts's.
 */
const lists = (who: Who, screen: string) =>
  who !== 'nonOperator' && operatorCan(OPERATOR_ACCESS, who, screen, 'list');
/** The screen that shows each table's rows (devices and a chat's messages: the person's and the chat's screens). */
const SCREEN_OF: Record<string, string> = {
  scans: 'scans',
  profiles: 'profiles',
  chats: 'chats',
  messages: 'chats',
  user_devices: 'users',
  payments: 'payments',
};
/** The seed's app user who never confirmed their address: the only kind admin_add_operator adds. */
const UNCONFIRMED_SQL = `md5('labellens-user-9')::uuid`;
/** The mfa demo owner becomes an editor (SQL as the superuser). */
const mfaOwnerStepsDown = (tx: Queryable) =>
  tx.query(`update public.admin_users set role = 'editor' where user_id = $1`, [MFA_ADMIN_ID]);
const rowsOf = async (tx: Queryable, sql: string) => count(tx, `select count(*) as n from (${sql}) q`);

let db: Database;
let totals: Record<string, number>;
beforeAll(async () => {
  db = await openTestDatabase();
  const n = (sql: string) => count(db, `select count(*) as n from ${sql}`);
  totals = {
    scans: await n('public.scans'),
    profiles: await n('public.profiles'),
    chats: await n('public.chats'),
    messages: await n('public.messages'),
    user_devices: await n('public.user_devices'),
    payments: await n('public.payments'),
    contact_messages: await n('public.contact_messages'),
    notifications: await n('public.notifications'),
    auditLog: await n('public.audit_log'),
  };
  for (const [name, total] of Object.entries(totals)) {
    if (name !== 'auditLog') expect(total, name).toBeGreaterThan(0);
  }
});
afterAll(() => db.close());

describe('the role helpers', () => {
  it.each([
    ['owner', 'owner'],
    ['editor', 'editor'],
    ['support', 'support'],
    ['nonOperator', null],
  ] as const)('admin_role() as %s is %s', async (who, role) => {
    expect(
      await as(who, async (tx) => (await tx.query('select public.admin_role() as r')).rows[0].r),
    ).toEqual({
      ok: true,
      value: role,
    });
  });

  it('answers no role for a deactivated operator, and has_admin_role() lists several', async () => {
    const outcome = await as(
      'support',
      async (tx) =>
        (
          await tx.query(
            `select public.admin_role() as role, public.is_admin() as admin,
                    public.has_admin_role('owner', 'support') as support`,
          )
        ).rows[0],
      (tx) => tx.query('update public.admin_users set is_active = false where user_id = $1', [SUPPORT_ID]),
    );
    expect(outcome).toEqual({ ok: true, value: { role: null, admin: false, support: false } });
    expect(
      await as(
        'support',
        async (tx) => (await tx.query(`select public.has_admin_role('owner', 'support') as ok`)).rows[0].ok,
      ),
    ).toEqual({ ok: true, value: true });
    expect(
      await as(
        'editor',
        async (tx) => (await tx.query(`select public.has_admin_role('owner', 'support') as ok`)).rows[0].ok,
      ),
    ).toEqual({ ok: true, value: false });
  });
});

describe('the roles', () => {
  it("are the screens' OPERATOR_ROLES, for the column's check and the functions that take a role", async () => {
    const { rows } = await db.query<{ role: string; known: boolean }>(
      `select r as role, private.is_operator_role(r) as known
         from unnest($1::text[]) r`,
      [[...OPERATOR_ROLES, 'viewer', 'Owner', '']],
    );
    expect(rows).toEqual([
      ...OPERATOR_ROLES.map((role) => ({ role, known: true })),
      { role: 'viewer', known: false },
      { role: 'Owner', known: false },
      { role: '', known: false },
    ]);
  });
});

describe('dashboard (aggregate figures): every operator', () => {
  it.each(WHO)('as %s', async (who) => {
    const outcome = await as(who, async (tx) => {
      const { rows } = await tx.query<{ s: Record<string, unknown> }>(
        'select public.admin_dashboard_stats() as s',
      );
      const { scans, profiles, chats, payments } = rows[0].s;
      return { scans, profiles, chats, payments };
    });
    if (who === 'nonOperator') expect(outcome).toMatchObject(DENIED);
    // The figures themselves, the same for every operator: those of the whole tables.
    else
      expect(outcome).toEqual({
        ok: true,
        value: {
          scans: totals.scans,
          profiles: totals.profiles,
          chats: totals.chats,
          payments: totals.payments,
        },
      });
  });
});

describe('scans, profiles, chats, users: the roles that list them read every row, others their own', () => {
  const READS = ['scans', 'profiles', 'chats', 'messages', 'user_devices', 'payments'];
  const OWN: Record<string, string> = {
    scans: 'user_id = $1',
    profiles: 'user_id = $1',
    chats: 'user_id = $1',
    messages: 'chat_id in (select id from public.chats where user_id = $1)',
    user_devices: 'user_id = $1',
    payments: 'user_id = $1',
  };
  const VIEWS = ['admin_scans', 'admin_profiles', 'admin_chats'];

  it.each(WHO.flatMap((who) => READS.map((table) => [who, table] as const)))(
    '%s reads %s',
    async (who, table) => {
      const outcome = await as(who, (tx) => rowsOf(tx, `select 1 from public.${table}`));
      const expected = lists(who, SCREEN_OF[table])
        ? totals[table]
        : await count(db, `select count(*) as n from public.${table} where ${OWN[table]}`, [IDS[who]]);
      expect(outcome).toEqual({ ok: true, value: expected });
      if (who === 'nonOperator') expect(expected).toBeGreaterThan(0);
    },
  );

  it.each(WHO.flatMap((who) => VIEWS.map((view) => [who, view] as const)))(
    '%s reads %s',
    async (who, view) => {
      const outcome = await as(who, (tx) => rowsOf(tx, `select 1 from public.${view}`));
      const base = view.replace('admin_', '');
      expect(outcome).toEqual({ ok: true, value: lists(who, base) ? totals[base] : 0 });
    },
  );

  it.each(WHO)('%s lists users and resolves owner emails', async (who) => {
    const outcome = await as(who, async (tx) => ({
      users: await rowsOf(tx, 'select * from public.admin_list_users(null)'),
      ids: (await tx.query(`select jsonb_array_length(public.admin_owner_ids(array['labellens.dev'])) as n`))
        .rows[0].n,
    }));
    if (lists(who, 'users')) {
      const users = await count(db, 'select count(*) as n from auth.users where deleted_at is null');
      expect(outcome).toEqual({ ok: true, value: { users: users + 2, ids: 1 } });
    } else {
      expect(outcome).toEqual({ ok: false, code: '42501', message: 'Admin privileges required' });
    }
  });

  it.each(WHO)('%s pages the scans list', async (who) => {
    const outcome = await as(
      who,
      async (tx) =>
        (
          await tx.query(
            `select jsonb_array_length(public.admin_page_rows('scans', 'admin_scans',
               '[{"field": "created_at", "ascending": false}, {"field": "id", "ascending": false}]', 0, 5)) as n`,
          )
        ).rows[0].n,
    );
    if (lists(who, 'scans')) expect(outcome).toEqual({ ok: true, value: 5 });
    // The editor pages among the scans its policies let it read: its own as an app user, none here.
    else if (who === 'editor') expect(outcome).toEqual({ ok: true, value: 0 });
    else expect(outcome).toEqual({ ok: false, code: '42501', message: 'Admin privileges required' });
  });
});

describe('news, health tips, tags: every operator reads (the writes: registryAccess.test.ts)', () => {
  it.each(WHO)('%s reads every tag, inactive ones only as an operator', async (who) => {
    const all = await count(db, 'select count(*) as n from public.tags');
    const active = await count(db, 'select count(*) as n from public.tags where is_active');
    expect(all).toBeGreaterThan(active);
    expect(await as(who, (tx) => rowsOf(tx, 'select 1 from public.tags'))).toEqual({
      ok: true,
      value: who === 'nonOperator' ? active : all,
    });
  });

  it.each(WHO)('%s pages news', async (who) => {
    const outcome = await as(
      who,
      async (tx) =>
        (
          await tx.query(
            `select jsonb_array_length(public.admin_page_rows('news', 'news',
               '[{"field": "created_at", "ascending": false}, {"field": "id", "ascending": false}]', 0, 2)) as n`,
          )
        ).rows[0].n,
    );
    if (who === 'nonOperator')
      expect(outcome).toEqual({ ok: false, code: '42501', message: 'Admin privileges required' });
    else expect(outcome).toEqual({ ok: true, value: 2 });
  });
});

describe('contact inbox: its readers read every message (triage: registryAccess.test.ts)', () => {
  it.each(WHO)('%s reads', async (who) => {
    const outcome = await as(who, (tx) => rowsOf(tx, 'select 1 from public.contact_messages'));
    expect(outcome).toEqual({
      ok: true,
      value: lists(who, 'contact-messages') ? totals.contact_messages : 0,
    });
  });
});

describe('push history: its readers (the send-notification function asks admin_role())', () => {
  it.each(WHO)('%s reads notifications', async (who) => {
    const push = lists(who, 'notifications');
    const outcome = await as(who, async (tx) => ({
      table: await rowsOf(tx, 'select 1 from public.notifications'),
      view: await rowsOf(tx, 'select 1 from public.admin_notifications'),
    }));
    const n = push ? totals.notifications : 0;
    expect(outcome).toEqual({ ok: true, value: { table: n, view: n } });
  });
});

describe("audit log: a versioned record's history to whoever may restore it, other entries to owners and each operator's own", () => {
  // One entry by each operator on a news item (versioned: owners and editors restore it) and on a
  // contact message (no versions), besides whatever the trail holds.
  const entries = (tx: Queryable) =>
    tx.query(
      `insert into public.audit_log (actor_id, action, resource)
       select id, 'update', r from unnest($1::uuid[]) id, unnest(array['news', 'contact_messages']) r`,
      [[ADMIN_ID, EDITOR_ID, SUPPORT_ID, USER_ID]],
    );
  it.each(WHO)('as %s', async (who) => {
    const outcome = await as(who, (tx) => rowsOf(tx, 'select 1 from public.audit_log'), entries);
    const inTrail = await attempt(db, 'superuser', async (tx) => {
      await addOperators(tx);
      await entries(tx);
      const n = (where: string) =>
        count(tx, `select count(*) as n from public.audit_log where ${where}`, [IDS[who]]);
      return {
        all: await n('$1::uuid is not null'),
        ownUnversioned: await n(
          `actor_id = $1 and resource not in ('news', 'health_tips', 'tags', 'admin_settings')`,
        ),
        versioned: await n(`resource in ('news', 'health_tips', 'tags') and $1::uuid is not null`),
      };
    });
    if (!inTrail.ok) throw new Error(inTrail.message);
    const { all, ownUnversioned, versioned } = inTrail.value;
    const expected = {
      owner: all,
      editor: versioned + ownUnversioned,
      support: ownUnversioned,
      nonOperator: 0,
    }[who];
    expect(outcome).toEqual({ ok: true, value: expected });
    if (who !== 'nonOperator') expect(expected).toBeGreaterThan(0);
  });
});

describe('team and settings: owner only', () => {
  it.each(WHO)('%s reads the team, the settings and admin_users', async (who) => {
    const outcome = await as(who, async (tx) => ({
      settings: await rowsOf(tx, 'select 1 from public.admin_settings'),
      adminUsers: await rowsOf(tx, 'select 1 from public.admin_users'),
    }));
    const operators = await count(db, 'select count(*) as n from public.admin_users');
    const expected = {
      owner: { settings: 1, adminUsers: operators + 2 },
      editor: { settings: 0, adminUsers: 1 },
      support: { settings: 0, adminUsers: 1 },
      nonOperator: { settings: 0, adminUsers: 0 },
    }[who];
    expect(outcome).toEqual({ ok: true, value: expected });
  });

  const TEAM_CALLS: Record<string, string> = {
    admin_team: 'select count(*) as n from public.admin_team()',
    admin_set_operator_role: `select 1 as n from public.admin_set_operator_role('${EDITOR_ID}', 'support')`,
    admin_set_operator_active: `select 1 as n from public.admin_set_operator_active('${EDITOR_ID}', false)`,
    admin_reset_operator_factors: `select public.admin_reset_operator_factors('${MFA_ADMIN_ID}') as n`,
    update_admin_settings: 'select 1 as n from public.update_admin_settings(audit_retention_days => 400)',
    admin_add_operator: `select 1 as n from public.admin_add_operator(${UNCONFIRMED_SQL}, 'editor')`,
  };
  it.each(WHO.flatMap((who) => Object.keys(TEAM_CALLS).map((call) => [who, call] as const)))(
    '%s calls %s',
    async (who, call) => {
      // The owner acts at aal1 here; an owner with a second factor is changed only at aal2 (below).
      const outcome = await as(
        who,
        async (tx) => Number((await tx.query(TEAM_CALLS[call])).rows[0].n),
        mfaOwnerStepsDown,
      );
      if (who !== 'owner') {
        expect(outcome).toEqual({ ok: false, code: '42501', message: 'Admin privileges required' });
        return;
      }
      const operators = await count(db, 'select count(*) as n from public.admin_users');
      const expected: Record<string, number> = {
        admin_team: operators + 2,
        admin_set_operator_role: 1,
        admin_set_operator_active: 1,
        admin_reset_operator_factors: 1,
        update_admin_settings: 1,
        admin_add_operator: 1,
      };
      expect(outcome).toEqual({ ok: true, value: expected[call] });
    },
  );

  it('lists the team with emails, roles, activity and factors', async () => {
    const outcome = await as(
      'owner',
      async (tx) =>
        (
          await tx.query(
            'select email, role, is_active, has_verified_factor, last_sign_in_at is not null as signed_in from public.admin_team()',
          )
        ).rows,
    );
    expect(outcome).toEqual({
      ok: true,
      value: [
        {
          email: 'admin@labellens.dev',
          role: 'owner',
          is_active: true,
          has_verified_factor: false,
          signed_in: true,
        },
        {
          email: 'inactive-admin@labellens.dev',
          role: 'owner',
          is_active: false,
          has_verified_factor: false,
          signed_in: true,
        },
        {
          email: 'mfa-admin@labellens.dev',
          role: 'owner',
          is_active: true,
          has_verified_factor: true,
          signed_in: true,
        },
        {
          email: 'editor@labellens.dev',
          role: 'editor',
          is_active: true,
          has_verified_factor: false,
          signed_in: true,
        },
        {
          email: 'support@labellens.dev',
          role: 'support',
          is_active: true,
          has_verified_factor: false,
          signed_in: true,
        },
        {
          email: 'editor@labellens.test',
          role: 'editor',
          is_active: true,
          has_verified_factor: false,
          signed_in: false,
        },
        {
          email: 'support@labellens.test',
          role: 'support',
          is_active: true,
          has_verified_factor: false,
          signed_in: false,
        },
      ],
    });
  });
});

describe('an invitation counts once accepted through its emailed link', () => {
  const OLD_SESSION = '00000000-0000-4000-8000-00000000a001';
  const LINK_SESSION = '00000000-0000-4000-8000-00000000a002';
  const LATER_SESSION = '00000000-0000-4000-8000-00000000a003';
  /** A request of the invitee (USER_ID) in a session, with the amr methods its token carries. */
  const invitee = (session: string | null, methods: string[]): RequestIdentity => ({
    role: 'authenticated',
    claims: {
      sub: USER_ID,
      role: 'authenticated',
      aud: 'authenticated',
      aal: 'aal1',
      ...(session ? { session_id: session } : {}),
      amr: methods.map((method) => ({ method, timestamp: 1_700_000_000 })),
    },
  });
  // The demo app user, invited as an owner 5 minutes ago: a pending row for its address, a session
  // from before (someone's sign-up with the address, with a factor and a password), and the session
  // of the emailed link, begun after the invitation.
  const pending = async (tx: Queryable) => {
    await tx.query(
      `insert into public.admin_users (user_id, role, invited_at, accepted_at, invited_email)
       select $1, 'owner', now() - interval '5 minutes', null, lower(u.email) from auth.users u where u.id = $1`,
      [USER_ID],
    );
    await tx.query(
      `insert into auth.sessions (id, user_id, aal, created_at, updated_at)
       values ($2, $1, 'aal1', now() - interval '10 minutes', now()), ($3, $1, 'aal1', now() - interval '1 minute', now())`,
      [USER_ID, OLD_SESSION, LINK_SESSION],
    );
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, 'not mine', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [USER_ID],
    );
  };
  const asInvitee = <T>(session: string | null, methods: string[], fn: (tx: Queryable) => Promise<T>) =>
    as(
      'owner',
      async (tx) => {
        await assumeIdentity(tx, invitee(session, methods));
        return fn(tx);
      },
      pending,
    );
  const rights = async (tx: Queryable) =>
    (
      await tx.query(
        `select public.is_admin() as is_admin, public.admin_role() as role,
                (select count(*)::int from public.admin_users) as admin_rows,
                (select count(*)::int from public.contact_messages) as inbox`,
      )
    ).rows[0];
  const NONE = { is_admin: false, role: null, admin_rows: 0, inbox: 0 };

  it('a pending row grants nothing, to any session of the account', async () => {
    expect(await asInvitee(OLD_SESSION, ['password'], rights)).toEqual({ ok: true, value: NONE });
    expect(await asInvitee(LINK_SESSION, ['otp'], rights)).toEqual({ ok: true, value: NONE });
  });

  it('only a session that began at an emailed link accepts', async () => {
    const REFUSED = {
      ok: false,
      code: '42501',
      message: 'Open the link in your invitation email to accept it',
    };
    const accept = (tx: Queryable) => tx.query('select public.admin_accept_invitation()');
    expect(await asInvitee(OLD_SESSION, ['password'], accept)).toEqual(REFUSED);
    expect(await asInvitee(OLD_SESSION, ['password', 'totp'], accept)).toEqual(REFUSED);
    expect(await asInvitee(null, ['otp'], accept)).toEqual(REFUSED);
    // A link's amr on a session id Auth does not know: refused too.
    expect(await asInvitee('00000000-0000-4000-8000-00000000a0ff', ['otp'], accept)).toEqual(REFUSED);
  });

  it('only for the invited address, and only from a link followed after the invitation', async () => {
    const REFUSED = {
      ok: false,
      code: '42501',
      message: 'Open the link in your newest invitation email to accept it',
    };
    const accept = (tx: Queryable) => tx.query('select public.admin_accept_invitation()');
    // The invitation renewed after the link was followed: only a newer link's session accepts.
    expect(
      await asInvitee(LINK_SESSION, ['otp'], async (tx) => {
        await tx.query("select set_config('role', 'none', true)");
        await tx.query(`update public.admin_users set invited_at = now() where user_id = $1`, [USER_ID]);
        await assumeIdentity(tx, invitee(LINK_SESSION, ['otp']));
        return accept(tx);
      }),
    ).toEqual(REFUSED);
    // The account's address changed (Auth's trigger voids the invitation) or was recorded otherwise.
    expect(
      await asInvitee(LINK_SESSION, ['otp'], async (tx) => {
        await tx.query("select set_config('role', 'none', true)");
        const { rows } = await tx.query<{ email: string }>(`select email from auth.users where id = $1`, [
          USER_ID,
        ]);
        await tx.query(`update auth.users set email = 'elsewhere@evil.test' where id = $1`, [USER_ID]);
        const voided = (
          await tx.query(`select invited_email from public.admin_users where user_id = $1`, [USER_ID])
        ).rows;
        await tx.query(`update auth.users set email = $2 where id = $1`, [USER_ID, rows[0].email]);
        await assumeIdentity(tx, invitee(LINK_SESSION, ['otp']));
        return {
          voided,
          accepted: await accept(tx).then(
            () => true,
            (error: Error) => error.message,
          ),
        };
      }),
    ).toEqual({
      ok: true,
      value: {
        voided: [{ invited_email: null }],
        accepted: 'Open the link in your newest invitation email to accept it',
      },
    });
  });

  it('a token whose session_id is no uuid counts as no session: false, not a 22P02 error', async () => {
    // private.session_id (supabase/schemas/10_operators.sql) reads the claim as text: a cast would raise 22P02 and fail the request.
    const outcome = await asInvitee(LINK_SESSION, ['otp'], async (tx) => {
      await tx.query('select public.admin_accept_invitation()');
      await assumeIdentity(tx, invitee('bench-0', ['password']));
      return rights(tx);
    });
    expect(outcome).toEqual({ ok: true, value: { ...NONE, admin_rows: 1 } });
  });

  it('accepted from the link: audited; the other sessions, the factors and the password are gone; earlier sessions never count', async () => {
    const outcome = await asInvitee(LINK_SESSION, ['otp'], async (tx) => {
      const first = (await tx.query('select public.admin_accept_invitation() as a')).rows[0].a;
      const again = (await tx.query('select public.admin_accept_invitation() as a')).rows[0].a;
      const linkRights = await rights(tx);
      const oldRights = await assumeIdentity(tx, invitee(OLD_SESSION, ['password', 'totp'])).then(() =>
        rights(tx),
      );
      await tx.query("select set_config('role', 'none', true)");
      await tx.query(
        `insert into auth.sessions (id, user_id, aal, created_at, updated_at) values ($2, $1, 'aal1', now(), now())`,
        [USER_ID, LATER_SESSION],
      );
      const laterRights = await assumeIdentity(tx, invitee(LATER_SESSION, ['password'])).then(() =>
        rights(tx),
      );
      await tx.query("select set_config('role', 'none', true)");
      const account = (
        await tx.query(
          `select (select array_agg(id::text) from auth.sessions where user_id = $1) as sessions,
                  (select count(*)::int from auth.mfa_factors where user_id = $1) as factors,
                  (select encrypted_password from auth.users where id = $1) as password,
                  (select accepted_at = (select created_at from auth.sessions where id = $2)
                     from public.admin_users where user_id = $1) as accepted_at_link_start,
                  (select changes ? 'accepted_at' from public.audit_log
                    where resource = 'admin_users' and actor_id = $1 order by id desc limit 1) as audited`,
          [USER_ID, LINK_SESSION],
        )
      ).rows[0];
      return { first, again, linkRights, oldRights, laterRights, account };
    });
    // An owner reads the whole team: the seed's operators, the editor, the support operator and them.
    const team = (await count(db, 'select count(*) as n from public.admin_users')) + 3;
    const OWNER = { is_admin: true, role: 'owner', admin_rows: team, inbox: totals.contact_messages };
    expect(outcome).toEqual({
      ok: true,
      value: {
        first: true,
        again: false,
        linkRights: OWNER,
        // The session from before the acceptance (deleted by it) reads its own row, nothing else.
        oldRights: { ...NONE, admin_rows: 1 },
        laterRights: OWNER,
        account: {
          sessions: [LINK_SESSION, LATER_SESSION],
          factors: 0,
          password: '',
          accepted_at_link_start: true,
          audited: true,
        },
      },
    });
  });
});

describe('adding an invited operator', () => {
  it('adds an account once; an invitation not yet accepted can be renewed with another role', async () => {
    const outcome = await as(
      'owner',
      async (tx) => {
        const added = await tx.query(`select role, is_active from public.admin_add_operator($1, 'support')`, [
          USER_ID,
        ]);
        await tx.query("select set_config('role', 'none', true)");
        await tx.query(`update public.admin_users set accepted_at = now() where user_id = $1`, [USER_ID]);
        await assumeIdentity(tx, signedIn(ADMIN_ID));
        const again = await tx
          .query(`select public.admin_add_operator($1, 'editor')`, [USER_ID])
          .then(() => 'renewed')
          .catch((error: { code: string; message: string }) => `${error.code} ${error.message}`);
        return { added: added.rows, again };
      },
      (tx) => tx.query(`update auth.users set email_confirmed_at = null where id = $1`, [USER_ID]),
    );
    // Accepted: not an invitation to renew.
    expect(outcome).toEqual({
      ok: true,
      value: { added: [{ role: 'support', is_active: true }], again: '23505 Already an operator' },
    });
    const renewed = await as(
      'owner',
      async (tx) => {
        await tx.query(`select public.admin_add_operator($1, 'support')`, [USER_ID]);
        await tx.query(`select public.admin_add_operator($1, 'editor')`, [USER_ID]);
        return (
          await tx.query(`select role, invite_pending from public.admin_team() where user_id = $1`, [USER_ID])
        ).rows;
      },
      // An invited account that has not chosen its password yet.
      (tx) => tx.query(`update auth.users set email_confirmed_at = null where id = $1`, [USER_ID]),
    );
    expect(renewed).toEqual({ ok: true, value: [{ role: 'editor', invite_pending: true }] });
  });

  it("never adds an existing confirmed account that is not a pending invitee (the function's rule)", async () => {
    expect(
      await as('owner', (tx) => tx.query(`select public.admin_add_operator($1, 'editor')`, [USER_ID])),
    ).toEqual({ ok: false, code: '23505', message: 'An existing account cannot be made an operator' });
    // A pending invitee whose account someone confirmed by signing up with the address is renewed,
    // and still grants nothing until accepted.
    const renewed = await as(
      'owner',
      async (tx) => {
        await tx.query(`select public.admin_add_operator($1, 'support')`, [USER_ID]);
        await tx.query("select set_config('role', 'none', true)");
        await tx.query(`update auth.users set email_confirmed_at = now() where id = $1`, [USER_ID]);
        await assumeIdentity(tx, signedIn(ADMIN_ID));
        await tx.query(`select public.admin_add_operator($1, 'owner')`, [USER_ID]);
        await assumeIdentity(tx, signedIn(USER_ID));
        const role = (await tx.query('select public.admin_role() as r')).rows[0].r;
        await assumeIdentity(tx, signedIn(ADMIN_ID));
        const team = (
          await tx.query(`select role, invite_pending from public.admin_team() where user_id = $1`, [USER_ID])
        ).rows;
        return { role, team };
      },
      (tx) => tx.query(`update auth.users set email_confirmed_at = null where id = $1`, [USER_ID]),
    );
    expect(renewed).toEqual({
      ok: true,
      value: { role: null, team: [{ role: 'owner', invite_pending: true }] },
    });
  });

  it('refuses an unknown role and an account that does not exist', async () => {
    expect(
      await as('owner', (tx) => tx.query(`select public.admin_add_operator($1, 'root')`, [USER_ID])),
    ).toEqual({ ok: false, code: '22023', message: 'Unknown role root' });
    expect(
      await as('owner', (tx) =>
        tx.query(`select public.admin_add_operator('00000000-0000-4000-8000-0000000000ff', 'editor')`),
      ),
    ).toEqual({ ok: false, code: 'P0002', message: 'No such account' });
  });
});

describe('no operator raises their own role', () => {
  it.each(['editor', 'support'] as const)('%s: direct writes and the RPC are refused', async (who) => {
    expect(
      await as(who, (tx) =>
        tx.query(`update public.admin_users set role = 'owner' where user_id = $1`, [IDS[who]]),
      ),
    ).toMatchObject(DENIED);
    expect(
      await as(who, (tx) =>
        tx.query(`insert into public.admin_users (user_id, role) values ($1, 'owner')`, [USER_ID]),
      ),
    ).toMatchObject(DENIED);
    expect(
      await as(who, (tx) => tx.query(`select public.admin_set_operator_role($1, 'owner')`, [IDS[who]])),
    ).toEqual({ ok: false, code: '42501', message: 'Admin privileges required' });
  });

  it('a non-operator cannot make themselves one', async () => {
    expect(
      await as('nonOperator', (tx) =>
        tx.query(`insert into public.admin_users (user_id, role) values ($1, 'owner')`, [USER_ID]),
      ),
    ).toMatchObject(DENIED);
  });

  it('refuses an unknown role', async () => {
    expect(
      await as('owner', (tx) => tx.query(`select public.admin_set_operator_role($1, 'admin')`, [EDITOR_ID])),
    ).toEqual({
      ok: false,
      code: '22023',
      message: 'Unknown role admin',
    });
  });
});

describe('the last active owner is kept', () => {
  const LAST = {
    ok: false,
    code: '42501',
    message: 'The last active owner cannot be demoted or deactivated',
  };
  // The mfa demo owner steps down first, so the demo admin is the last active owner.
  const stepDown = (tx: Queryable) =>
    tx.query(`update public.admin_users set role = 'editor' where user_id = $1`, [MFA_ADMIN_ID]);

  it('refuses demoting or deactivating the last one, through the RPCs or SQL', async () => {
    expect(
      await as(
        'owner',
        (tx) => tx.query(`select public.admin_set_operator_role($1, 'editor')`, [ADMIN_ID]),
        stepDown,
      ),
    ).toEqual(LAST);
    expect(
      await as(
        'owner',
        (tx) => tx.query(`select public.admin_set_operator_active($1, false)`, [ADMIN_ID]),
        stepDown,
      ),
    ).toEqual(LAST);
    expect(
      await attempt(db, 'superuser', async (tx) => {
        await stepDown(tx);
        await tx.query('delete from public.admin_users where user_id = $1', [ADMIN_ID]);
      }),
    ).toEqual(LAST);
  });

  it('lets an owner step down while another active owner remains', async () => {
    const outcome = await as(
      'owner',
      async (tx) => {
        await tx.query(`select public.admin_set_operator_role($1, 'editor')`, [MFA_ADMIN_ID]);
        return (await tx.query('select public.admin_role() as r')).rows[0].r;
      },
      undefined,
      'aal2',
    );
    expect(outcome).toEqual({ ok: true, value: 'owner' });
  });

  // Finding: with an owner invitation pending, the only real owner could demote themselves and
  // nobody could open the Team screen afterwards. Only accepted, active, unbanned owners count.
  it('does not count a pending owner invitation, nor a banned owner', async () => {
    const pendingOwner = (tx: Queryable) =>
      stepDown(tx).then(() =>
        tx.query(
          `insert into public.admin_users (user_id, role, invited_at, accepted_at, invited_email)
       select $1, 'owner', now() - interval '5 minutes', null, lower(u.email) from auth.users u where u.id = $1`,
          [USER_ID],
        ),
      );
    expect(
      await as(
        'owner',
        (tx) => tx.query(`select public.admin_set_operator_role($1, 'editor')`, [ADMIN_ID]),
        pendingOwner,
      ),
    ).toEqual(LAST);
    expect(
      await as(
        'owner',
        (tx) => tx.query(`select public.admin_set_operator_active($1, false)`, [ADMIN_ID]),
        pendingOwner,
      ),
    ).toEqual(LAST);
    const bannedOwner = (tx: Queryable) =>
      stepDown(tx)
        .then(() =>
          tx.query(`insert into public.admin_users (user_id, role) values ($1, 'owner')`, [USER_ID]),
        )
        .then(() =>
          tx.query(`update auth.users set banned_until = now() + interval '1 day' where id = $1`, [USER_ID]),
        );
    expect(
      await as(
        'owner',
        (tx) => tx.query(`select public.admin_set_operator_role($1, 'editor')`, [ADMIN_ID]),
        bannedOwner,
      ),
    ).toEqual(LAST);
    // Accepted, the invitation counts: the owner may step down.
    const acceptedOwner = (tx: Queryable) =>
      stepDown(tx).then(() =>
        tx.query(`insert into public.admin_users (user_id, role) values ($1, 'owner')`, [USER_ID]),
      );
    expect(
      await as(
        'owner',
        async (tx) =>
          (await tx.query(`select (public.admin_set_operator_role($1, 'editor')).role`, [ADMIN_ID])).rows,
        acceptedOwner,
      ),
    ).toEqual({ ok: true, value: [{ role: 'editor' }] });
  });
});

describe('an owner with a second factor is changed only at aal2', () => {
  const AAL2_NEEDED = {
    ok: false,
    code: '42501',
    message: 'Sign in with your authenticator app to change an owner who uses one',
  };
  const CHANGES = {
    role: `select public.admin_set_operator_role('${MFA_ADMIN_ID}', 'editor')`,
    deactivate: `select public.admin_set_operator_active('${MFA_ADMIN_ID}', false)`,
    'reset factor': `select public.admin_reset_operator_factors('${MFA_ADMIN_ID}')`,
  };
  it.each(Object.entries(CHANGES))('%s: refused at aal1, done at aal2', async (_, sql) => {
    expect(await as('owner', (tx) => tx.query(sql))).toEqual(AAL2_NEEDED);
    expect(await as('owner', async (tx) => (await tx.query(sql)).rows.length, undefined, 'aal2')).toEqual({
      ok: true,
      value: 1,
    });
  });

  it('an owner without a factor, or a non-owner with one, is changed at aal1', async () => {
    expect(
      await as(
        'owner',
        async (tx) =>
          (await tx.query(`select public.admin_set_operator_role($1, 'support')`, [EDITOR_ID])).rows.length,
      ),
    ).toEqual({ ok: true, value: 1 });
    expect(
      await as(
        'owner',
        async (tx) =>
          (await tx.query(`select public.admin_reset_operator_factors($1) as n`, [MFA_ADMIN_ID])).rows[0].n,
        mfaOwnerStepsDown,
      ),
    ).toEqual({ ok: true, value: 1 });
  });
});

describe('deactivation takes effect at once', () => {
  it("refuses a deactivated operator's token issued before the deactivation", async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await addOperators(tx);
      // The same access token (claims) before and after: nothing about the token changes.
      const token = signedIn(SUPPORT_ID);
      await assumeIdentity(tx, token);
      const before = await rowsOf(tx, 'select 1 from public.contact_messages');
      await assumeIdentity(tx, signedIn(ADMIN_ID));
      await tx.query('select public.admin_set_operator_active($1, false)', [SUPPORT_ID]);
      await assumeIdentity(tx, token);
      const after = await rowsOf(tx, 'select 1 from public.contact_messages');
      const call = await tx
        .query('select public.admin_list_users(null)')
        .then(() => 'answered')
        .catch((error: { code?: string }) => error.code);
      return { before, after, call };
    });
    expect(outcome).toEqual({
      ok: true,
      value: { before: totals.contact_messages, after: 0, call: '42501' },
    });
  });

  it('records role changes, deactivations and factor resets in the trail', async () => {
    const outcome = await as(
      'owner',
      async (tx) => {
        await tx.query(`select public.admin_set_operator_role($1, 'support')`, [EDITOR_ID]);
        await tx.query('select public.admin_set_operator_active($1, false)', [EDITOR_ID]);
        await tx.query('select public.admin_reset_operator_factors($1)', [MFA_ADMIN_ID]);
        return (
          await tx.query(
            `select action, resource, actor_email, changes from public.audit_log
            where resource = 'admin_users' and actor_id = $1 order by id`,
            [ADMIN_ID],
          )
        ).rows;
      },
      undefined,
      'aal2',
    );
    expect(outcome).toMatchObject({
      ok: true,
      value: [
        {
          action: 'update',
          actor_email: 'admin@labellens.dev',
          changes: { role: { old: 'editor', new: 'support' } },
        },
        {
          action: 'update',
          actor_email: 'admin@labellens.dev',
          changes: { is_active: { old: true, new: false } },
        },
        {
          action: 'factors_reset',
          actor_email: 'admin@labellens.dev',
          changes: { factors_removed: { old: 1, new: 0 } },
        },
      ],
    });
  });
});

describe('the trail names records as they were, and the actor role', () => {
  it("keeps an article's title after it is deleted, and the editor's role", async () => {
    const outcome = await as('editor', async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.news (title, content, source_url) values ('Millets are back', 'Body', 'https://example.com/m') returning id`,
      );
      await tx.query(`update public.news set title = 'Millets are back in India' where id = $1`, [
        rows[0].id,
      ]);
      await tx.query('delete from public.news where id = $1', [rows[0].id]);
      return (
        await tx.query(
          `select action, record_label, actor_email, actor_role from public.audit_log
            where resource = 'news' and record_id = $1 order by id`,
          [rows[0].id],
        )
      ).rows;
    });
    expect(outcome).toEqual({
      ok: true,
      value: [
        {
          action: 'insert',
          record_label: 'Millets are back',
          actor_email: 'editor@labellens.test',
          actor_role: 'editor',
        },
        {
          action: 'update',
          record_label: 'Millets are back in India',
          actor_email: 'editor@labellens.test',
          actor_role: 'editor',
        },
        {
          action: 'delete',
          record_label: 'Millets are back in India',
          actor_email: 'editor@labellens.test',
          actor_role: 'editor',
        },
      ],
    });
  });

  it("names an operator's row by their email", async () => {
    const outcome = await as('owner', async (tx) => {
      await tx.query(`select public.admin_set_operator_role($1, 'support')`, [EDITOR_ID]);
      return (
        await tx.query(
          `select record_label, actor_role from public.audit_log where resource = 'admin_users' order by id desc limit 1`,
        )
      ).rows;
    });
    expect(outcome).toEqual({
      ok: true,
      value: [{ record_label: 'editor@labellens.test', actor_role: 'owner' }],
    });
  });
});
