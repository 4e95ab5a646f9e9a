/**
 * Password recovery as GoTrue answers it, driven by real supabase-js: POST /recover (the same answer
 * for an unknown address), the email in the Mailpit-like sandbox, POST /verify with the token hash
 * (once, within its lifetime), and the new password set from that session without the old one.
 */
import type { Database } from '../db';
import { createStandIn, type StandIn } from '../standIn';
import { openTestDatabase } from '../testing/snapshot';
import { resetEmailRateLimit } from './recovery';
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
  standIn = createStandIn({ db });
});
beforeEach(() => resetEmailRateLimit());
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
    expect(amr.map((a: { method: string }) => a.method)).toEqual(['recovery']);

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

  it('keeps to the project email limit per hour', async () => {
    const client = standInClient(standIn);
    const { rows } = await db.query<{ email: string }>(
      `select email from auth.users where email like '%@example.in' order by email limit 11`,
    );
    const answers = [];
    for (const { email } of rows)
      answers.push((await client.auth.resetPasswordForEmail(email)).error?.code ?? 'ok');
    expect(answers).toEqual([...Array(10).fill('ok'), 'over_email_send_rate_limit']);
  });

  it('the mail page lists the emails; an unknown message is 404', async () => {
    const page = await standIn.handle(new Request(`${TEST_SUPABASE_URL}/mail`));
    expect(page!.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page!.text()).toContain('Reset your LabelLens Admin password');
    const missing = await standIn.handle(new Request(`${TEST_SUPABASE_URL}/mail/api/v1/message/nope`));
    expect(missing!.status).toBe(404);
  });
});
