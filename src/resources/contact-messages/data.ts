import { defineResourceData } from '../../providers/resourceData';
import type { ContactStatus } from './statuses';

/** A row of contact_messages as the admin reads it. */
export interface ContactMessage {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  subject: string;
  message: string;
  status: ContactStatus;
  created_at: string;
  updated_at: string;
}

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
