import { FunctionsHttpError } from '@supabase/supabase-js';
import { HttpError } from 'react-admin';
import type { NotificationDraft } from '../domain/notification';
import type { AdminUser } from '../resources/users/data';
import type { DatabaseClient } from '../domain/database';

/** How a send ended, for the screen to word: the spec's messages map one to one onto these. */
export type SendOutcome =
  { status: 'sent'; messageId: string } | { status: 'refused'; error: string } | { status: 'signedOut' };

/** A user the Compose picker offers, with whether they have a device to receive the push. */
export type Recipient = Pick<AdminUser, 'id' | 'email' | 'phone'> & { hasDevice: boolean };

/** The picker shows this many matches; typing more narrows them. */
export const RECIPIENT_MATCHES = 20;

/** send-notification's reply, or the Functions relay's ({ code, message }) when it refused first. */
interface FunctionReply {
  success?: boolean;
  messageId?: string;
  error?: string;
  message?: string;
}

async function replyOf(error: FunctionsHttpError): Promise<FunctionReply | undefined> {
  const response = error.context as Response;
  return (await response.json().catch(() => undefined)) as FunctionReply | undefined;
}

/** The data provider's notification methods (typed custom methods beside ra-supabase's). */
export function createNotificationMethods(client: DatabaseClient) {
  return {
    /**
     * Sends one push through the send-notification edge function, as the signed-in admin. The
     * function's { success: false, error } comes back as 'refused'; anything else unexpected throws.
     */
    async sendNotification(draft: NotificationDraft): Promise<SendOutcome> {
      const { data: session } = await client.auth.getSession();
      if (!session.session) return { status: 'signedOut' };
      const { data, error } = await client.functions.invoke<FunctionReply>('send-notification', {
        body: draft,
      });
      const reply = error instanceof FunctionsHttpError ? await replyOf(error) : error ? undefined : data;
      if (reply?.success === true && reply.messageId) return { status: 'sent', messageId: reply.messageId };
      const refusal = reply?.error ?? reply?.message;
      if (refusal) return { status: 'refused', error: refusal };
      throw error ?? new Error('send-notification answered without success or error');
    },

    /**
     * Users whose email, phone or id contains the search (admin_list_users, newest first), each with
     * whether a device is registered: user_devices, which row-level security lets admins read.
     */
    async searchRecipients(search: string): Promise<Recipient[]> {
      const users = await client
        .rpc('admin_list_users', { search })
        .select('id, email, phone')
        .limit(RECIPIENT_MATCHES);
      if (users.error) throw new HttpError(users.error.message, users.status, users.error);
      const rows = users.data ?? [];
      if (!rows.length) return [];
      const devices = await client
        .from('user_devices')
        .select('user_id')
        .in(
          'user_id',
          rows.map((row) => row.id),
        );
      if (devices.error) throw new HttpError(devices.error.message, devices.status, devices.error);
      const withDevice = new Set((devices.data ?? []).map((d) => d.user_id));
      return rows.map((row) => ({ ...row, hasDevice: withDevice.has(row.id) }));
    },
  };
}

/** What Push Notifications adds to the data provider. */
export type NotificationMethods = ReturnType<typeof createNotificationMethods>;
