import type { Tables } from '../../database.types';
import { defineResourceData } from '../../providers/resourceData';
import type { ContactStatus } from './statuses';

/** A row of contact_messages as the admin reads it, its status one of the known ones (the table's check). */
export type ContactMessage = Omit<Tables<'contact_messages'>, 'status'> & { status: ContactStatus };

/** Contact Inbox: the public form's messages, searched in every field the sender wrote. */
export const contactMessagesData = defineResourceData<ContactMessage>({
  name: 'contact-messages',
  liveTable: 'contact_messages',
  versioned: true,
  trash: true,
  table: 'contact_messages',
  seekTable: 'contact_messages',
  searchColumns: ['first_name', 'last_name', 'email', 'subject', 'message'],
  defaultSort: [{ field: 'created_at', ascending: false }],
});
