/** The strings of the contact-messages resource (resources.contact-messages, merged into src/i18n/en.ts). */
export const strings = {
  name: 'Contact message |||| Contact messages',
  heading: 'Contact Inbox',
  count: '%{count} message |||| %{count} messages',
  search: 'Search messages...',
  all_statuses: 'All statuses',
  status: { new: 'New', read: 'Read', archived: 'Archived' },
  no_subject: '(no subject)',
  reply: 'Reply',
  reply_intro: 'On %{date}, %{name} wrote:',
  reply_shortened: '[Message shortened. The full text is in the LabelLens contact inbox.]',
  archive: 'Archive',
  mark_new: 'Mark as new',
  // The sidebar badge's name, read after "Contact Inbox": the same for one and many.
  new_count: '%{count} new |||| %{count} new',
  // The inbox's bar for messages that arrived while it was open.
  new_rows: '1 new message |||| %{count} new messages',
  received: 'Received',
  fields: {
    status: 'Status',
    sender: 'Sender',
    email: 'Email',
    subject: 'Subject',
    message: 'Message',
    created_at: 'Received',
  },
  message: {
    delete_title: 'Delete contact message',
    delete_content: 'Are you sure you want to delete this contact message?',
    bulk_delete_content:
      'Are you sure you want to delete this contact message? |||| Are you sure you want to delete these %{smart_count} contact messages?',
  },
  notifications: {
    archived: 'Message archived',
    marked_new: 'Message marked as new',
    status_failed: 'Failed to update the message status',
    fetch_failed: 'Failed to fetch contact messages',
    deleted: 'Contact message deleted successfully',
    bulk_deleted:
      'Contact message deleted successfully |||| %{smart_count} contact messages deleted successfully',
    delete_failed: 'Failed to delete contact message',
  },
};
