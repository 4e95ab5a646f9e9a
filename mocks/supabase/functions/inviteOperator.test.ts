import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { DEMO, standInClient, TEST_SUPABASE_URL } from '../auth/testClient';
import { LOCAL_SERVICE_ROLE_KEY } from '../keys';
import { standInForFile, signedInClient } from '../testing/standInForFile';

/**
 * invite-operator, through the stand-in's relay with real supabase-js: only an active owner invites;
 * Auth makes the account and emails the link; the operator's row carries the role and its audit
 * entry names the owner; the invitee's link gives a session, a password and the role's access.
 */
const stack = standInForFile();

const signedIn = (email: string, password: string) => signedInClient(stack.standIn, email, password);
const owner = () => signedIn(DEMO.admin.email, DEMO.admin.password);

async function invite(client: SupabaseClient, body: unknown) {
  const { data, error } = await client.functions.invoke('invite-operator', { body: body as object });
  if (!error) return { status: 200, body: data };
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

const mailTo = async (email: string) => {
  const response = await stack.standIn.handle(new Request(`${TEST_SUPABASE_URL}/mail/api/v1/messages`));
  const { messages } = await response!.json();
  return (messages as { ID: string; To: { Address: string }[]; Subject: string }[]).filter(
    (m) => m.To[0].Address === email,
  );
};
const accounts = async (email: string) =>
  (await stack.db.query('select id from auth.users where email = $1', [email])).rows.length;

it('an owner invites: the account, the email, the role, the audit entry; the invitee gets the role', async () => {
  const before = (await stack.db.query<{ id: number }>('select max(id)::int as id from public.audit_log'))
    .rows[0].id;
  const sent = await invite(await owner(), { email: 'Fresh.Editor@labellens.dev', role: 'editor' });
  expect(sent).toEqual({
    status: 200,
    body: {
      success: true,
      link: 'invite',
      operator: { user_id: expect.any(String), email: 'fresh.editor@labellens.dev', role: 'editor' },
    },
  });
  const id = sent.body.operator.user_id;
  expect(
    (
      await stack.db.query('select role, is_active, accepted_at from public.admin_users where user_id = $1', [
        id,
      ])
    ).rows,
  ).toEqual([{ role: 'editor', is_active: true, accepted_at: null }]);
  const { rows: audit } = await stack.db.query(
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
  const message = await (await stack.standIn.handle(
    new Request(`${TEST_SUPABASE_URL}/mail/api/v1/message/${email.ID}`),
  ))!.json();
  const link = new URL(/href="([^"]+)"/.exec(message.HTML)![1].replace(/&amp;/g, '&'));
  expect(link.pathname).toBe('/admin/set-password');

  const invitee = standInClient(stack.standIn);
  const verified = await invitee.auth.verifyOtp({
    token_hash: link.searchParams.get('token_hash')!,
    type: 'invite',
  });
  expect(verified.error).toBeNull();
  // Pending until the link's session accepts; then the password (what the set-password page does).
  expect(await invitee.rpc('admin_role')).toMatchObject({ data: null, error: null });
  expect(await invitee.rpc('admin_accept_invitation')).toMatchObject({ data: true, error: null });
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
  expect(await invite(standInClient(stack.standIn), body)).toEqual({
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

describe('when the operator row cannot be added', () => {
  // An add that fails after Auth's invite: the database refuses every new admin_users row.
  const refuseAdds = () =>
    stack.db.exec(`
      create function public.test_refuse_operator() returns trigger language plpgsql as $$
      begin raise exception 'Refused for the test' using errcode = 'P0001'; end $$;
      create trigger test_refuse_operator before insert on public.admin_users
        for each row execute function public.test_refuse_operator();`);
  const allowAdds = () =>
    stack.db.exec(`drop trigger test_refuse_operator on public.admin_users;
             drop function public.test_refuse_operator();`);
  afterEach(async () => {
    await stack.db.exec('drop trigger if exists test_refuse_operator on public.admin_users');
    await stack.db.exec('drop function if exists public.test_refuse_operator()');
    await stack.db.exec('drop trigger if exists test_refuse_delete on auth.users');
    await stack.db.exec('drop function if exists public.test_refuse_delete()');
  });

  it("keeps an existing unconfirmed app user's account, which Auth re-invited", async () => {
    const service = standInClient(stack.standIn, LOCAL_SERVICE_ROLE_KEY);
    const { data: created, error } = await service.auth.admin.createUser({
      email: 'unconfirmed.app.user@example.in',
      password: 'App-user-pass-1',
      email_confirm: false,
      user_metadata: { full_name: 'Unconfirmed App User' },
    });
    expect(error).toBeNull();
    await refuseAdds();
    expect(await invite(await owner(), { email: 'unconfirmed.app.user@example.in', role: 'editor' })).toEqual(
      {
        status: 500,
        body: { success: false, error: 'Refused for the test' },
      },
    );
    await allowAdds();
    expect(
      (
        await stack.db.query(
          'select id, raw_user_meta_data ->> $2 as name from auth.users where email = $1',
          ['unconfirmed.app.user@example.in', 'full_name'],
        )
      ).rows,
    ).toEqual([{ id: created.user!.id, name: 'Unconfirmed App User' }]);
  });

  it('removes an account this request made', async () => {
    await refuseAdds();
    expect(await invite(await owner(), { email: 'made.here@labellens.dev', role: 'editor' })).toEqual({
      status: 500,
      body: { success: false, error: 'Refused for the test' },
    });
    expect(await accounts('made.here@labellens.dev')).toBe(0);
  });

  it('reports a removal that failed instead of ignoring it', async () => {
    await refuseAdds();
    await stack.db.exec(`
      create function public.test_refuse_delete() returns trigger language plpgsql as $$
      begin raise exception 'Deletion refused for the test'; end $$;
      create trigger test_refuse_delete before delete on auth.users
        for each row execute function public.test_refuse_delete();`);
    const answer = await invite(await owner(), { email: 'kept.by.accident@labellens.dev', role: 'editor' });
    expect(answer).toEqual({
      status: 500,
      body: {
        success: false,
        error: expect.stringMatching(
          /^Refused for the test; the account made for the invitation could not be removed: .+/,
        ),
      },
    });
    expect(await accounts('kept.by.accident@labellens.dev')).toBe(1);
  });
});
