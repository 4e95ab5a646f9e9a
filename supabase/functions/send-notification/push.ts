/** One push message to one device, as the send-notification function hands it to a sender. */
export interface PushMessage {
  token: string;
  title: string;
  body: string;
  /** FCM data payload: string values only. */
  data: Record<string, string>;
  /**
   * Pushes with the same key replace each other on the device (FCM's android.collapse_key and APNs'
   * apns-collapse-id): an audience send's id, so a push sent twice (a worker that died between
   * FCM's answer and its record) shows once.
   */
  collapseKey?: string;
}

export type PushResult =
  | { ok: true; messageId: string }
  | {
      ok: false;
      error: string;
      /** FCM's error code (UNREGISTERED, INVALID_ARGUMENT, QUOTA_EXCEEDED, ...) where it gave one. */
      code?: string;
      /** 429 and 5xx: worth another try, after retryAfterSeconds when FCM said (Retry-After). */
      retryable?: boolean;
      retryAfterSeconds?: number;
    };

/** Delivers a push message: FCM in production, the in-memory sandbox (mocks/push) locally. */
export interface PushSender {
  send(message: PushMessage): Promise<PushResult>;
}
