/**
 * The demo's push sandbox tab (demo/pushes.ts) on what the stand-in's FCM sandbox received, read
 * from the stand-in's sandbox object as the panel reads it.
 */
import { createPushSandbox } from '../mocks/push/sandbox';
import type { Database } from '../mocks/supabase/db';
import { createStandIn } from '../mocks/supabase/standIn';
import { openTestDatabase } from '../mocks/supabase/testing/snapshot';
import { TEST_SUPABASE_URL } from '../mocks/supabase/auth/testClient';
import { pushEntries, readPushes } from './pushes';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

it('lists an audience send once with its devices, and a direct push on its own, newest first', async () => {
  const push = createPushSandbox();
  const standIn = createStandIn({ db, publicUrl: TEST_SUPABASE_URL, push });
  const send = { title: 'Diwali sale', body: 'Check sugar first', data: {}, collapseKey: 'send-7' };
  await push.send({ ...send, token: 'device-a' });
  await push.send({ ...send, token: 'invalid-device-b' });
  await push.send({ token: 'device-c', title: 'Hello', body: 'One person', data: {} });

  const delivered = readPushes(standIn);
  expect(delivered.map((d) => d.token)).toEqual(['device-a', 'invalid-device-b', 'device-c']);
  expect(pushEntries(delivered)).toEqual([
    {
      title: 'Hello',
      body: 'One person',
      audience: 'One person',
      devices: ['device-c'],
      delivered: 1,
      failed: 0,
      at: delivered[2].at,
    },
    {
      title: 'Diwali sale',
      body: 'Check sugar first',
      audience: 'Audience send send-7',
      devices: ['device-a', 'invalid-device-b'],
      delivered: 1,
      failed: 1,
      at: delivered[0].at,
    },
  ]);
});
