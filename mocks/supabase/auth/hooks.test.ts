import { AuthApiError } from '@supabase/supabase-js';
import { createStandIn, type StandIn } from '../standIn';
import { DEMO_ACCOUNTS } from '../demoAccounts';
import { DEFAULT_MFA_HOOK_REJECTION, hookFunctionOf, readAuthHooks, type AuthHooks } from './hooks';
import { insertConfirmedUser, totpCode, wrongTotpCode } from './mfaTesting';
import { DEMO, standInClient } from './testClient';
import { standInForFile } from '../testing/standInForFile';

/**
 * Supabase Auth's Password Verification Attempt and MFA Verification Attempt hooks
 * (supabase/schemas/20_audit.sql), called by the stand-in as GoTrue calls them.
 */
const stack = standInForFile();

const MFA_ADMIN = DEMO_ACCOUNTS.find((a) => 'totpSecret' in a)!;

const failedAttempts = async (action: string) =>
  (
    await stack.db.query<{
      actor_id: string | null;
      actor_email: string | null;
      resource: string;
      record_id: string | null;
      changes: unknown;
    }>(
      `select actor_id, actor_email, resource, record_id, changes from public.audit_log where action = $1 order by id`,
      [action],
    )
  ).rows;

const userIdOf = async (email: string) =>
  (await stack.db.query<{ id: string }>('select id from auth.users where email = $1', [email])).rows[0].id;

function expectAuthError(error: unknown, status: number, code: string, message: string) {
  expect(error).toBeInstanceOf(AuthApiError);
  expect(error).toMatchObject({ status, code, message });
}

describe('supabase/config.toml', () => {
  it('enables both hooks on the migration’s functions', () => {
    expect(readAuthHooks()).toEqual({
      passwordVerificationAttempt: 'pg-functions://postgres/public/hook_password_verification_attempt',
      mfaVerificationAttempt: 'pg-functions://postgres/public/hook_mfa_verification_attempt',
    });
  });

  it('calls only a pg-functions URI whose schema and name are Postgres identifiers', () => {
    expect(hookFunctionOf('pg-functions://postgres/public/hook_x')).toBe('"public"."hook_x"');
    expect(() => hookFunctionOf('pg-functions://postgres/public/x";drop table t;--')).toThrow(
      'Unsupported auth hook URI',
    );
    expect(() => hookFunctionOf('https://example.test/public/hook_x')).toThrow('Unsupported auth hook URI');
  });
});

describe('password verification attempt', () => {
  it("records a wrong password for the admin once, with the admin's id and email, and nothing for an unknown email", async () => {
    const before = await failedAttempts('sign_in_failed');
    const client = standInClient(stack.standIn);
    const wrong = await client.auth.signInWithPassword({
      email: DEMO.admin.email,
      password: 'not-the-password',
    });
    expectAuthError(wrong.error, 400, 'invalid_credentials', 'Invalid login credentials');
    const unknown = await client.auth.signInWithPassword({
      email: 'nobody@labellens.dev',
      password: 'not-the-password',
    });
    expectAuthError(unknown.error, 400, 'invalid_credentials', 'Invalid login credentials');
    // A right password is checked by the hook too, and not recorded as a failure.
    const right = await client.auth.signInWithPassword({
      email: DEMO.admin.email,
      password: DEMO.admin.password,
    });
    expect(right.error).toBeNull();

    expect((await failedAttempts('sign_in_failed')).slice(before.length)).toEqual([
      {
        actor_id: DEMO.admin.id,
        actor_email: DEMO.admin.email,
        resource: 'auth',
        record_id: DEMO.admin.id,
        changes: {},
      },
    ]);
  });
});

describe('MFA verification attempt', () => {
  it('records a wrong TOTP code once, on the factor, and not a right one', async () => {
    const before = await failedAttempts('mfa_verification_failed');
    const client = standInClient(stack.standIn);
    const { error } = await client.auth.signInWithPassword({
      email: MFA_ADMIN.email,
      password: MFA_ADMIN.password,
    });
    expect(error).toBeNull();
    const factorId = (await client.auth.mfa.listFactors()).data!.totp[0].id;
    const wrong = await client.auth.mfa.challengeAndVerify({
      factorId,
      code: wrongTotpCode(MFA_ADMIN.totpSecret),
    });
    expectAuthError(wrong.error, 422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    const right = await client.auth.mfa.challengeAndVerify({
      factorId,
      code: totpCode(MFA_ADMIN.totpSecret),
    });
    expect(right.error).toBeNull();

    const adminId = await userIdOf(MFA_ADMIN.email);
    expect((await failedAttempts('mfa_verification_failed')).slice(before.length)).toEqual([
      {
        actor_id: adminId,
        actor_email: MFA_ADMIN.email,
        resource: 'auth',
        record_id: factorId,
        changes: { factor_type: 'totp' },
      },
    ]);
  });
});

describe('a reject decision', () => {
  let rejecting: StandIn;
  beforeAll(async () => {
    // A hook that refuses every attempt, as a lockout policy would; granted as Supabase documents.
    for (const [name, decision] of [
      [
        'test_reject_every_attempt',
        { decision: 'reject', message: 'Locked by policy', should_logout_user: true },
      ],
      ['test_reject_silently', { decision: 'reject' }],
    ] as const) {
      await stack.db.query(
        `create function public.${name}(event jsonb) returns jsonb language sql as $$ select '${JSON.stringify(decision)}'::jsonb $$`,
      );
      await stack.db.query(`grant execute on function public.${name}(jsonb) to supabase_auth_admin`);
      await stack.db.query(
        `revoke execute on function public.${name}(jsonb) from authenticated, anon, public`,
      );
    }
    const hooks: AuthHooks = {
      passwordVerificationAttempt: 'pg-functions://postgres/public/test_reject_every_attempt',
      mfaVerificationAttempt: 'pg-functions://postgres/public/test_reject_silently',
    };
    rejecting = createStandIn({ db: stack.db, authHooks: hooks });
  });

  const sessionsOf = async (userId: string) =>
    Number(
      (
        await stack.db.query<{ n: string }>('select count(*) as n from auth.sessions where user_id = $1', [
          userId,
        ])
      ).rows[0].n,
    );

  it("refuses even the right password with the hook's message and signs the user out when asked", async () => {
    const email = `hook-reject-${Date.now()}@example.test`;
    const user = await insertConfirmedUser(stack.db, email, 'Hook-test-password-1');
    const signedIn = standInClient(stack.standIn);
    expect(
      (await signedIn.auth.signInWithPassword({ email, password: 'Hook-test-password-1' })).error,
    ).toBeNull();
    expect(await sessionsOf(user.id)).toBe(1);

    const { data, error } = await standInClient(rejecting).auth.signInWithPassword({
      email,
      password: 'Hook-test-password-1',
    });
    expectAuthError(error, 400, 'invalid_credentials', 'Locked by policy');
    expect(data.session).toBeNull();
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it("refuses even the right code with 403 mfa_verification_rejected and GoTrue's default message, signing the user out", async () => {
    const email = `hook-reject-mfa-${Date.now()}@example.test`;
    const user = await insertConfirmedUser(stack.db, email, 'Hook-test-password-1');
    const client = standInClient(rejecting);
    // The password step goes through the normal stand-in; the code step through the rejecting one.
    const normal = standInClient(stack.standIn);
    expect(
      (await normal.auth.signInWithPassword({ email, password: 'Hook-test-password-1' })).error,
    ).toBeNull();
    const { data: factor } = await normal.auth.mfa.enroll({ factorType: 'totp' });
    const session = (await normal.auth.getSession()).data.session!;
    await client.auth.setSession({
      access_token: session.access_token,
      refresh_token: session.refresh_token,
    });
    const totp = factor as { id: string; totp: { secret: string } };

    const { error } = await client.auth.mfa.challengeAndVerify({
      factorId: totp.id,
      code: totpCode(totp.totp.secret),
    });
    expectAuthError(error, 403, 'mfa_verification_rejected', DEFAULT_MFA_HOOK_REJECTION);
    expect(await sessionsOf(user.id)).toBe(0);
    expect(
      (
        await stack.db.query<{ status: string }>(
          'select status::text as status from auth.mfa_factors where id = $1',
          [totp.id],
        )
      ).rows,
    ).toEqual([{ status: 'unverified' }]);
  });
});

describe('the hook functions', () => {
  it('can be executed by supabase_auth_admin only, not by anon or authenticated', async () => {
    const { rows } = await stack.db.query<{ role: string; fn: string; allowed: boolean }>(
      `select r.role, f.fn, has_function_privilege(r.role, f.fn, 'execute') as allowed
         from unnest(array['anon', 'authenticated', 'supabase_auth_admin']) as r(role),
              unnest(array['public.hook_password_verification_attempt(jsonb)',
                           'public.hook_mfa_verification_attempt(jsonb)']) as f(fn)
        order by f.fn, r.role`,
    );
    expect(rows).toEqual([
      { role: 'anon', fn: 'public.hook_mfa_verification_attempt(jsonb)', allowed: false },
      { role: 'authenticated', fn: 'public.hook_mfa_verification_attempt(jsonb)', allowed: false },
      { role: 'supabase_auth_admin', fn: 'public.hook_mfa_verification_attempt(jsonb)', allowed: true },
      { role: 'anon', fn: 'public.hook_password_verification_attempt(jsonb)', allowed: false },
      { role: 'authenticated', fn: 'public.hook_password_verification_attempt(jsonb)', allowed: false },
      { role: 'supabase_auth_admin', fn: 'public.hook_password_verification_attempt(jsonb)', allowed: true },
    ]);
  });

  it('refuses a forged failure through the API, as anon and as a signed-in admin', async () => {
    const before = (await failedAttempts('sign_in_failed')).length;
    const event = { user_id: DEMO.admin.id, valid: false };
    const anon = await standInClient(stack.standIn).rpc('hook_password_verification_attempt', { event });
    const admin = standInClient(stack.standIn);
    await admin.auth.signInWithPassword({ email: DEMO.admin.email, password: DEMO.admin.password });
    const signedIn = await admin.rpc('hook_password_verification_attempt', { event });
    expect(anon.error?.code).toBe('42501');
    expect(signedIn.error?.code).toBe('42501');
    expect((await failedAttempts('sign_in_failed')).length).toBe(before);
  });
});
