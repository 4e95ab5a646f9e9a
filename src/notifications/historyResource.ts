/** The History tab reads this admin-only view: each notification with recipient and sender emails. */
export const HISTORY_RESOURCE = 'admin_notifications';

/** A row of admin_notifications. */
export interface HistoryRow {
  id: string;
  user_id: string;
  recipient_email: string | null;
  title: string;
  body: string;
  data: Record<string, string>;
  status: 'pending' | 'sent' | 'failed';
  message_id: string | null;
  error: string | null;
  sender_email: string | null;
  created_at: string;
}
