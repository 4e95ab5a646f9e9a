import type { ViewRow } from '../domain/database';
import { defineResourceData } from '../providers/resourceData';

/** A notification's delivery (the table's status check): pending until the push service answers. */
export type NotificationStatus = 'pending' | 'sent' | 'failed';

/**
 * A row of admin_notifications: each notification with recipient and sender emails; its status one
 * of the known ones and its data a map of strings (the table's checks, jsonb_is_string_map).
 */
export type HistoryRow = Omit<ViewRow<'admin_notifications', 'notifications'>, 'status' | 'data'> & {
  status: NotificationStatus;
  data: Record<string, string>;
};

/** The History tab of Push Notifications: the admin-only view, newest first. */
export const notificationHistoryData = defineResourceData<HistoryRow>({
  name: 'notifications',
  table: 'admin_notifications',
  audit: { label: 'title' },
  seek: ['owner', 'support'],
  defaultSort: [{ field: 'created_at', ascending: false }],
});

/** The History tab's resource name (react-admin's cache key for it too). */
export const HISTORY_RESOURCE = notificationHistoryData.name;

/**
 * Tables in the supabase_realtime publication that no resource lists: push_sends feeds the Audience
 * sends tab (PushSends.tsx), which follows it through its own channel (watchPushSends).
 */
export const LIVE_OUTSIDE_REGISTRY: readonly string[] = ['push_sends'];
