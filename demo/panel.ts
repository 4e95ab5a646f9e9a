/**
 * The demo's banner and tester's panel (demo build only, docs/demo.md): one-click sign-in as each
 * demo account (with the second-factor account's current code), faults per service, reset to the seed, and the whole
 * database exported to a file and imported from one, so a bug report can carry its exact state; the
 * mailbox and the push sandbox (what a hosted project would email or push) in tabs of their own.
 * Plain DOM, so it serves the site's page (Preact) and the admin's (React) alike.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import * as OTPAuth from 'otpauth';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';
import { HOST_PREFIX } from '../src/hostPrefix';
import { ADMIN_HOME, ADMIN_LOGIN } from '../src/routes';
import type { StandIn } from '../mocks/supabase/standIn';
import { faultControls } from './faultControls';
import { mailboxView } from './mailbox';
import { pushSandboxView } from './pushes';
import { bulkScansControl } from './bulkScans';
import { clearStoredSandboxes } from './sandboxStores';
import { exportDemoData, flushDemoData, forgetDemoData, importDemoData } from './standIn';

const STYLE = `
.demo-banner{position:fixed;z-index:2000;left:0;right:0;bottom:0;display:flex;gap:8px;align-items:center;
justify-content:center;flex-wrap:wrap;padding:4px 8px;background:#fff3cd;color:#3d2f00;font:14px/1.4 system-ui,sans-serif;
border-top:1px solid #e0c36a}
.demo-banner button,.demo-panel button{font:inherit;padding:2px 10px;cursor:pointer}
.demo-panel{position:fixed;z-index:2001;right:0;bottom:0;width:min(360px,100vw);max-height:80vh;overflow:auto;
background:#fff;color:#1a1a1a;border:1px solid #888;box-shadow:0 0 12px rgba(0,0,0,.3);padding:12px;
font:14px/1.4 system-ui,sans-serif}
.demo-panel h2{font-size:16px;margin:0 0 8px}.demo-panel h3{font-size:14px;margin:12px 0 4px}
.demo-panel ul{list-style:none;margin:0;padding:0}.demo-panel li{margin:4px 0}
.demo-panel code{font-size:15px;letter-spacing:2px}
.demo-panel [role=tablist]{display:flex;gap:4px;margin:8px 0}.demo-panel [aria-selected=true]{font-weight:bold}
.demo-panel .demo-item{border-bottom:1px solid #ddd;padding:4px 0;overflow-wrap:anywhere}
`;

/** A button, its click `onClick`. */
function button(label: string, onClick: () => void | Promise<void>): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  element.addEventListener('click', () => void onClick());
  return element;
}

/**
 * Signs in as `email`, then opens the admin with that session. Through a client of its own that
 * keeps no session (so it tells no other client of the page, and stores nothing), and the session
 * stored where the admin's client reads it: signing the admin's live client out and in again ran
 * the admin's own handlers of those events (useAdminSessionWatch) between the two, which could sign
 * out, or keep, the wrong account. The live client stops refreshing first, so it cannot store the
 * previous account's session again before the page is left.
 */
async function signInAs(email: string) {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email)!;
  const [{ createClient }, { supabaseAnonKey, supabaseClient, supabaseUrl }] = await Promise.all([
    import('@supabase/supabase-js'),
    import('../src/providers/supabaseClient'),
  ]);
  await supabaseClient.auth.stopAutoRefresh();
  const switcher = createClient(supabaseUrl, supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { error } = await switcher.auth.signInWithPassword({ email, password: account.password });
  // The account with an authenticator app gives the code the panel shows, as its operator would.
  if (!error && 'totpSecret' in account) await secondFactor(switcher, account.totpSecret);
  const { data } = await switcher.auth.getSession();
  // supabase-js's default storage key (SupabaseClient's `sb-<first label of the host>-auth-token`),
  // where it stores the session as JSON (GoTrueClient's _saveSession, with no userStorage).
  const storageKey = `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
  if (data.session) window.localStorage.setItem(storageKey, JSON.stringify(data.session));
  else window.localStorage.removeItem(storageKey);
  // A refused account (the inactive operator, the app user) is shown refused by the sign-in page.
  window.location.assign(`${HOST_PREFIX}${error ? ADMIN_LOGIN : ADMIN_HOME}`);
}

/** Raises the switcher's session to aal2 with the authenticator app's current code. */
async function secondFactor(client: SupabaseClient, secret: string) {
  const { data } = await client.auth.mfa.listFactors();
  const factor = data?.totp.find((f) => f.status === 'verified');
  if (factor) await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: currentCode(secret) });
}

/** The code the second-factor account's authenticator app shows now. */
function currentCode(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
}

function accountList(): HTMLElement {
  const list = document.createElement('ul');
  for (const account of DEMO_ACCOUNTS) {
    const item = document.createElement('li');
    item.append(button(`Sign in as ${account.email}`, () => signInAs(account.email)));
    const about = document.createElement('div');
    about.textContent = `${account.description}; password ${account.password}`;
    item.append(about);
    if ('totpSecret' in account) {
      const code = document.createElement('div');
      const digits = document.createElement('code');
      code.append('Authenticator code now: ', digits);
      const show = () => (digits.textContent = currentCode(account.totpSecret));
      show();
      window.setInterval(show, 1000);
      item.append(code);
    }
    list.append(item);
  }
  return list;
}

function dataTools(standIn: StandIn): HTMLElement {
  const tools = document.createElement('div');
  tools.append(
    button('Reset data to the seed', async () => {
      if (!window.confirm('Forget everything done in this browser and start again from the seed?')) return;
      clearStoredSandboxes(localStorage);
      await forgetDemoData();
      window.location.reload();
    }),
    button('Export data', async () => {
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await exportDemoData());
      link.download = `labellens-demo-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.tar`;
      link.click();
      URL.revokeObjectURL(link.href);
    }),
  );
  const file = document.createElement('input');
  file.type = 'file';
  file.accept = '.tar,.tar.gz,.tgz';
  file.setAttribute('aria-label', 'Import data from a file');
  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    // The mails' and pushes' links and tokens belong to the data being replaced.
    clearStoredSandboxes(localStorage);
    void importDemoData(chosen).then(() => window.location.reload());
  });
  const label = document.createElement('label');
  label.append('Import data: ', file);
  tools.append(label, bulkScansControl(standIn.db, flushDemoData));
  return tools;
}

/** The tools: accounts, data, faults (the panel's first tab). */
function tools(standIn: StandIn): HTMLElement[] {
  return [
    heading('h3', 'Accounts'),
    accountList(),
    heading('h3', 'Data'),
    dataTools(standIn),
    heading('h3', 'Faults'),
    faultControls(),
  ];
}

function heading(level: 'h2' | 'h3', text: string) {
  const h = document.createElement(level);
  h.textContent = text;
  return h;
}

/** The tabs: each renders its content when chosen, so the mailbox and the sandbox show what is there now. */
function tabs(standIn: StandIn): HTMLElement[] {
  const origin = window.location.origin;
  const content = document.createElement('div');
  content.setAttribute('role', 'tabpanel');
  const list = document.createElement('div');
  list.setAttribute('role', 'tablist');
  const views: [string, () => HTMLElement[] | Promise<HTMLElement[]>][] = [
    ['Tools', () => tools(standIn)],
    ['Mailbox', () => [mailboxView(standIn, origin, HOST_PREFIX)]],
    ['Push sandbox', () => [pushSandboxView(standIn)]],
  ];
  const choose = async (chosen: HTMLButtonElement, view: () => HTMLElement[] | Promise<HTMLElement[]>) => {
    for (const tab of list.children) tab.setAttribute('aria-selected', String(tab === chosen));
    content.setAttribute('aria-label', chosen.textContent ?? '');
    content.replaceChildren(...(await view()));
  };
  for (const [label, view] of views) {
    const tab = button(label, () => choose(tab, view));
    tab.setAttribute('role', 'tab');
    list.append(tab);
  }
  void choose(list.children[0] as HTMLButtonElement, views[0][1]);
  return [list, content];
}

function panel(standIn: StandIn, close: () => void): HTMLElement {
  const element = document.createElement('aside');
  element.id = 'demo-panel';
  element.className = 'demo-panel';
  element.setAttribute('aria-label', "Tester's panel");
  element.append(heading('h2', "Tester's panel"), button('Close', close), ...tabs(standIn));
  // Escape closes it from anywhere inside, as a drawer does.
  element.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
  });
  return element;
}

/** Adds the banner, whose button opens the panel. */
export function showDemoChrome(standIn: StandIn) {
  const style = document.createElement('style');
  style.textContent = STYLE;
  document.head.append(style);
  const banner = document.createElement('div');
  banner.className = 'demo-banner';
  banner.setAttribute('role', 'region');
  banner.setAttribute('aria-label', 'Demo');
  const text = document.createElement('span');
  text.textContent = 'Demo: the data lives only in this browser.';
  let open: HTMLElement | null = null;
  // Closing returns the keyboard to the button that opened the panel.
  const close = () => {
    open?.remove();
    open = null;
    toggle.setAttribute('aria-expanded', 'false');
    toggle.focus();
  };
  const toggle = button("Tester's panel", () => {
    if (open) return close();
    open = panel(standIn, close);
    document.body.append(open);
    toggle.setAttribute('aria-expanded', 'true');
    // Opened from the keyboard, the next key is in the panel (its Close button first).
    open.querySelector('button')?.focus();
  });
  toggle.setAttribute('aria-expanded', 'false');
  toggle.setAttribute('aria-controls', 'demo-panel');
  banner.append(text, toggle);
  document.body.append(banner);
}
