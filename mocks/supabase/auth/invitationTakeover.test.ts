import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { totpCode } from './mfaTesting';
import { DEMO, standInClient, TEST_SUPABASE_URL } from './testClient';
import { standInForFile, signedInClient } from '../testing/standInForFile';

/**
 * An invitation nobody but the invitee can take over. Supabase Auth's sign-up confirms an existing
 * unconfirmed account and returns a session for it when email confirmations are off (supabase/auth
 * internal/api/signup.go), and an invited account is one, so `POST /auth/v1/signup` with a pending
 * invitee's address and any password gives a session of the invitee's account, no mailbox needed.
 * That session must read and do nothing an operator can, before or after the real invitee accepts;
 * the invitee still gets in (through a password-reset link, since the sign-up used the invitation
 * link up), and only their own session accepts the invitation.
 */
const stack = standInForFile();

const signedIn = (email: string, password: string) => signedInClient(stack.standIn, email, password);
const owner = () => signedIn(DEMO.admin.email, DEMO.admin.password);

async function invoke(client: SupabaseClient, name: string, body: object) {
  const { data, error } = await client.functions.invoke(name, { body });
  if (!error) return { status: 200, body: data };
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

/** The newest email to the address, and its link's token hash. */
async function lastLink(email: string) {
  const listed = await stack.standIn.handle(new Request(`${TEST_SUPABASE_URL}/mail/api/v1/messages`));
  const { messages } = (await listed!.json()) as {
    messages: { ID: string; To: { Address: string }[]; Subject: string }[];
  };
  const mail = messages.find((m) => m.To[0].Address === email)!;
  const message = await (await stack.standIn.handle(
    new Request(`${TEST_SUPABASE_URL}/mail/api/v1/message/${mail.ID}`),
  ))!.json();
  const link = new URL(/href="([^"]+)"/.exec(message.HTML)![1].replace(/&amp;/g, '&'));
  return { subject: mail.Subject, tokenHash: link.searchParams.get('token_hash')! };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const SCAN_ID_SQL = `select id from public.scans order by id limit 1`;

/**
 * Everything an operator does, as one summary: the role checks, the owner RPCs, the admin views,
 * app users' data, a content write, an upload to the operators' bucket and both edge functions.
 */
async function whatItCanDo(client: SupabaseClient) {
  const rpc = async (name: string, args?: object) => {
    const { data, error } = await client.rpc(name, args);
    return error ? `error ${error.code}` : Array.isArray(data) ? `${data.length} rows` : data;
  };
  const rows = async (table: string) => {
    const { data, error } = await client.from(table).select('*').limit(5);
    return error ? `error ${error.code}` : data.length;
  };
  const { rows: scan } = await stack.db.query<{ id: string }>(SCAN_ID_SQL);
  const news = await client
    .from('news')
    .insert({ title: 'Taken over', content: 'x', source_url: 'https://example.com/' })
    .select();
  const upload = await client.storage
    .from('news-screenshots')
    .upload(`takeover-${Date.now()}.png`, new Blob([PNG], { type: 'image/png' }));
  return {
    is_admin: await rpc('is_admin'),
    admin_role: await rpc('admin_role'),
    admin_team: await rpc('admin_team'),
    admin_list_users: await rpc('admin_list_users', { search: 'example.in' }),
    admin_dashboard_stats: typeof (await rpc('admin_dashboard_stats')),
    admin_scans: await rows('admin_scans'),
    admin_profiles: await rows('admin_profiles'),
    contact_messages: await rows('contact_messages'),
    audit_log: await rows('audit_log'),
    admin_users: await rows('admin_users'),
    other_users_scan: (await client.from('scans').select('id').eq('id', scan[0].id)).data?.length,
    news_insert: news.error ? `error ${news.error.code}` : 'inserted',
    upload: upload.error ? 'refused' : 'stored',
    invite_operator: (
      await invoke(client, 'invite-operator', { email: 'third@labellens.dev', role: 'owner' })
    ).status,
    send_notification: (
      await invoke(client, 'send-notification', { user_id: DEMO.user.id, title: 't', body: 'b' })
    ).status,
  };
}

const accessClaims = (client: SupabaseClient) =>
  client.auth
    .getSession()
    .then(({ data }) =>
      JSON.parse(Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString()),
    );

it('a sign-up with a pending invitee’s address gets a session of that account and no operator rights, before or after the invitee accepts', async () => {
  const email = 'takeover.owner@labellens.dev';
  const invited = await invoke(await owner(), 'invite-operator', { email, role: 'owner' });
  expect(invited).toMatchObject({ status: 200, body: { success: true, link: 'invite' } });
  const inviteeId = invited.body.operator.user_id as string;
  const inviteLink = await lastLink(email);

  // The exact request: Supabase Auth confirms the unconfirmed account and answers a session for it.
  const attacker = standInClient(stack.standIn);
  const signup = await attacker.auth.signUp({ email, password: 'Attacker-pass-1' });
  expect(signup.error).toBeNull();
  expect(signup.data.user?.id).toBe(inviteeId);
  expect(signup.data.session?.user.email_confirmed_at).toEqual(expect.any(String));
  expect((await accessClaims(attacker)).amr.map((claim: { method: string }) => claim.method)).toEqual([
    'password',
  ]);
  // GoTrue does not store the caller's password on an account it found.
  expect(
    (await standInClient(stack.standIn).auth.signInWithPassword({ email, password: 'Attacker-pass-1' }))
      .error,
  ).toMatchObject({ status: 400, code: 'invalid_credentials' });
  // But the account had none, so its session may set one without a current password (GoTrue too),
  // and it may enrol an authenticator app of its own on the account.
  expect((await attacker.auth.updateUser({ password: 'Attacker-pass-2' })).error).toBeNull();
  const enrolled = await attacker.auth.mfa.enroll({ factorType: 'totp' });
  expect(enrolled.error).toBeNull();
  const secret = enrolled.data!.totp!.secret;
  expect(
    (await attacker.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: totpCode(secret) }))
      .error,
  ).toBeNull();

  const appUser = await whatItCanDo(await signedIn(DEMO.user.email, DEMO.user.password));
  const operator = await whatItCanDo(await owner());
  expect(appUser).not.toEqual(operator);
  expect(await whatItCanDo(attacker)).toEqual(appUser);
  expect(appUser).toEqual({
    is_admin: false,
    admin_role: null,
    admin_team: 'error 42501',
    admin_list_users: 'error 42501',
    admin_dashboard_stats: 'string',
    admin_scans: 0,
    admin_profiles: 0,
    contact_messages: 0,
    audit_log: 0,
    admin_users: 0,
    other_users_scan: expect.any(Number),
    news_insert: 'error 42501',
    upload: 'refused',
    invite_operator: 403,
    send_notification: 403,
  });
  // Its session did not come from an emailed link: it cannot accept the invitation.
  expect(await attacker.rpc('admin_accept_invitation')).toMatchObject({
    data: null,
    error: { code: '42501', message: 'Open the link in your invitation email to accept it' },
  });

  // The sign-up confirmed the account and so used the invitation link up, as GoTrue's Confirm does.
  expect(
    (await standInClient(stack.standIn).auth.verifyOtp({ token_hash: inviteLink.tokenHash, type: 'invite' }))
      .error,
  ).toMatchObject({ status: 403, code: 'otp_expired' });
  // The owner invites again: Auth refuses a confirmed address, so the invitee gets a reset link.
  expect(await invoke(await owner(), 'invite-operator', { email, role: 'owner' })).toEqual({
    status: 200,
    body: { success: true, link: 'recovery', operator: { user_id: inviteeId, email, role: 'owner' } },
  });
  const resetLink = await lastLink(email);
  expect(resetLink.subject).toBe('Reset your LabelLens Admin password');

  // The invitee follows it, chooses a password, and the set-password page accepts.
  const invitee = standInClient(stack.standIn);
  expect(
    (await invitee.auth.verifyOtp({ token_hash: resetLink.tokenHash, type: 'recovery' })).error,
  ).toBeNull();
  expect((await accessClaims(invitee)).amr.map((claim: { method: string }) => claim.method)).toEqual(['otp']);
  // The factor someone else enrolled would demand aal2 for a new password (GoTrue's UserUpdate).
  expect((await invitee.auth.updateUser({ password: 'Invitee-pass-1' })).error).toMatchObject({
    status: 401,
    code: 'insufficient_aal',
  });
  // Accepting (the set-password page does it first) removes it, the other sessions and the password.
  expect(await invitee.rpc('admin_accept_invitation')).toMatchObject({ data: true, error: null });
  expect((await invitee.auth.updateUser({ password: 'Invitee-pass-1' })).error).toBeNull();
  expect(await invitee.rpc('admin_role')).toMatchObject({ data: 'owner', error: null });
  expect(await (await signedIn(email, 'Invitee-pass-1')).rpc('admin_role')).toMatchObject({ data: 'owner' });

  // The taken-over session keeps nothing. Its access token (valid until it expires) acts as an app
  // user's in the database: the session began before the acceptance and was deleted by it. Auth no
  // longer knows the session, so the functions answer 401; the account's own row, now accepted, is
  // the one thing it reads that an app user's token would not. Its refresh token and its password
  // are gone.
  expect(await whatItCanDo(attacker)).toEqual({
    ...appUser,
    admin_users: 1,
    invite_operator: 401,
    send_notification: 401,
  });
  expect((await attacker.auth.refreshSession()).error).toMatchObject({ code: 'refresh_token_not_found' });
  expect(
    (await standInClient(stack.standIn).auth.signInWithPassword({ email, password: 'Attacker-pass-2' }))
      .error,
  ).toMatchObject({ code: 'invalid_credentials' });
  expect(
    (
      await stack.db.query(
        `select accepted_at is not null as accepted from public.admin_users where user_id = $1`,
        [inviteeId],
      )
    ).rows,
  ).toEqual([{ accepted: true }]);
});
