/**
 * The tester's panel's "Mailbox" tab: the emails the stand-in's Auth sent (invitations, password
 * resets, email changes, magic links), read from the same MailSandbox that `npm start`'s /mail reader
 * shows (mocks/supabase/mail/sandbox.ts). A hosted project would email them; the demo has no server,
 * so their links are rewritten to work inside the demo's folder.
 */
import { unescapeHtml, type MailMessage } from '../mocks/supabase/mail/sandbox';
import type { StandIn } from '../mocks/supabase/standIn';
import { SUPABASE_API_PARTS } from './paths';

export interface MailLink {
  text: string;
  href: string;
  /** A link to the stand-in's API (GoTrue's /verify): opened by asking the stand-in, not the host. */
  api: boolean;
}

export interface MailboxEntry {
  id: string;
  subject: string;
  to: string;
  at: string;
  links: MailLink[];
}

const API_PATH = new RegExp(`^/(${SUPABASE_API_PARTS.join('|')})/v1/`);

/**
 * Where a link of an email leads in the demo. Auth writes its links on the page's origin (its site
 * URL is the origin: mocks/supabase/auth/authConfig.ts), but the demo's pages sit below `folder`
 * (src/hostPrefix.ts): a page's path gets the folder in front. Other origins are left alone.
 */
export function demoLink(href: string, origin: string, folder: string): { href: string; api: boolean } {
  if (!URL.canParse(href)) return { href, api: false };
  const url = new URL(href);
  if (url.origin !== origin) return { href, api: false };
  if (API_PATH.test(url.pathname)) return { href: url.href, api: true };
  if (folder && url.pathname !== folder && !url.pathname.startsWith(`${folder}/`))
    url.pathname = `${folder}${url.pathname}`;
  return { href: url.href, api: false };
}

/** The mailbox's rows, newest first (the sandbox's order), each email's links made to work in the demo. */
export function mailboxEntries(
  messages: readonly MailMessage[],
  origin: string,
  folder: string,
): MailboxEntry[] {
  return messages.map((m) => ({
    id: m.ID,
    subject: m.Subject,
    to: m.To.map((t) => t.Address).join(', '),
    at: m.Created,
    links: [...m.HTML.matchAll(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi)].map(([, href, text]) => ({
      text: unescapeHtml(text),
      ...demoLink(unescapeHtml(href), origin, folder),
    })),
  }));
}

/**
 * Opens an email's link to the stand-in's API (GoTrue's /verify) as a browser would: the stand-in
 * answers in this page (a navigation would reach the static host instead), and its redirect is followed.
 */
export async function followApiLink(
  standIn: StandIn,
  href: string,
  origin: string,
  folder: string,
): Promise<string> {
  const answer = await standIn.handle(new Request(href, { redirect: 'manual' }));
  const location = answer?.headers.get('location');
  if (!location) throw new Error(`The link answered ${answer?.status ?? 'nothing'} without a redirect`);
  return demoLink(new URL(location, href).href, origin, folder).href;
}

/** The Mailbox tab: one article per email, with subject, recipient, time and its links. */
export function mailboxView(standIn: StandIn, origin: string, folder: string): HTMLElement {
  const view = document.createElement('div');
  const entries = mailboxEntries(standIn.mail.list(), origin, folder);
  if (entries.length === 0) {
    view.textContent = 'No email yet. Invitations, password resets and email changes show here.';
    return view;
  }
  const list = document.createElement('ul');
  list.setAttribute('aria-label', 'Emails');
  for (const entry of entries) {
    const item = document.createElement('li');
    item.className = 'demo-item';
    const subject = document.createElement('strong');
    subject.textContent = entry.subject;
    const meta = document.createElement('div');
    meta.textContent = `To ${entry.to} · ${new Date(entry.at).toLocaleString()}`;
    item.append(subject, meta);
    for (const link of entry.links) {
      const a = document.createElement('a');
      a.href = link.href;
      a.textContent = link.text;
      if (link.api)
        a.addEventListener('click', (event) => {
          event.preventDefault();
          void followApiLink(standIn, link.href, origin, folder).then(
            (target) => window.location.assign(target),
            (error: unknown) => (a.title = String(error)),
          );
        });
      const line = document.createElement('div');
      line.append(a);
      item.append(line);
    }
    list.append(item);
  }
  view.append(list);
  return view;
}
