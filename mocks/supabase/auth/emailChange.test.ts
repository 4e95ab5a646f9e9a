/**
 * A change of address as GoTrue makes it (supabase/auth internal/api/user.go UserUpdate, mail.go
 * sendEmailChange, verify.go emailChangeVerify), driven by real supabase-js: a permanent user's new
 * address waits in `new_email` until an emailed link is followed; with secure email change a second
 * link goes to the current address; with confirmations on both are needed, with them off either
 * one completes it; an expired link changes nothing; an anonymous user's change is applied at once.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../db';
import { LOCAL_SERVICE_ROLE_KEY } from '../keys';
import { createStandIn, type StandIn } from '../standIn';
import type { AuthConfig } from './authConfig';
import { openTestDatabase } from '../testing/snapshot';
import { standInClient, TEST_SUPABASE_URL } from './testClient';
import { mailsTo } from './testMail';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const standInWith = (auth: Partial<AuthConfig>) => createStandIn({ db, publicUrl: TEST_SUPABASE_URL, auth });

/** A confirmed account with a password session. */
async function account(standIn: StandIn, email: string): Promise<SupabaseClient> {
  const service = standInClient(standIn, LOCAL_SERVICE_ROLE_KEY);
  const created = await service.auth.admin.createUser({
    email,
    password: 'Changer-pass-1',
    email_confirm: true,
  });
  expect(created.error).toBeNull();
  const client = standInClient(standIn);
  expect((await client.auth.signInWithPassword({ email, password: 'Changer-pass-1' })).error).toBeNull();
  return client;
}

const row = async (email: string) =>
  (
    await db.query(
      `select email, email_change, email_change_confirm_status,
              email_change_token_new <> '' as token_new, email_change_token_current <> '' as token_current
         from auth.users where email = $1`,
      [email],
    )
  ).rows[0];

describe('PUT /user with a new email', () => {
  it('with confirmations off and secure email change on: links to both addresses, either completes it', async () => {
    const standIn = standInWith({ autoconfirm: true, secureEmailChange: true });
    const client = await account(standIn, 'mover.one@example.in');
    const { data, error } = await client.auth.updateUser({ email: 'Moved.One@example.in' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: 'mover.one@example.in', new_email: 'moved.one@example.in' });
    expect(data.user!.email_change_sent_at).toEqual(expect.any(String));
    expect(await row('mover.one@example.in')).toEqual({
      email: 'mover.one@example.in',
      email_change: 'moved.one@example.in',
      email_change_confirm_status: 0,
      token_new: true,
      token_current: true,
    });
    const [toNew] = await mailsTo(standIn, 'moved.one@example.in');
    const [toCurrent] = await mailsTo(standIn, 'mover.one@example.in');
    expect([toNew.subject, toNew.type, toCurrent.subject, toCurrent.type]).toEqual([
      'Confirm your new email address',
      'email_change',
      'Confirm your new email address',
      'email_change',
    ]);
    // GoTrue's frequency limit: one change email per max_frequency.
    expect((await client.auth.updateUser({ email: 'other.one@example.in' })).error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
    });
    // The link to the current address alone completes the change (GOTRUE_MAILER_AUTOCONFIRM).
    const verified = await standInClient(standIn).auth.verifyOtp({
      token_hash: toCurrent.token,
      type: 'email_change',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ email: 'moved.one@example.in' });
    expect(verified.data.user!.new_email).toBeUndefined();
    expect(await row('moved.one@example.in')).toEqual({
      email: 'moved.one@example.in',
      email_change: '',
      email_change_confirm_status: 0,
      token_new: false,
      token_current: false,
    });
    expect(
      (await standInClient(standIn).auth.verifyOtp({ token_hash: toNew.token, type: 'email_change' })).error,
    ).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('with confirmations on and secure email change on: both links are needed', async () => {
    const standIn = standInWith({ autoconfirm: false, secureEmailChange: true });
    const client = await account(standIn, 'mover.two@example.in');
    expect((await client.auth.updateUser({ email: 'moved.two@example.in' })).error).toBeNull();
    const [toNew] = await mailsTo(standIn, 'moved.two@example.in');
    const [toCurrent] = await mailsTo(standIn, 'mover.two@example.in');
    const first = await standIn.handle(
      new Request(`${TEST_SUPABASE_URL}/auth/v1/verify`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: 'x' },
        body: JSON.stringify({ type: 'email_change', token_hash: toNew.token }),
      }),
    );
    expect(await first!.json()).toEqual({
      msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      code: '200',
    });
    expect(await row('mover.two@example.in')).toMatchObject({
      email: 'mover.two@example.in',
      email_change_confirm_status: 1,
      token_new: false,
      token_current: true,
    });
    const second = await standInClient(standIn).auth.verifyOtp({
      token_hash: toCurrent.token,
      type: 'email_change',
    });
    expect(second.error).toBeNull();
    expect(second.data.user).toMatchObject({ email: 'moved.two@example.in' });
  });

  it('with secure email change off: one link, to the new address, followed by GET /verify', async () => {
    const standIn = standInWith({ autoconfirm: true, secureEmailChange: false });
    const client = await account(standIn, 'mover.three@example.in');
    expect((await client.auth.updateUser({ email: 'moved.three@example.in' })).error).toBeNull();
    expect(await mailsTo(standIn, 'mover.three@example.in')).toEqual([]);
    const [toNew] = await mailsTo(standIn, 'moved.three@example.in');
    const followed = await standIn.handle(
      new Request(`${TEST_SUPABASE_URL}/auth/v1/verify?token=${toNew.token}&type=email_change`),
    );
    expect(followed!.status).toBe(303);
    expect(followed!.headers.get('Location')).toMatch(/#access_token=.+&type=email_change$/);
    expect((await row('moved.three@example.in'))?.email).toBe('moved.three@example.in');
  });

  it('an expired link answers otp_expired and changes nothing', async () => {
    const standIn = standInWith({ autoconfirm: true, secureEmailChange: true });
    const client = await account(standIn, 'mover.four@example.in');
    expect((await client.auth.updateUser({ email: 'moved.four@example.in' })).error).toBeNull();
    const [toNew] = await mailsTo(standIn, 'moved.four@example.in');
    await db.query(
      `update auth.users set email_change_sent_at = now() - interval '2 hours' where email = 'mover.four@example.in'`,
    );
    expect(
      (await standInClient(standIn).auth.verifyOtp({ token_hash: toNew.token, type: 'email_change' })).error,
    ).toMatchObject({ status: 403, code: 'otp_expired' });
    expect(await row('mover.four@example.in')).toEqual({
      email: 'mover.four@example.in',
      email_change: 'moved.four@example.in',
      email_change_confirm_status: 0,
      token_new: true,
      token_current: true,
    });
  });

  it('an anonymous user’s new email is applied at once (confirmations off)', async () => {
    const standIn = standInWith({ autoconfirm: true, secureEmailChange: true });
    const client = await account(standIn, 'anonymous.five@example.in');
    await db.query(`update auth.users set is_anonymous = true where email = 'anonymous.five@example.in'`);
    const { data, error } = await client.auth.updateUser({ email: 'named.five@example.in' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: 'named.five@example.in', is_anonymous: false });
    expect(await mailsTo(standIn, 'named.five@example.in')).toEqual([]);
  });
});
