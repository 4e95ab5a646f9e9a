import { defineResourceData } from '../providers/resourceData';

/** A row of admin_notifications: each notification with recipient and sender emails. */
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

/** The History tab of Push Notifications: the admin-only view, newest first. */
export const notificationHistoryData = defineResourceData<HistoryRow>({
  name: 'admin_notifications',
  seekTable: 'notifications',
  defaultSort: [{ field: 'created_at', ascending: false }],
});

/** The History tab's resource name (react-admin's cache key for it too). */
export const HISTORY_RESOURCE = notificationHistoryData.name;
