import { formatDateTime } from '../../domain/format';
import type { Tables } from '../../database.types';

/** A contact message's triage status (the contact_messages_status_known constraint). */
export const CONTACT_STATUSES = ['new', 'read', 'archived'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const STATUS_CHOICES = CONTACT_STATUSES.map((status) => ({
  id: status,
  name: `resources.contact-messages.status.${status}`,
}));

/**
 * The longest reply link we hand to the mail client. Browsers and mail clients cut or refuse longer
 * mailto: links somewhere past 2,000 characters (the old 2,083 of Internet Explorer and Outlook is
 * the lowest commonly met), so a long message is quoted only in part, with a note saying so.
 */
export const MAILTO_MAX_LENGTH = 2000;

type ReplyTo = Pick<
  Tables<'contact_messages'>,
  'email' | 'subject' | 'message' | 'first_name' | 'last_name' | 'created_at'
>;

/**
 * The reply link: the operator's mail client, addressed to the sender, with "Re: <subject>" and a
 * body quoting the message it answers ("On <date>, <name> wrote:" and the lines after "> "), every
 * part URL-encoded, line breaks as CRLF (RFC 6068), at most MAILTO_MAX_LENGTH characters long.
 * `translate` words the introduction and the shortening note (the catalogue's).
 */
export function replyHref(
  message: ReplyTo,
  translate: (key: string, options?: Record<string, unknown>) => string,
  maxLength = MAILTO_MAX_LENGTH,
): string {
  const subject = message.subject.trim() ? `Re: ${message.subject.trim()}` : 'Re: LabelLens';
  const head = `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
  const intro = translate('resources.contact-messages.reply_intro', {
    date: formatDateTime(message.created_at),
    name: senderName(message) || message.email,
  });
  // Code points, so a cut never splits a character (Devanagari, emoji).
  const text = Array.from(message.message.replace(/\r\n?/g, '\n').trimEnd());
  const href = (kept: number) => {
    const quoted = text
      .slice(0, kept)
      .join('')
      .split('\n')
      .map((line) => `> ${line}`);
    const note = kept < text.length ? ['', translate('resources.contact-messages.reply_shortened')] : [];
    const body = ['', '', intro, ...quoted, ...note].join('\r\n');
    return `${head}&body=${encodeURIComponent(body)}`;
  };
  if (href(text.length).length <= maxLength) return href(text.length);
  // The longest start of the message that fits (binary search: encoding makes lengths uneven).
  let fits = 0;
  let tooLong = text.length;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (href(middle).length <= maxLength) fits = middle;
    else tooLong = middle;
  }
  return href(fits);
}

export const senderName = (record: Pick<Tables<'contact_messages'>, 'first_name' | 'last_name'>) =>
  [record.first_name, record.last_name].filter((part) => part.trim()).join(' ');
