/**
 * The demo's mailbox (demo/mailbox.ts) on the emails the real stand-in's Auth writes: their links
 * lead into the demo's folder, and a link to Auth's /verify is answered by the stand-in itself.
 */
import type { Database } from '../mocks/supabase/db';
import { LOCAL_SERVICE_ROLE_KEY } from '../mocks/supabase/keys';
import { createStandIn } from '../mocks/supabase/standIn';
import { openTestDatabase } from '../mocks/supabase/testing/snapshot';
import { DEMO, standInClient, TEST_SUPABASE_URL } from '../mocks/supabase/auth/testClient';
import { demoLink, followApiLink, mailboxEntries } from './mailbox';

const FOLDER = '/labellens';
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('demoLink', () => {
  it('puts the folder in front of a page of the origin, once', () => {
    expect(demoLink(`${TEST_SUPABASE_URL}/admin/set-password?x=1`, TEST_SUPABASE_URL, FOLDER)).toEqual({
      href: `${TEST_SUPABASE_URL}/labellens/admin/set-password?x=1`,
      api: false,
    });
    expect(demoLink(`${TEST_SUPABASE_URL}/labellens/admin`, TEST_SUPABASE_URL, FOLDER)).toEqual({
      href: `${TEST_SUPABASE_URL}/labellens/admin`,
      api: false,
    });
    expect(demoLink(`${TEST_SUPABASE_URL}/admin`, TEST_SUPABASE_URL, '')).toEqual({
      href: `${TEST_SUPABASE_URL}/admin`,
      api: false,
    });
  });

  it("leaves another origin's link alone and marks the stand-in's API", () => {
    expect(demoLink('https://example.in/admin', TEST_SUPABASE_URL, FOLDER)).toEqual({
      href: 'https://example.in/admin',
      api: false,
    });
    expect(demoLink(`${TEST_SUPABASE_URL}/auth/v1/verify?token=a`, TEST_SUPABASE_URL, FOLDER)).toEqual({
      href: `${TEST_SUPABASE_URL}/auth/v1/verify?token=a`,
      api: true,
    });
  });
});

describe('mailboxEntries', () => {
  it("shows a password reset's subject, recipient, time and its link into the demo's folder", async () => {
    const standIn = createStandIn({ db, publicUrl: TEST_SUPABASE_URL });
    const before = Date.now();
    expect((await standInClient(standIn).auth.resetPasswordForEmail(DEMO.admin.email)).error).toBeNull();
    const [entry, ...rest] = mailboxEntries(standIn.mail.list(), TEST_SUPABASE_URL, FOLDER);
    expect(rest).toEqual([]);
    const { rows } = await db.query<{ recovery_token: string }>(
      'select recovery_token from auth.users where email = $1',
      [DEMO.admin.email],
    );
    expect(entry).toEqual({
      id: standIn.mail.list()[0].ID,
      subject: 'Reset your LabelLens Admin password',
      to: DEMO.admin.email,
      at: standIn.mail.list()[0].Created,
      links: [
        {
          text: 'Choose a new password',
          href: `${TEST_SUPABASE_URL}/labellens/admin/set-password?token_hash=${rows[0].recovery_token}&type=recovery`,
          api: false,
        },
      ],
    });
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("follows an email change's /verify link through the stand-in, into the demo's folder", async () => {
    const standIn = createStandIn({ db, publicUrl: TEST_SUPABASE_URL, auth: { secureEmailChange: false } });
    const service = standInClient(standIn, LOCAL_SERVICE_ROLE_KEY);
    const email = 'mailbox.mover@example.in';
    expect(
      (await service.auth.admin.createUser({ email, password: 'Mover-pass-1', email_confirm: true })).error,
    ).toBeNull();
    const client = standInClient(standIn);
    expect((await client.auth.signInWithPassword({ email, password: 'Mover-pass-1' })).error).toBeNull();
    expect((await client.auth.updateUser({ email: 'mailbox.moved@example.in' })).error).toBeNull();

    const [entry] = mailboxEntries(standIn.mail.list(), TEST_SUPABASE_URL, FOLDER);
    expect(entry.subject).toBe('Confirm your new email address');
    expect(entry.to).toBe('mailbox.moved@example.in');
    expect(entry.links).toHaveLength(1);
    expect(entry.links[0]).toMatchObject({ text: 'Confirm new email address', api: true });
    expect(entry.links[0].href).toMatch(
      new RegExp(`^${TEST_SUPABASE_URL}/auth/v1/verify\\?token=[0-9a-f]{56}&type=email_change&redirect_to=`),
    );

    const target = await followApiLink(standIn, entry.links[0].href, TEST_SUPABASE_URL, FOLDER);
    expect(target).toMatch(
      new RegExp(`^${TEST_SUPABASE_URL}/labellens/#access_token=[^&]+&.*type=email_change$`),
    );
    const { rows } = await db.query('select email from auth.users where email = $1', [
      'mailbox.moved@example.in',
    ]);
    expect(rows).toEqual([{ email: 'mailbox.moved@example.in' }]);
  });
});
