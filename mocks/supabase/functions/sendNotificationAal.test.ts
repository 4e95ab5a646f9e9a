import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { createPushSandbox } from '../../push/sandbox';
import { DEMO, standInClient } from '../auth/testClient';
import { insertConfirmedUser, totpCode } from '../auth/mfaTesting';
import { standInForFile } from '../testing/standInForFile';

/**
 * send-notification admits callers through public.is_admin() with their own JWT, so an admin who
 * has a verified factor pushes only from an aal2 session; each attempt and its outcome is in the trail.
 */
const stack = standInForFile({ push: createPushSandbox() });

const EMAIL = 'enrolled-admin@example.test';
const PASSWORD = 'Enrolled-admin-1';

async function signedIn(): Promise<SupabaseClient> {
  const client = standInClient(stack.standIn);
  const { error } = await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
  if (error) throw error;
  return client;
}

async function send(client: SupabaseClient) {
  const { data, error } = await client.functions.invoke('send-notification', {
    body: { userId: DEMO.user.id, title: 'Two factors', body: 'Sent from an aal2 session.' },
  });
  if (!error) return { status: 200, body: data };
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

it('refuses an enrolled admin at aal1 and sends at aal2, recording the attempt and its outcome', async () => {
  const admin = await insertConfirmedUser(stack.db, EMAIL, PASSWORD);
  await stack.db.query('insert into public.admin_users (user_id) values ($1)', [admin.id]);

  const aal2 = await signedIn();
  const { data: factor } = await aal2.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  const verified = await aal2.auth.mfa.challengeAndVerify({
    factorId: factor!.id,
    code: totpCode(factor!.totp!.secret),
  });
  expect(verified.error).toBeNull();
  const aal1 = await signedIn();

  const before = (await stack.db.query<{ id: number }>('select max(id)::int as id from public.audit_log'))
    .rows[0].id;
  expect(await send(aal1)).toEqual({
    status: 403,
    body: { success: false, error: 'Admin privileges required' },
  });
  const sent = await send(aal2);
  expect(sent).toMatchObject({ status: 200, body: { success: true } });

  const { rows } = await stack.db.query(
    `select actor_id, actor_email, action, resource, changes->'status' as status from public.audit_log
      where id > $1 and resource = 'notifications' order by id`,
    [before],
  );
  expect(rows).toEqual([
    {
      actor_id: admin.id,
      actor_email: EMAIL,
      action: 'insert',
      resource: 'notifications',
      status: { old: null, new: 'pending' },
    },
    {
      actor_id: admin.id,
      actor_email: EMAIL,
      action: 'update',
      resource: 'notifications',
      status: { old: 'pending', new: 'sent' },
    },
  ]);
});
