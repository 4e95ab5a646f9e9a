import { DEMO_ACCOUNTS } from '../../mocks/supabase/demoAccounts';
import { setUpStandInServer, signIn } from '../test/standInServer';
import { OPERATOR_ACCESS } from '../resources';
import { createAuthProvider, withScreenAccess } from './authProvider';
import { authProvider, startSessionChecks } from '.';
import { createSessionChecks } from './sessionChecks';
import { supabaseClient } from './supabaseClient';

const standIn = setUpStandInServer();
const EDITOR = DEMO_ACCOUNTS.find((account) => account.email === 'editor@labellens.dev')!;

/** A page load: the auth provider and its checks start from nothing but the tab's storage. */
function load() {
  const checks = createSessionChecks(supabaseClient);
  const corrections: Array<string | null> = [];
  checks.role.subscribe((role) => corrections.push(role));
  return {
    checks,
    corrections,
    auth: withScreenAccess(createAuthProvider(supabaseClient, checks), OPERATOR_ACCESS),
  };
}

afterEach(async () => {
  window.sessionStorage.clear();
  await standIn.db().query(`update public.admin_users set is_active = true where role = 'editor'`);
});

it('a reload answers from the tab at once, and an operator deactivated meanwhile is corrected to no role', async () => {
  await signIn(EDITOR);
  const first = load();
  await first.auth.checkAuth({});
  expect(await first.auth.canAccess!({ resource: 'news', action: 'list' })).toBe(true);
  // Both answers sit in the tab, keyed by this access token (checkAuth waits for the role only: the
  // second-factor status may come after it, as it did once in a full run).
  await vi.waitFor(() =>
    expect(Object.keys(window.sessionStorage).sort()).toEqual([
      'labellens-admin:mfaStatus',
      'labellens-admin:operatorRole',
    ]),
  );

  await standIn.db().query(`update public.admin_users set is_active = false where role = 'editor'`);

  // The reload's checkAuth passes on the remembered role; the read behind it brings the truth.
  const reload = load();
  await reload.auth.checkAuth({});
  await vi.waitFor(() => expect(reload.corrections).toEqual([null]));
  expect(await reload.auth.canAccess!({ resource: 'news', action: 'list' })).toBe(false);
  // What the database itself answers, whatever the tab remembered.
  const { data } = await supabaseClient.rpc('admin_role');
  expect(data).toBeNull();
});

it('a new token is checked before it is answered: a deactivated operator signing in is refused', async () => {
  await standIn.db().query(`update public.admin_users set is_active = false where role = 'editor'`);
  await signIn(EDITOR);
  const { auth, corrections } = load();
  await expect(auth.checkAuth({})).rejects.toThrow('labellens.auth.access_denied');
  expect(corrections).toEqual([]);
  expect(window.sessionStorage.getItem('labellens-admin:operatorRole')).toBeNull();
});

it('names the signed-in operator from the tab, with no round trip that would hold up data requests', async () => {
  await signIn(EDITOR);
  const { auth } = load();
  const asked: string[] = [];
  const listen = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
  standIn.msw().events.on('request:start', listen);
  try {
    const { data } = await supabaseClient.auth.getSession();
    expect(await auth.getIdentity!()).toEqual({ id: data.session!.user.id, fullName: EDITOR.email });
    expect(asked).toEqual([]);
  } finally {
    standIn.msw().events.removeListener('request:start', listen);
  }
});

it("a signed-in page's first script starts both checks, and the app's checkAuth asks nothing more", async () => {
  await signIn(EDITOR);
  const asked: string[] = [];
  const listen = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
  standIn.msw().events.on('request:start', listen);
  try {
    await startSessionChecks();
    // Sent once supabase-js has the session's token, a moment later.
    await vi.waitFor(() =>
      expect([...asked].sort()).toEqual(['/rest/v1/admin_users', '/rest/v1/rpc/admin_mfa_status']),
    );
    // As the admin app's provider (src/adminAuthProvider.ts) asks them.
    const adminAuth = withScreenAccess(authProvider, OPERATOR_ACCESS);
    await adminAuth.checkAuth({});
    expect(await adminAuth.canAccess!({ resource: 'news', action: 'list' })).toBe(true);
    expect(asked).toHaveLength(2);
  } finally {
    standIn.msw().events.removeListener('request:start', listen);
  }
});
