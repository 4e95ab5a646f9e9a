/**
 * PUT /user leaves GoTrue's audit entries (supabase/auth internal/api/user.go UserUpdate): one
 * `user_modified` per update, whatever it changed (here the admin's language in user_metadata), and
 * `user_updated_password` before it for a new password. The database copies them into the audit
 * trail the admin's Audit Log shows (public.audit_log, resource 'auth').
 */
import type { Database } from '../db';
import { createStandIn } from '../standIn';
import { openTestDatabase } from '../testing/snapshot';
import { DEMO, standInClient, TEST_SUPABASE_URL } from './testClient';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const trail = async (userId: string) =>
  (
    await db.query<{ action: string }>(
      `select action from public.audit_log where resource = 'auth' and actor_id = $1
        and action like 'user_%' order by id`,
      [userId],
    )
  ).rows.map((row) => row.action);

it('records user_modified for a metadata change and user_updated_password then user_modified for a password', async () => {
  const client = standInClient(createStandIn({ db, publicUrl: TEST_SUPABASE_URL }));
  const { error } = await client.auth.signInWithPassword(DEMO.admin);
  expect(error).toBeNull();

  const saved = await client.auth.updateUser({ data: { locale: 'hi' } });
  expect(saved.error).toBeNull();
  expect(saved.data.user?.user_metadata.locale).toBe('hi');
  expect(await trail(DEMO.admin.id)).toEqual(['user_modified']);
  const { rows } = await db.query<{ action: string; log_type: string }>(
    `select payload ->> 'action' as action, payload ->> 'log_type' as log_type from auth.audit_log_entries
      where payload ->> 'actor_id' = $1 and payload ->> 'action' like 'user_%'`,
    [DEMO.admin.id],
  );
  expect(rows).toEqual([{ action: 'user_modified', log_type: 'user' }]);

  const changed = await client.auth.updateUser({
    password: 'LabelLens-admin-2',
    current_password: DEMO.admin.password,
  });
  expect(changed.error).toBeNull();
  expect(await trail(DEMO.admin.id)).toEqual(['user_modified', 'user_updated_password', 'user_modified']);
});
