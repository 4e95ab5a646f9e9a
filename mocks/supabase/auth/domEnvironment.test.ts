// @vitest-environment happy-dom
// Component tests reach the stand-in from happy-dom (MSW), the dom project's environment, where typed
// arrays may come from another realm (they do under jsdom):
// signing, verifying and the function's own supabase-js calls must all still work there.
import type { Database } from '../db';
import { createStandIn } from '../standIn';
import { openTestDatabase } from '../testing/snapshot';
import { DEMO, standInClient } from './testClient';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

it('signs in, reads the user and sends a notification under happy-dom', async () => {
  const client = standInClient(createStandIn({ db }));
  expect((await client.auth.signInWithPassword(DEMO.admin)).error).toBeNull();
  const { data: user } = await client.auth.getUser();
  expect(user.user?.email).toBe(DEMO.admin.email);
  const { data, error } = await client.functions.invoke('send-notification', {
    body: { userId: DEMO.user.id, title: 'Hello', body: 'From happy-dom' },
  });
  expect(error).toBeNull();
  expect(data).toEqual({ success: true, messageId: 'projects/labellens-local/messages/1' });
});
