/**
 * The demo's mailbox and push sandbox kept in this origin's localStorage, so they outlive a page
 * load (the panel's one-click sign-in, a reload) and every demo tab of the browser reads and adds to
 * the same ones, as a hosted project's inbox would be. The stand-in's own MailSandbox and push
 * sandbox run unchanged on these stores (`npm start` keeps them in memory).
 *
 * One key per email or push: tabs add at once (each tab's push queue worker sends a share of an
 * audience send), and one shared list rewritten by each would lose one tab's entries.
 */
import { MailSandbox, type MailMessage, type MailStore } from '../mocks/supabase/mail/sandbox';
import {
  createPushSandbox,
  type DeliveredPush,
  type PushSandbox,
  type PushStore,
} from '../mocks/push/sandbox';

const PREFIX = 'labellens-demo:';
const MAIL = `${PREFIX}mail:`;
const PUSH = `${PREFIX}push:`;

/**
 * The most pushes kept (the mail sandbox keeps its own 200 emails): an audience send to every seeded
 * device is a few dozen pushes, and a stored push is 300 to 550 characters of JSON (a notification's
 * title is at most 50, its body 200), so the 1,000 take at most about a tenth of localStorage's quota.
 */
export const MAX_PUSHES = 1000;

/** Tells this tab's entries from another's stored in the same millisecond. */
const tab = crypto.randomUUID().slice(0, 8);
let added = 0;

/** A key that sorts in the order entries were added: time, then this tab's count. */
const nextKey = (prefix: string) =>
  `${prefix}${String(Date.now()).padStart(15, '0')}.${tab}.${String(++added).padStart(9, '0')}`;

const keysOf = (storage: Storage, prefix: string) =>
  Object.keys(storage)
    .filter((key) => key.startsWith(prefix))
    .sort();

/** The entries under `prefix`, oldest first. */
function read<T>(storage: Storage, prefix: string): T[] {
  return keysOf(storage, prefix).flatMap((key) => {
    const value = storage.getItem(key);
    // Another tab may have dropped it since the keys were listed.
    return value === null ? [] : [JSON.parse(value) as T];
  });
}

/** Adds `entry` as the newest under `prefix` and drops the oldest beyond `max`. */
function add(storage: Storage, prefix: string, entry: unknown, max: number) {
  try {
    storage.setItem(nextKey(prefix), JSON.stringify(entry));
  } catch (error) {
    // The origin's storage is full: the email or push is still sent, only not kept for the panel.
    console.warn('[demo] not kept for the panel:', error);
  }
  const keys = keysOf(storage, prefix);
  for (const key of keys.slice(0, Math.max(keys.length - max, 0))) storage.removeItem(key);
}

function clear(storage: Storage, prefix: string) {
  for (const key of keysOf(storage, prefix)) storage.removeItem(key);
}

export function storedMailStore(storage: Storage): MailStore {
  return {
    list: () => read<MailMessage>(storage, MAIL).reverse(),
    add: (message, max) => add(storage, MAIL, message, max),
  };
}

export function storedPushStore(storage: Storage): PushStore {
  return {
    // JSON keeps the time as its ISO text.
    list: () =>
      read<Omit<DeliveredPush, 'at'> & { at: string }>(storage, PUSH).map((push) => ({
        ...push,
        at: new Date(push.at),
      })),
    add: (delivery) => add(storage, PUSH, delivery, MAX_PUSHES),
    clear: () => clear(storage, PUSH),
  };
}

/** The stand-in's mail and push sandboxes on `storage` (the page's localStorage). */
export function storedSandboxes(storage: Storage): { mail: MailSandbox; push: PushSandbox } {
  return {
    mail: new MailSandbox(storedMailStore(storage)),
    push: createPushSandbox({ store: storedPushStore(storage) }),
  };
}

/** Empties the stored mailbox and push sandbox (the panel's "Reset data to the seed"). */
export function clearStoredSandboxes(storage: Storage) {
  clear(storage, MAIL);
  clear(storage, PUSH);
}
