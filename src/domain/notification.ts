/**
 * The push-notification draft's rules, shared by the Compose form, the send-notification edge
 * function and (through supabase/schemas/45_notifications.sql) the `notifications` check constraints.
 * This module imports nothing, so the function's Deno entry can load it as it is.
 */
export const NOTIFICATION_LIMITS = {
  titleMax: 50,
  bodyMax: 200,
  bodyRows: 4,
  /** FCM's cap on a data payload: UTF-8 bytes of every key plus every value. */
  dataMaxBytes: 4096,
} as const;

/** Every reason a draft is refused, worded once: the function answers with these, the form shows them. */
export const NOTIFICATION_ISSUES = {
  incomplete: 'Please select a user and fill in both title and message',
  userId: 'userId must be a user id (UUID)',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${NOTIFICATION_LIMITS.titleMax} characters`,
  titleUnstorable: 'Title cannot contain NUL characters or unpaired surrogates',
  bodyRequired: 'Message body is required',
  bodyTooLong: `Message body must be at most ${NOTIFICATION_LIMITS.bodyMax} characters`,
  bodyUnstorable: 'Message body cannot contain NUL characters or unpaired surrogates',
  dataInvalidJson: 'Invalid JSON format in custom data',
  dataNotStringMap: 'Custom data must be a JSON object whose values are strings',
  dataTooLarge: `Custom data must be at most ${NOTIFICATION_LIMITS.dataMaxBytes} bytes (keys and values, UTF-8)`,
  dataUnstorable: 'Custom data cannot contain NUL characters or unpaired surrogates',
  dataReservedKey:
    'Custom data cannot use the keys FCM reserves: from, notification, message_type, collapse_key, or any key starting with google or gcm',
} as const;

/**
 * Data keys FCM refuses (its HTTP v1 reference: "from", "message_type", and words starting with
 * "google" or "gcm"; the legacy API also reserves "notification" and "collapse_key"). The
 * notifications table's constraint (supabase/schemas/45_notifications.sql) lists the same words.
 */
export const FCM_RESERVED_DATA_KEYS = ['from', 'notification', 'message_type', 'collapse_key'] as const;
export const FCM_RESERVED_DATA_KEY_PREFIXES = ['google', 'gcm'] as const;

export const isReservedDataKey = (key: string): boolean =>
  (FCM_RESERVED_DATA_KEYS as readonly string[]).includes(key) ||
  FCM_RESERVED_DATA_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));

export type NotificationIssue = keyof typeof NOTIFICATION_ISSUES;

export interface NotificationDraft {
  userId: string;
  title: string;
  body: string;
  /** FCM's data payload: string values only. */
  data: Record<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Length as Postgres's char_length counts it: code points, so an emoji is one character. */
export const charCount = (text: string): number => [...text].length;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text Postgres cannot store: NUL (refused in text and jsonb) and UTF-16 surrogates without their
 * pair (no Unicode scalar value, so not valid UTF-8).
 */
export const isUnstorable = (text: string): boolean => text.includes('\0') || LONE_SURROGATE.test(text);

const isBlank = (text: string) => text.trim() === '';
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** UTF-8 bytes of a data payload's keys and values, as the database's check constraint counts them. */
export const dataBytes = (data: Record<string, string>): number =>
  Object.entries(data).reduce((sum, [key, value]) => sum + utf8Bytes(key) + utf8Bytes(value), 0);

export function titleIssue(title: string): NotificationIssue | undefined {
  if (isBlank(title)) return 'titleRequired';
  if (isUnstorable(title)) return 'titleUnstorable';
  if (charCount(title) > NOTIFICATION_LIMITS.titleMax) return 'titleTooLong';
}

export function bodyIssue(body: string): NotificationIssue | undefined {
  if (isBlank(body)) return 'bodyRequired';
  if (isUnstorable(body)) return 'bodyUnstorable';
  if (charCount(body) > NOTIFICATION_LIMITS.bodyMax) return 'bodyTooLong';
}

const isStringMap = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

/** A data payload as sent: absent or null means none; otherwise an object of strings within the cap. */
export function dataIssue(data: unknown): NotificationIssue | undefined {
  if (data === undefined || data === null) return undefined;
  if (!isStringMap(data)) return 'dataNotStringMap';
  if (Object.entries(data).some(([key, value]) => isUnstorable(key) || isUnstorable(value)))
    return 'dataUnstorable';
  if (Object.keys(data).some(isReservedDataKey)) return 'dataReservedKey';
  if (dataBytes(data) > NOTIFICATION_LIMITS.dataMaxBytes) return 'dataTooLarge';
}

/** The custom-data box's text: blank means no data; otherwise JSON that passes dataIssue. */
export function parseDataText(
  text: string,
): { ok: true; data: Record<string, string> } | { ok: false; issue: NotificationIssue } {
  if (isBlank(text)) return { ok: true, data: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, issue: 'dataInvalidJson' };
  }
  const issue = parsed === null ? 'dataNotStringMap' : dataIssue(parsed);
  return issue ? { ok: false, issue } : { ok: true, data: parsed as Record<string, string> };
}

/** A request body checked field by field, as the edge function receives it; the first problem wins. */
export function checkNotificationDraft(
  input: unknown,
): { ok: true; draft: NotificationDraft } | { ok: false; issue: NotificationIssue } {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { ok: false, issue: 'incomplete' };
  const { userId, title, body, data } = input as Record<string, unknown>;
  if (typeof userId !== 'string' || !UUID.test(userId)) return { ok: false, issue: 'userId' };
  const issue =
    (typeof title === 'string' ? titleIssue(title) : 'titleRequired') ??
    (typeof body === 'string' ? bodyIssue(body) : 'bodyRequired') ??
    dataIssue(data);
  if (issue) return { ok: false, issue };
  return {
    ok: true,
    draft: {
      userId,
      title: title as string,
      body: body as string,
      data: (data as Record<string, string> | null | undefined) ?? {},
    },
  };
}
