import type { ContactMessage } from './data';

/** A contact message's triage status (the contact_messages_status_known constraint). */
export const CONTACT_STATUSES = ['new', 'read', 'archived'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const STATUS_CHOICES = CONTACT_STATUSES.map((status) => ({
  id: status,
  name: `resources.contact-messages.status.${status}`,
}));

/** The reply link: the operator's mail client, addressed to the sender, with the subject prefilled. */
export function replyHref(email: string, subject: string): string {
  const reply = subject.trim() ? `Re: ${subject.trim()}` : 'Re: LabelLens';
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(reply)}`;
}

export const senderName = (record: Pick<ContactMessage, 'first_name' | 'last_name'>) =>
  [record.first_name, record.last_name].filter((part) => part.trim()).join(' ');
