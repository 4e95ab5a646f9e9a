// @vitest-environment happy-dom
// The page's localStorage, as the demo's tabs share it: a "page load" is a new stand-in on it.
/**
 * The demo's mailbox and push sandbox in localStorage (demo/sandboxStores.ts): what the real
 * stand-in's Auth and FCM sandbox keep there outlives the stand-in and is read by another's, bounded,
 * and emptied by a reset.
 */
import { MailSandbox } from '../mocks/supabase/mail/sandbox';
import type { Database } from '../mocks/supabase/db';
import { createStandIn } from '../mocks/supabase/standIn';
import { openTestDatabase } from '../mocks/supabase/testing/snapshot';
import { DEMO, standInClient, TEST_SUPABASE_URL } from '../mocks/supabase/auth/testClient';
import { mailboxEntries } from './mailbox';
import { pushEntries, readPushes } from './pushes';
import { clearStoredSandboxes, MAX_PUSHES, storedMailStore, storedSandboxes } from './sandboxStores';

const storedKeys = () => Object.keys(localStorage).filter((k) => k.startsWith('labellens-demo:')).length;
const pageStandIn = () =>
  createStandIn({ db, publicUrl: TEST_SUPABASE_URL, ...storedSandboxes(localStorage) });

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
beforeEach(() => localStorage.clear());

describe('the stored mailbox', () => {
  it("keeps Auth's emails across page loads, newest first, for every tab", async () => {
    const first = pageStandIn();
    expect((await standInClient(first).auth.resetPasswordForEmail(DEMO.admin.email)).error).toBeNull();
    const sent = first.mail.list();
    expect(sent.map((m) => [m.Subject, m.To[0].Address])).toEqual([
      ['Reset your LabelLens Admin password', DEMO.admin.email],
    ]);

    // The next page (or another tab) reads the same email, whole.
    const next = pageStandIn();
    expect(next.mail.list()).toEqual(sent);
    expect(next.mail.get(sent[0].ID)).toEqual(sent[0]);
    const { rows } = await db.query<{ recovery_token: string }>(
      'select recovery_token from auth.users where email = $1',
      [DEMO.admin.email],
    );
    expect(mailboxEntries(next.mail.list(), TEST_SUPABASE_URL, '/labellens')[0].links).toEqual([
      {
        text: 'Choose a new password',
        href: `${TEST_SUPABASE_URL}/labellens/admin/set-password?token_hash=${rows[0].recovery_token}&type=recovery`,
        api: false,
      },
    ]);

    // What that page sends, the first one lists above its own.
    expect((await standInClient(next).auth.resetPasswordForEmail(DEMO.user.email)).error).toBeNull();
    expect(first.mail.list().map((m) => m.To[0].Address)).toEqual([DEMO.user.email, DEMO.admin.email]);
  });

  it('keeps the newest 200 emails, as the sandbox does in memory', () => {
    const mail = new MailSandbox(storedMailStore(localStorage));
    for (let n = 1; n <= 201; n++) mail.send({ to: 'a@example.in', subject: `Mail ${n}`, html: '<p>Hi</p>' });
    const subjects = new MailSandbox(storedMailStore(localStorage)).list().map((m) => m.Subject);
    expect(subjects).toHaveLength(200);
    expect(subjects.slice(0, 2)).toEqual(['Mail 201', 'Mail 200']);
    expect(subjects.at(-1)).toBe('Mail 2');
    expect(storedKeys()).toBe(200);
  });
});

describe('the stored push sandbox', () => {
  it('keeps the deliveries across page loads with their outcome and time', async () => {
    const { push } = storedSandboxes(localStorage);
    const send = {
      title: 'Diwali sale',
      body: 'Check sugar first',
      data: { kind: 'news' },
      collapseKey: 'send-7',
    };
    expect(await push.send({ ...send, token: 'device-a' })).toEqual({
      ok: true,
      messageId: 'projects/labellens-local/messages/1',
    });
    await push.send({ ...send, token: 'invalid-device-b' });

    // The next page's panel reads them from its stand-in.
    const delivered = readPushes(pageStandIn());
    expect(delivered).toEqual(push.delivered);
    expect(delivered.map((d) => [d.token, d.result.ok, d.at instanceof Date])).toEqual([
      ['device-a', true, true],
      ['invalid-device-b', false, true],
    ]);
    expect(pushEntries(delivered)).toEqual([
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

  it(`keeps the newest ${MAX_PUSHES} pushes`, async () => {
    const { push } = storedSandboxes(localStorage);
    for (let n = 1; n <= MAX_PUSHES + 1; n++)
      await push.send({ token: `device-${n}`, title: 'Hi', body: 'There', data: {} });
    const tokens = storedSandboxes(localStorage).push.delivered.map((d) => d.token);
    expect(tokens).toHaveLength(MAX_PUSHES);
    expect([tokens[0], tokens.at(-1)]).toEqual(['device-2', `device-${MAX_PUSHES + 1}`]);
  });
});

it("a reset empties both and leaves the rest of the origin's storage (the session) alone", async () => {
  const { mail, push } = storedSandboxes(localStorage);
  mail.send({ to: 'a@example.in', subject: 'Hello', html: '<p>Hi</p>' });
  await push.send({ token: 'device-a', title: 'Hi', body: 'There', data: {} });
  localStorage.setItem('sb-localhost-auth-token', '{"access_token":"x"}');
  expect(storedKeys()).toBe(2);

  clearStoredSandboxes(localStorage);
  const next = storedSandboxes(localStorage);
  expect([next.mail.list(), next.push.delivered]).toEqual([[], []]);
  expect(Object.keys(localStorage)).toEqual(['sb-localhost-auth-token']);
});
