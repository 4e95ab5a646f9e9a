import type { Tables } from '../../database.types';
import { defineResourceData } from '../../providers/resourceData';
import type { ContactStatus } from './statuses';

/** A row of contact_messages as the admin reads it, its status one of the known ones (the table's check). */
export type ContactMessage = Omit<Tables<'contact_messages'>, 'status'> & { status: ContactStatus };

/** Contact Inbox: the public form's messages, searched in every field the sender wrote. */
export const contactMessagesData = defineResourceData<ContactMessage>({
  name: 'contact-messages',
  audit: { label: 'email', maxChars: 254 },
  live: true,
  versioned: true,
  trash: true,
  // Operators change a message's status and delete it; the site's form adds messages.
  writes: ['update', 'delete'],
  publicWrites: ['insert'],
  seek: ['owner', 'support'],
  searchColumns: ['first_name', 'last_name', 'email', 'subject', 'message'],
  defaultSort: [{ field: 'created_at', ascending: false }],
});
