/** One push message to one device, as the send-notification function hands it to a sender. */
export interface PushMessage {
  token: string;
  title: string;
  body: string;
  /** FCM data payload: string values only. */
  data: Record<string, string>;
}

export type PushResult = { ok: true; messageId: string } | { ok: false; error: string };

/** Delivers a push message: FCM in production, the in-memory sandbox (mocks/push) locally. */
export interface PushSender {
  send(message: PushMessage): Promise<PushResult>;
}
