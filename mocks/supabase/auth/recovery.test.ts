/**
 * Password recovery as GoTrue answers it, driven by real supabase-js: POST /recover (the same answer
 * for an unknown address), the email in the Mailpit-like sandbox, POST /verify with the token hash
 * (once, within its lifetime), and the new password set from that session without the old one.
 */
import type { Database } from '../db';
import { createStandIn, type StandIn } from '../standIn';
import { LOCAL_SERVICE_ROLE_KEY } from '../keys';
import { openTestDatabase } from '../testing/snapshot';
import { DEMO, standInClient, TEST_SUPABASE_URL } from './testClient';

let db: Database;
let standIn: StandIn;

const mailApi = async (path: string) => {
  const response = await standIn.handle(new Request(`${TEST_SUPABASE_URL}/mail/api/v1/${path}`));
  return { status: response!.status, body: await response!.json() };
};
/** The token hash of the newest email to an address, read from its link. */
const linkOf = async (email: string) => {
  const { body } = await mailApi('messages');
  const summary = body.messages.find((m: { To: { Address: string }[] }) => m.To[0].Address === email);
  const { body: message } = await mailApi(`message/${summary.ID}`);
  const link = /href="([^"]+)"/.exec(message.HTML)![1].replace(/&amp;/g, '&');
  return { message, link: new URL(link) };
};

beforeAll(async () => {
  db = await openTestDatabase();
  // Served at the tests' address: Auth's site URL and links follow it (authConfigFor).
  standIn = createStandIn({ db, publicUrl: TEST_SUPABASE_URL });
});
afterAll(() => db.close());

describe('password recovery', () => {
  it('answers {} for a known and an unknown address alike, and emails only the known one', async () => {
    const client = standInClient(standIn);
    expect(await client.auth.resetPasswordForEmail(DEMO.user.email)).toEqual({ data: {}, error: null });
    expect(await client.auth.resetPasswordForEmail('nobody@labellens.dev')).toEqual({
      data: {},
      error: null,
    });
    const { status, body } = await mailApi('messages');
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 1, unread: 1, count: 1, start: 0 });
    expect(body.messages[0]).toMatchObject({
      From: { Name: 'LabelLens', Address: 'noreply@labellens.dev' },
      To: [{ Name: '', Address: DEMO.user.email }],
      Subject: 'Reset your LabelLens Admin password',
      Read: false,
    });
    const { message, link } = await linkOf(DEMO.user.email);
    expect(message.Text).toContain(
      'Choose a new password (http://localhost:54321/admin/set-password?token_hash=',
    );
    expect(link.pathname).toBe('/admin/set-password');
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('token_hash')).toMatch(/^[0-9a-f]{56}$/);
    // A second request within 60 s is refused, as GoTrue's SMTP max frequency refuses it.
    const again = await client.auth.resetPasswordForEmail(DEMO.user.email);
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(again.error!.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );
  });

  it('verifies the token hash once into a session that sets a new password without the old one', async () => {
    await db.query(`update auth.users set recovery_sent_at = null where email = $1`, [DEMO.admin.email]);
    const client = standInClient(standIn);
    await client.auth.resetPasswordForEmail(DEMO.admin.email);
    const tokenHash = (await linkOf(DEMO.admin.email)).link.searchParams.get('token_hash')!;

    const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(DEMO.admin.email);
    expect(data.session?.access_token).toEqual(expect.any(String));
    const amr = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString()).amr;
    expect(amr.map((a: { method: string }) => a.method)).toEqual(['otp']);

    expect((await client.auth.updateUser({ password: 'Recovered-pass-1' })).error).toBeNull();
    const fresh = standInClient(standIn);
    expect(
      (await fresh.auth.signInWithPassword({ email: DEMO.admin.email, password: 'Recovered-pass-1' })).error,
    ).toBeNull();

    const reused = await standInClient(standIn).auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(reused.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
  });

  it('refuses an expired link and an unknown one', async () => {
    await db.query(`update auth.users set recovery_sent_at = null where email = $1`, [DEMO.user.email]);
    const client = standInClient(standIn);
    await client.auth.resetPasswordForEmail(DEMO.user.email);
    const tokenHash = (await linkOf(DEMO.user.email)).link.searchParams.get('token_hash')!;
    await db.query(
      `update auth.users set recovery_sent_at = now() - interval '61 minutes' where email = $1`,
      [DEMO.user.email],
    );
    const late = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(late.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const unknown = await client.auth.verifyOtp({ token_hash: 'f'.repeat(56), type: 'recovery' });
    expect(unknown.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('spends no email budget with confirmations off, as GoTrue skips it under autoconfirm', async () => {
    const client = standInClient(standIn);
    const { rows } = await db.query<{ email: string }>(
      `select email from auth.users where email like '%@example.in' order by email limit 11`,
    );
    const answers = [];
    for (const { email } of rows)
      answers.push((await client.auth.resetPasswordForEmail(email)).error?.code ?? 'ok');
    expect(answers).toEqual(Array(11).fill('ok'));
  });

  it('with confirmations on, email_sent per hour counts recoveries and invitations alike, per stand-in', async () => {
    const limited = createStandIn({
      db,
      publicUrl: TEST_SUPABASE_URL,
      auth: { autoconfirm: false, emailsPerHour: 10 },
    });
    const client = standInClient(limited);
    const { rows } = await db.query<{ email: string }>(
      `select email from auth.users where email like '%@example.in' order by email desc limit 11`,
    );
    await db.query(`update auth.users set recovery_sent_at = null where email like '%@example.in'`);
    const answers = [];
    for (const { email } of rows) {
      const { error } = await client.auth.resetPasswordForEmail(email);
      answers.push(error ? `${error.status} ${error.code} ${error.message}` : 'ok');
    }
    expect(answers).toEqual([
      ...Array(10).fill('ok'),
      '429 over_email_send_rate_limit email rate limit exceeded',
    ]);
    // Hosted Auth spends the same budget on invitations (mail.go sendEmail), so they wait too.
    const invited = await standInClient(limited, LOCAL_SERVICE_ROLE_KEY).auth.admin.inviteUserByEmail(
      'starved@labellens.dev',
    );
    expect(invited.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    // Another stand-in in this process has its own budget (no module-wide counter).
    await db.query(`update auth.users set recovery_sent_at = null where email = $1`, [rows[0].email]);
    const other = createStandIn({
      db,
      publicUrl: TEST_SUPABASE_URL,
      auth: { autoconfirm: false, emailsPerHour: 10 },
    });
    expect((await standInClient(other).auth.resetPasswordForEmail(rows[0].email)).error).toBeNull();
  });

  it('the mail page lists the emails; an unknown message is 404', async () => {
    const page = await standIn.handle(new Request(`${TEST_SUPABASE_URL}/mail`));
    expect(page!.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page!.text()).toContain('Reset your LabelLens Admin password');
    const missing = await standIn.handle(new Request(`${TEST_SUPABASE_URL}/mail/api/v1/message/nope`));
    expect(missing!.status).toBe(404);
  });
});

describe('invitations', () => {
  const service = () => standInClient(standIn, LOCAL_SERVICE_ROLE_KEY);

  it('an expired link answers otp_expired and changes nothing: the address stays unconfirmed, the token kept', async () => {
    const invited = await service().auth.admin.inviteUserByEmail('late.invitee@labellens.dev');
    expect(invited.error).toBeNull();
    const tokenHash = (await linkOf('late.invitee@labellens.dev')).link.searchParams.get('token_hash')!;
    const state = async () =>
      (
        await db.query(
          `select email_confirmed_at, confirmation_token, updated_at from auth.users where email = $1`,
          ['late.invitee@labellens.dev'],
        )
      ).rows[0];
    await db.query(
      `update auth.users set confirmation_sent_at = now() - interval '2 hours' where email = $1`,
      ['late.invitee@labellens.dev'],
    );
    const before = await state();
    expect(before).toMatchObject({ email_confirmed_at: null, confirmation_token: tokenHash });
    const client = standInClient(standIn);
    const late = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'invite' });
    expect(late.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const followed = await standIn.handle(
      new Request(`${TEST_SUPABASE_URL}/auth/v1/verify?token=${tokenHash}&type=invite`),
    );
    expect(followed!.headers.get('Location')).toContain('error_code=otp_expired');
    expect(await state()).toEqual(before);
    expect(
      await db.query(`select 1 from auth.sessions where user_id = $1`, [invited.data.user!.id]),
    ).toMatchObject({
      rows: [],
    });
  });

  it('invites a new address: an unconfirmed user, the email, a session from its link, a password', async () => {
    const invited = await service().auth.admin.inviteUserByEmail('New.Operator@labellens.dev', {
      data: { full_name: 'New Operator' },
    });
    expect(invited.error).toBeNull();
    expect(invited.data.user).toMatchObject({
      email: 'new.operator@labellens.dev',
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { full_name: 'New Operator' },
    });
    expect(invited.data.user!.email_confirmed_at).toBeUndefined();
    const { rows } = await db.query<{ invited: boolean; password: string }>(
      `select invited_at is not null as invited, encrypted_password as password from auth.users where email = $1`,
      ['new.operator@labellens.dev'],
    );
    expect(rows).toEqual([{ invited: true, password: '' }]);

    const { message, link } = await linkOf('new.operator@labellens.dev');
    expect(message.Subject).toBe('You are invited to LabelLens Admin');
    expect(link.pathname).toBe('/admin/set-password');
    expect(link.searchParams.get('type')).toBe('invite');
    const tokenHash = link.searchParams.get('token_hash')!;
    // The invite's token answers only as an invite, not as a recovery.
    const client = standInClient(standIn);
    const wrongType = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(wrongType.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'invite' });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    const amr = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString()).amr;
    expect(amr.map((a: { method: string }) => a.method)).toEqual(['otp']);
    expect((await client.auth.updateUser({ password: 'Invited-pass-1' })).error).toBeNull();
    const signedIn = await standInClient(standIn).auth.signInWithPassword({
      email: 'new.operator@labellens.dev',
      password: 'Invited-pass-1',
    });
    expect(signedIn.error).toBeNull();
    // Confirmed now: a second invite is refused as GoTrue refuses it.
    const again = await service().auth.admin.inviteUserByEmail('new.operator@labellens.dev');
    expect(again.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
  });

  it('needs the service role', async () => {
    const anon = await standInClient(standIn).auth.admin.inviteUserByEmail('x@labellens.dev');
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin' });
    const bad = await service().auth.admin.inviteUserByEmail('not an address');
    expect(bad.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
  });

  it('generate_link makes invite and recovery links without sending an email', async () => {
    const before = (await mailApi('messages')).body.total;
    const invite = await service().auth.admin.generateLink({
      type: 'invite',
      email: 'linked@labellens.dev',
      options: { redirectTo: 'http://localhost:54321/admin' },
    });
    expect(invite.error).toBeNull();
    expect(invite.data.user?.email).toBe('linked@labellens.dev');
    expect(invite.data.properties).toMatchObject({
      verification_type: 'invite',
      redirect_to: 'http://localhost:54321/admin',
      email_otp: expect.stringMatching(/^\d{6}$/),
      hashed_token: expect.stringMatching(/^[0-9a-f]{56}$/),
    });
    // GoTrue's getPath: redirect_to as it is unless it holds &, = or #.
    expect(invite.data.properties!.action_link).toBe(
      `http://localhost:54321/auth/v1/verify?token=${invite.data.properties!.hashed_token}&type=invite&redirect_to=http://localhost:54321/admin`,
    );
    const recovery = await service().auth.admin.generateLink({ type: 'recovery', email: DEMO.user.email });
    expect(recovery.data.properties?.verification_type).toBe('recovery');
    const verified = await standInClient(standIn).auth.verifyOtp({
      token_hash: recovery.data.properties!.hashed_token,
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
    const unknown = await service().auth.admin.generateLink({
      type: 'recovery',
      email: 'nobody@labellens.dev',
    });
    expect(unknown.error).toMatchObject({
      status: 404,
      code: 'user_not_found',
      message: 'User with this email not found',
    });
    expect((await mailApi('messages')).body.total).toBe(before);
  });
});
