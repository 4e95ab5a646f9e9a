import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../db';
import { createStandIn, type StandIn } from '../standIn';
import { openTestDatabase } from '../testing/snapshot';
import { DEMO, standInClient } from './testClient';
import { mailsTo as mailsToAddress } from './testMail';

/**
 * An invitation is for the invited address: only a session of the account holding it, begun at an
 * emailed link after the invitation, accepts (public.admin_accept_invitation(), and the auth.users
 * trigger private.follow_account_email_change() that voids a pending invitation when the account's
 * address changes). Each sequence runs with secure email change ([auth.email]
 * double_confirm_changes) on and off, with this project's confirmations off, where Supabase Auth
 * completes an email change at either of its links (supabase/auth internal/api/verify.go
 * emailChangeVerify).
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

async function invoke(client: SupabaseClient, name: string, body: object) {
  const { data, error } = await client.functions.invoke(name, { body });
  if (!error) return { status: 200, body: data };
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

describe.each([true, false])('double_confirm_changes = %s', (secureEmailChange) => {
  let standIn: StandIn;
  const tag = secureEmailChange ? 'on' : 'off';
  beforeAll(() => {
    standIn = createStandIn({ db, auth: { secureEmailChange } });
  });

  const client = () => standInClient(standIn);
  async function signedIn(email: string, password: string) {
    const signed = client();
    const { error } = await signed.auth.signInWithPassword({ email, password });
    if (error) throw error;
    return signed;
  }
  const owner = () => signedIn(DEMO.admin.email, DEMO.admin.password);

  const mailsTo = (address: string) => mailsToAddress(standIn, address);
  const follow = async (token: string, type: 'recovery' | 'invite' | 'email_change') => {
    const session = client();
    const { error } = await session.auth.verifyOtp({ token_hash: token, type });
    expect(error).toBeNull();
    return session;
  };
  const accept = async (session: SupabaseClient) => {
    const { data, error } = await session.rpc('admin_accept_invitation');
    return error ? `${error.code} ${error.message}` : data;
  };
  const invitation = async (userId: string) =>
    (
      await db.query(
        `select a.invited_email, a.accepted_at is not null as accepted, u.email
           from public.admin_users a join auth.users u on u.id = a.user_id where a.user_id = $1`,
        [userId],
      )
    ).rows[0];
  /** Lets a minute pass for the account's email-change frequency limit. */
  const aMinuteLater = (userId: string) =>
    db.query(
      `update auth.users set email_change_sent_at = now() - interval '2 minutes',
              recovery_sent_at = now() - interval '2 minutes' where id = $1`,
      [userId],
    );
  const REFUSED = '42501 Open the link in your newest invitation email to accept it';

  it('the takeover of finding 1: sign-up, email change, recovery of one’s own address, the address put back: nothing counts', async () => {
    const invitee = `invitee.${tag}@labellens.dev`;
    const attackerMail = `attacker.${tag}@evil.test`;
    const invited = await invoke(await owner(), 'invite-operator', { email: invitee, role: 'owner' });
    expect(invited).toMatchObject({ status: 200, body: { success: true, link: 'invite' } });
    const inviteeId = invited.body.operator.user_id as string;
    expect(await invitation(inviteeId)).toEqual({ invited_email: invitee, accepted: false, email: invitee });

    // POST /auth/v1/signup with the invitee's address: a session of the invited account.
    const attacker = client();
    const signup = await attacker.auth.signUp({ email: invitee, password: 'Attacker-pass-1' });
    expect(signup.data.user?.id).toBe(inviteeId);
    // PUT /auth/v1/user {"email": attacker}: the address waits for a link (GoTrue's sendEmailChange).
    const put = await attacker.auth.updateUser({ email: attackerMail });
    expect(put.error).toBeNull();
    expect(put.data.user).toMatchObject({ email: invitee, new_email: attackerMail });
    // POST /auth/v1/recover for the attacker's own address: no account holds it yet, no link.
    expect(await client().auth.resetPasswordForEmail(attackerMail)).toEqual({ data: {}, error: null });
    const toAttacker = await mailsTo(attackerMail);
    expect(toAttacker.map((m) => m.subject)).toEqual(['Confirm your new email address']);
    // With secure email change the invitee's mailbox gets the other link; the attacker needs only theirs.
    expect((await mailsTo(invitee)).map((m) => m.subject)).toEqual([
      ...(secureEmailChange ? ['Confirm your new email address'] : []),
      'You are invited to LabelLens Admin',
    ]);
    const changeSession = await follow(toAttacker[0].token, 'email_change');
    expect(await invitation(inviteeId)).toEqual({
      invited_email: null,
      accepted: false,
      email: attackerMail,
    });
    expect(await accept(changeSession)).toBe(REFUSED);

    // Now the recovery of the attacker's own address and its link: an `otp` session.
    await aMinuteLater(inviteeId);
    expect(await client().auth.resetPasswordForEmail(attackerMail)).toEqual({ data: {}, error: null });
    const recovered = await follow((await mailsTo(attackerMail))[0].token, 'recovery');
    expect(await accept(recovered)).toBe(REFUSED);

    // The attacker puts the invitee's address back.
    await aMinuteLater(inviteeId);
    expect((await recovered.auth.updateUser({ email: invitee })).error).toBeNull();
    const back = await mailsTo(attackerMail);
    if (secureEmailChange) {
      // A link to the current (attacker's) address completes it, confirmations being off.
      expect(back[0].subject).toBe('Confirm your new email address');
      const backSession = await follow(back[0].token, 'email_change');
      expect(await invitation(inviteeId)).toEqual({ invited_email: null, accepted: false, email: invitee });
      expect(await accept(backSession)).toBe(REFUSED);
    } else {
      // Only the invitee's mailbox got a link: the address stays the attacker's.
      expect(back.map((m) => m.subject)).toEqual([
        'Reset your LabelLens Admin password',
        'Confirm your new email address',
      ]);
      expect((await invitation(inviteeId)).email).toBe(attackerMail);
    }
    expect(await accept(recovered)).toBe(REFUSED);
    for (const session of [attacker, recovered]) expect((await session.rpc('is_admin')).data).toBe(false);

    // The owner invites the address again: the real invitee's link accepts, the attacker's sessions never.
    await aMinuteLater(inviteeId);
    const again = await invoke(await owner(), 'invite-operator', { email: invitee, role: 'owner' });
    expect(again).toMatchObject({
      status: 200,
      body: { success: true, link: secureEmailChange ? 'recovery' : 'invite' },
    });
    const inviteeAccount = again.body.operator.user_id as string;
    expect(inviteeAccount === inviteeId).toBe(secureEmailChange);
    expect(await accept(recovered)).toBe(REFUSED);
    const real = await follow((await mailsTo(invitee))[0].token, secureEmailChange ? 'recovery' : 'invite');
    expect(await accept(real)).toBe(true);
    expect((await real.rpc('admin_role')).data).toBe('owner');
    expect(await invitation(inviteeAccount)).toEqual({
      invited_email: invitee,
      accepted: true,
      email: invitee,
    });
    expect((await attacker.rpc('is_admin')).data).toBe(false);
  });

  it('re-sign-up, recovery of the invitee’s address, another account’s email change: nothing counts', async () => {
    const invitee = `second.${tag}@labellens.dev`;
    const invited = await invoke(await owner(), 'invite-operator', { email: invitee, role: 'editor' });
    const inviteeId = invited.body.operator.user_id as string;
    const attacker = client();
    expect((await attacker.auth.signUp({ email: invitee, password: 'Attacker-pass-1' })).error).toBeNull();
    // A second sign-up: the account is confirmed now, so no session.
    expect((await client().auth.signUp({ email: invitee, password: 'Attacker-pass-2' })).error).toMatchObject(
      {
        status: 422,
        code: 'user_already_exists',
      },
    );
    // The invitee's address recovered: the link goes to the invitee's mailbox only, and the
    // attacker's password session is no emailed link's.
    expect(await client().auth.resetPasswordForEmail(invitee)).toEqual({ data: {}, error: null });
    expect(await accept(attacker)).toBe('42501 Open the link in your invitation email to accept it');
    // Another account cannot take the invitee's address while the invited account holds it.
    const other = client();
    expect(
      (await other.auth.signUp({ email: `other.${tag}@evil.test`, password: 'Attacker-pass-3' })).error,
    ).toBeNull();
    expect((await other.auth.updateUser({ email: invitee })).error).toMatchObject({
      status: 422,
      code: 'email_exists',
    });
    expect(await accept(other)).toBe('42501 Open the link in your invitation email to accept it');
    expect(await invitation(inviteeId)).toEqual({ invited_email: invitee, accepted: false, email: invitee });
    // A change of address the attacker asked for before the invitee accepts dies with the acceptance.
    expect((await attacker.auth.updateUser({ email: `later.${tag}@evil.test` })).error).toBeNull();
    const pendingChange = (await mailsTo(`later.${tag}@evil.test`))[0].token;
    // The real invitee still accepts from the reset link sent to their address.
    const recoveryLink = (await mailsTo(invitee)).find(
      (m) => m.subject === 'Reset your LabelLens Admin password',
    )!;
    const real = await follow(recoveryLink.token, 'recovery');
    expect(await accept(real)).toBe(true);
    expect(
      (await client().auth.verifyOtp({ token_hash: pendingChange, type: 'email_change' })).error,
    ).toMatchObject({ status: 403, code: 'otp_expired' });
    expect((await real.rpc('admin_role')).data).toBe('editor');
  });
});

describe('an accepted operator’s new address', () => {
  it('deactivates them until an owner activates them again; the last active owner stays active', async () => {
    const standIn = createStandIn({ db });
    const editor = standInClient(standIn);
    expect(
      (
        await editor.auth.signInWithPassword({
          email: 'editor@labellens.dev',
          password: 'LabelLens-editor-1',
        })
      ).error,
    ).toBeNull();
    expect((await editor.auth.updateUser({ email: 'editor.moved@labellens.dev' })).error).toBeNull();
    // Still active while the change waits for its link.
    expect((await editor.rpc('admin_role')).data).toBe('editor');
    const { rows } = await db.query<{ token: string }>(
      `select email_change_token_new as token from auth.users where email = 'editor@labellens.dev'`,
    );
    const moved = standInClient(standIn);
    expect(
      (await moved.auth.verifyOtp({ token_hash: rows[0].token, type: 'email_change' })).error,
    ).toBeNull();
    const editorId = (await moved.auth.getUser()).data.user!.id;
    expect((await moved.rpc('admin_role')).data).toBeNull();
    const owner = standInClient(standIn);
    await owner.auth.signInWithPassword({ email: DEMO.admin.email, password: DEMO.admin.password });
    expect(
      (await owner.rpc('admin_set_operator_active', { operator: editorId, active: true })).error,
    ).toBeNull();
    expect((await moved.rpc('admin_role')).data).toBe('editor');

    // The last active owner: nobody could activate them again, so the change leaves them active.
    const lastOwner = await db
      .transaction(async (tx) => {
        await tx.query(
          `update public.admin_users set is_active = false where role = 'owner' and user_id <> $1`,
          [DEMO.admin.id],
        );
        await tx.query(`update auth.users set email = 'admin.moved@labellens.dev' where id = $1`, [
          DEMO.admin.id,
        ]);
        const { rows: after } = await tx.query(
          `select is_active from public.admin_users where user_id = $1`,
          [DEMO.admin.id],
        );
        throw after; // rolls the transaction back
      })
      .catch((answer: unknown) => answer);
    expect(lastOwner).toEqual([{ is_active: true }]);
  });
});
