import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { DEMO, standInClient, TEST_SUPABASE_URL } from '../auth/testClient';
import type { Database } from '../db';
import { createStandIn, type StandIn } from '../standIn';
import { openTestDatabase } from '../testing/snapshot';

/**
 * invite-operator, through the stand-in's relay with real supabase-js: only an active owner invites;
 * Auth makes the account and emails the link; the operator's row carries the role and its audit
 * entry names the owner; the invitee's link gives a session, a password and the role's access.
 */
let db: Database;
let standIn: StandIn;
beforeAll(async () => {
  db = await openTestDatabase();
  standIn = createStandIn({ db });
});
afterAll(() => db.close());

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const client = standInClient(standIn);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}
const owner = () => signedIn(DEMO.admin.email, DEMO.admin.password);

async function invite(client: SupabaseClient, body: unknown) {
  const { data, error } = await client.functions.invoke('invite-operator', { body: body as object });
  if (!error) return { status: 200, body: data };
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

const mailTo = async (email: string) => {
  const response = await standIn.handle(new Request(`${TEST_SUPABASE_URL}/mail/api/v1/messages`));
  const { messages } = await response!.json();
  return (messages as { ID: string; To: { Address: string }[]; Subject: string }[]).filter(
    (m) => m.To[0].Address === email,
  );
};
const accounts = async (email: string) =>
  (await db.query('select id from auth.users where email = $1', [email])).rows.length;

it('an owner invites: the account, the email, the role, the audit entry; the invitee gets the role', async () => {
  const before = (await db.query<{ id: number }>('select max(id)::int as id from public.audit_log')).rows[0]
    .id;
  const sent = await invite(await owner(), { email: 'Fresh.Editor@labellens.dev', role: 'editor' });
  expect(sent).toEqual({
    status: 200,
    body: {
      success: true,
      operator: { user_id: expect.any(String), email: 'fresh.editor@labellens.dev', role: 'editor' },
    },
  });
  const id = sent.body.operator.user_id;
  expect(
    (await db.query('select role, is_active from public.admin_users where user_id = $1', [id])).rows,
  ).toEqual([{ role: 'editor', is_active: true }]);
  const { rows: audit } = await db.query(
    `select actor_email, actor_role, action, resource, record_label from public.audit_log
      where id > $1 and resource = 'admin_users' order by id`,
    [before],
  );
  expect(audit).toEqual([
    {
      actor_email: DEMO.admin.email,
      actor_role: 'owner',
      action: 'insert',
      resource: 'admin_users',
      record_label: 'fresh.editor@labellens.dev',
    },
  ]);
  const [email] = await mailTo('fresh.editor@labellens.dev');
  expect(email.Subject).toBe('You are invited to LabelLens Admin');
  const message = await (await standIn.handle(
    new Request(`${TEST_SUPABASE_URL}/mail/api/v1/message/${email.ID}`),
  ))!.json();
  const link = new URL(/href="([^"]+)"/.exec(message.HTML)![1].replace(/&amp;/g, '&'));
  expect(link.pathname).toBe('/admin/set-password');

  const invitee = standInClient(standIn);
  const verified = await invitee.auth.verifyOtp({
    token_hash: link.searchParams.get('token_hash')!,
    type: 'invite',
  });
  expect(verified.error).toBeNull();
  expect((await invitee.auth.updateUser({ password: 'Fresh-editor-1' })).error).toBeNull();
  const editor = await signedIn('fresh.editor@labellens.dev', 'Fresh-editor-1');
  expect(await editor.rpc('admin_role')).toMatchObject({ data: 'editor', error: null });
  // Accepted: a second invitation to the same address is refused.
  expect(await invite(await owner(), { email: 'fresh.editor@labellens.dev', role: 'support' })).toEqual({
    status: 409,
    body: { success: false, error: 'This address is already an operator' },
  });
});

it('renews an invitation not yet accepted with the new role, on the same account', async () => {
  const client = await owner();
  expect((await invite(client, { email: 'pending@labellens.dev', role: 'editor' })).status).toBe(200);
  expect((await invite(client, { email: 'pending@labellens.dev', role: 'support' })).status).toBe(200);
  const { data: team } = await client.rpc('admin_team');
  expect(
    (team as { email: string; role: string; invite_pending: boolean }[])
      .filter((row) => row.email === 'pending@labellens.dev')
      .map(({ role, invite_pending }) => ({ role, invite_pending })),
  ).toEqual([{ role: 'support', invite_pending: true }]);
  expect(await accounts('pending@labellens.dev')).toBe(1);
  expect(await mailTo('pending@labellens.dev')).toHaveLength(2);
});

it('refuses callers who are not active owners, before Auth is asked anything', async () => {
  const body = { email: 'not-sent@labellens.dev', role: 'owner' };
  expect(await invite(await signedIn('editor@labellens.dev', 'LabelLens-editor-1'), body)).toEqual({
    status: 403,
    body: { success: false, error: 'Only owners can invite operators' },
  });
  expect(await invite(await signedIn('support@labellens.dev', 'LabelLens-support-1'), body)).toEqual({
    status: 403,
    body: { success: false, error: 'Only owners can invite operators' },
  });
  expect(await invite(await signedIn(DEMO.user.email, DEMO.user.password), body)).toEqual({
    status: 403,
    body: { success: false, error: 'Admin privileges required' },
  });
  expect(await invite(standInClient(standIn), body)).toEqual({
    status: 401,
    body: { success: false, error: 'Invalid or expired session' },
  });
  expect(await accounts('not-sent@labellens.dev')).toBe(0);
  expect(await mailTo('not-sent@labellens.dev')).toEqual([]);
});

it('answers each bad invitation with its reason', async () => {
  const client = await owner();
  expect(await invite(client, { email: 'nope', role: 'editor' })).toEqual({
    status: 400,
    body: { success: false, error: 'Enter a valid email address' },
  });
  expect(await invite(client, { email: 'x@labellens.dev', role: 'root' })).toEqual({
    status: 400,
    body: { success: false, error: 'Choose a role: owner, editor or support' },
  });
  expect(await invite(client, { email: DEMO.user.email, role: 'editor' })).toEqual({
    status: 409,
    body: { success: false, error: 'An account with this email already exists: invite a different address' },
  });
  expect(await invite(client, { email: 'support@labellens.dev', role: 'owner' })).toEqual({
    status: 409,
    body: { success: false, error: 'This address is already an operator' },
  });
});
