import { base64url, randomBytes } from '../platform/random';

/** A kept email, in the fields Mailpit's API answers with. */
export interface MailMessage {
  ID: string;
  MessageID: string;
  From: { Name: string; Address: string };
  To: { Name: string; Address: string }[];
  Subject: string;
  Created: string;
  Text: string;
  HTML: string;
  Size: number;
  Read: boolean;
}

/** The most emails kept: older ones are dropped first, so a long session cannot grow it without bound. */
const MAX_MESSAGES = 200;
const SENDER = { Name: 'LabelLens', Address: 'noreply@labellens.dev' };

/**
 * Where a MailSandbox keeps its emails: this process's memory unless told otherwise (the demo keeps
 * them in the page's storage, so they outlive a page load: demo/sandboxStores.ts).
 */
export interface MailStore {
  /** The emails kept, newest first. */
  list(): readonly MailMessage[];
  /** Keeps `message` as the newest, dropping the oldest beyond `max`. */
  add(message: MailMessage, max: number): void;
}

export function memoryMailStore(): MailStore {
  const messages: MailMessage[] = [];
  return {
    list: () => messages,
    add(message, max) {
      messages.unshift(message);
      messages.splice(max);
    },
  };
}

/**
 * The local mail sandbox, as the Supabase CLI's Mailpit: every email the stand-in's Auth sends is
 * kept here (nothing leaves the machine) and read through Mailpit's API at /mail/api/v1 or the page
 * at /mail. Local only: the admin bundle never includes it.
 */
export class MailSandbox {
  constructor(private readonly store: MailStore = memoryMailStore()) {}

  send(mail: { to: string; subject: string; html: string }): MailMessage {
    const id = base64url(randomBytes(11));
    const text = htmlToText(mail.html);
    const message: MailMessage = {
      ID: id,
      MessageID: `${id}@labellens.local`,
      From: SENDER,
      To: [{ Name: '', Address: mail.to }],
      Subject: mail.subject,
      Created: new Date().toISOString(),
      Text: text,
      HTML: mail.html,
      Size: new TextEncoder().encode(mail.html).length,
      Read: false,
    };
    this.store.add(message, MAX_MESSAGES);
    return message;
  }

  list(): readonly MailMessage[] {
    return this.store.list();
  }

  get(id: string): MailMessage | undefined {
    return this.list().find((m) => m.ID === id);
  }
}

/** The text part of an email: its HTML with tags dropped, links kept as their address. */
export function htmlToText(html: string): string {
  return unescapeHtml(
    html
      .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2 ($1)')
      .replace(/<(br|\/p|\/h[1-6]|\/li)\s*\/?>/gi, '\n'),
  ).replace(/\n{3,}/g, '\n\n');
}

/** An HTML fragment's text: tags dropped, character references decoded, trimmed. */
export function unescapeHtml(html: string): string {
  return (
    html
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      // html/template writes ', ", + and the like as numeric references (&#39; &#34; &#43;).
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      .replace(/&amp;/g, '&')
      .trim()
  );
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`), as a server's socket reports them. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.replace(/^::ffff:/i, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/** The answer to a request for /mail from another machine: the sandbox is this machine's only. */
export const notThisMachine = () =>
  new Response('The local mail sandbox answers only requests from this machine (a loopback address).\n', {
    status: 403,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });

/** Mailpit's list summary of a message (GET /api/v1/messages). */
const summary = (m: MailMessage) => ({
  ID: m.ID,
  MessageID: m.MessageID,
  Read: m.Read,
  From: m.From,
  To: m.To,
  Cc: [],
  Bcc: [],
  ReplyTo: [],
  Subject: m.Subject,
  Created: m.Created,
  Tags: [],
  Size: m.Size,
  Attachments: 0,
  Snippet: m.Text.slice(0, 250),
});

/**
 * /mail/api/v1/messages (newest first, `start` and `limit`), /mail/api/v1/message/{ID} (with
 * Text and HTML), and /mail: a page listing the emails with their text, links clickable.
 */
export function handleMail(request: Request, sandbox: MailSandbox, subPath: string): Response {
  if (request.method !== 'GET') return new Response('Method not allowed', { status: 405 });
  const url = new URL(request.url);
  if (subPath === '/api/v1/messages') {
    const start = Math.max(Number(url.searchParams.get('start') ?? 0) || 0, 0);
    const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 50) || 50, 1), MAX_MESSAGES);
    const all = sandbox.list();
    const page = all.slice(start, start + limit);
    return Response.json({
      total: all.length,
      unread: all.filter((m) => !m.Read).length,
      count: page.length,
      messages_count: all.length,
      messages_unread: all.filter((m) => !m.Read).length,
      start,
      tags: [],
      messages: page.map(summary),
    });
  }
  const one = /^\/api\/v1\/message\/([^/]+)$/.exec(subPath);
  if (one) {
    const message = sandbox.get(decodeURIComponent(one[1]));
    if (!message)
      return new Response('message not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
    message.Read = true;
    return Response.json({
      ...summary(message),
      Date: message.Created,
      Text: message.Text,
      HTML: message.HTML,
      Inline: [],
      Attachments: [],
    });
  }
  if (subPath === '/' || subPath === '') {
    const items = sandbox
      .list()
      .map(
        (
          m,
        ) => `<article><h2>${escapeHtml(m.Subject)}</h2><p>To ${escapeHtml(m.To[0]?.Address ?? '')} · ${escapeHtml(m.Created)}</p>
<pre>${escapeHtml(m.Text).replace(/(https?:\/\/[^\s)]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join('\n');
    return new Response(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Local mail · LabelLens</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap}article{border-bottom:1px solid #ccc}</style>
<h1>Local mail</h1><p>Emails the local Auth sent (kept in memory, newest first; nothing leaves this machine).</p>
${items || '<p>No email yet.</p>'}</html>`,
      {
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        },
      },
    );
  }
  return new Response('404 page not found\n', { status: 404, headers: { 'Content-Type': 'text/plain' } });
}
