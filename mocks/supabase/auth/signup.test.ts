import type { SupabaseClient } from '@supabase/supabase-js';
import { LOCAL_SERVICE_ROLE_KEY } from '../keys';
import type { Database } from '../db';
import { createStandIn, type StandIn } from '../standIn';
import { openTestDatabase } from '../testing/snapshot';
import { DEMO, standInClient } from './testClient';

/**
 * POST /auth/v1/signup for an address that already has an account, as Supabase Auth's Signup
 * answers it (supabase/auth internal/api/signup.go) under each [auth.email] enable_confirmations
 * setting. This project runs with confirmations off; the other setting is what a hosted project
 * gets by default, so both are served and tested.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

/** An account that never confirmed its address (an app user, or an invitee), via the admin API. */
async function unconfirmedAccount(standIn: StandIn, email: string, data: object = {}) {
  const service = standInClient(standIn, LOCAL_SERVICE_ROLE_KEY);
  const { data: created, error } = await service.auth.admin.createUser({
    email,
    password: 'Own-pass-1',
    email_confirm: false,
    user_metadata: data,
  });
  if (error) throw error;
  return created.user;
}

const row = async (id: string) =>
  (
    await db.query<{ confirmed: boolean; own_password: boolean; metadata: Record<string, unknown> }>(
      `select email_confirmed_at is not null as confirmed,
              encrypted_password = extensions.crypt('Own-pass-1', encrypted_password) as own_password,
              raw_user_meta_data as metadata
         from auth.users where id = $1`,
      [id],
    )
  ).rows[0];

describe('with confirmations off (this project)', () => {
  let standIn: StandIn;
  let client: SupabaseClient;
  beforeAll(() => {
    standIn = createStandIn({ db });
    client = standInClient(standIn);
  });

  it('a confirmed address: 422 user_already_exists', async () => {
    const { data, error } = await client.auth.signUp({ email: DEMO.user.email, password: 'Other-pass-1' });
    expect(error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
    expect(data).toEqual({ user: null, session: null });
  });

  it('an unconfirmed account: confirmed, a session with amr password, the password and data not stored', async () => {
    const user = await unconfirmedAccount(standIn, 'never.confirmed@example.in', { city: 'Pune' });
    const { data, error } = await client.auth.signUp({
      email: 'never.confirmed@example.in',
      password: 'Other-pass-1',
      options: { data: { city: 'Elsewhere' } },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: user.id, user_metadata: { city: 'Pune', email_verified: true } });
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.id, aal: 'aal1', amr: [{ method: 'password' }] });
    expect(await row(user.id)).toEqual({
      confirmed: true,
      own_password: true,
      metadata: { city: 'Pune', email_verified: true },
    });
  });
});

describe('with confirmations on (a hosted project’s default)', () => {
  let standIn: StandIn;
  let client: SupabaseClient;
  beforeAll(() => {
    standIn = createStandIn({ db, auth: { autoconfirm: false } });
    client = standInClient(standIn);
  });
  const mails = (email: string) => standIn.mail.list().filter((m) => m.To[0].Address === email);

  it('a new address: an unconfirmed user, no session, a confirmation email whose link confirms', async () => {
    const { data, error } = await client.auth.signUp({
      email: 'brand.new@example.in',
      password: 'New-pass-1',
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email: 'brand.new@example.in' });
    expect(data.user!.email_confirmed_at).toBeUndefined();
    const [mail] = mails('brand.new@example.in');
    expect(mail.Subject).toBe('Confirm your email address');
    const tokenHash = /token=([0-9a-f]+)/.exec(mail.HTML)![1];
    const verified = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.user!.email_confirmed_at).toEqual(expect.any(String));
  });

  it('a confirmed address: 200 and the shape and values of a new sign-up’s answer, as sanitizeUser makes it, no email', async () => {
    const repeated = await client.auth.signUp({
      email: DEMO.user.email,
      password: 'Other-pass-1',
      options: { data: { full_name: 'Someone' } },
    });
    const fresh = await client.auth.signUp({
      email: 'fresh.signup@example.in',
      password: 'Other-pass-1',
      options: { data: { full_name: 'Someone' } },
    });
    for (const answer of [repeated, fresh]) {
      expect(answer.error).toBeNull();
      expect(answer.data.session).toBeNull();
    }
    const stamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
    const shape = (email: string) => ({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      aud: 'authenticated',
      email,
      phone: '',
      confirmation_sent_at: stamp,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Someone' },
      identities: [],
      created_at: stamp,
      updated_at: stamp,
      is_anonymous: false,
    });
    // Key for key (JSON order too) the same answer; `role` alone differs: sanitizeUser sets it to ""
    // (supabase/auth internal/api/signup.go), where a new user gets the default group.
    expect(Object.keys(repeated.data.user!)).toEqual(Object.keys(fresh.data.user!));
    expect(repeated.data.user).toEqual({ ...shape(DEMO.user.email), role: '' });
    expect(fresh.data.user).toEqual({ ...shape('fresh.signup@example.in'), role: 'authenticated' });
    expect(repeated.data.user!.id).not.toBe(DEMO.user.id);
    expect(mails(DEMO.user.email)).toEqual([]);
  });

  it('an unconfirmed account: a confirmation email, the account unchanged, no session', async () => {
    const user = await unconfirmedAccount(standIn, 'still.unconfirmed@example.in', { city: 'Agra' });
    const { data, error } = await client.auth.signUp({
      email: 'still.unconfirmed@example.in',
      password: 'Other-pass-1',
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ id: user.id, user_metadata: { city: 'Agra' } });
    expect(mails('still.unconfirmed@example.in').map((m) => m.Subject)).toEqual([
      'Confirm your email address',
    ]);
    expect(await row(user.id)).toEqual({ confirmed: false, own_password: true, metadata: { city: 'Agra' } });
    // Within GoTrue's 60 s between two emails to one user: refused.
    const again = await client.auth.signUp({
      email: 'still.unconfirmed@example.in',
      password: 'Other-pass-1',
    });
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });

  it('an invited account: its user_metadata left out of the answer', async () => {
    const service = standInClient(standIn, LOCAL_SERVICE_ROLE_KEY);
    const invited = await service.auth.admin.inviteUserByEmail('invited.person@example.in', {
      data: { note: 'private' },
    });
    expect(invited.error).toBeNull();
    await db.query(
      `update auth.users set confirmation_sent_at = now() - interval '2 minutes' where id = $1`,
      [invited.data.user!.id],
    );
    const { data, error } = await client.auth.signUp({
      email: 'invited.person@example.in',
      password: 'Other-pass-1',
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ id: invited.data.user!.id, user_metadata: {} });
  });
});
