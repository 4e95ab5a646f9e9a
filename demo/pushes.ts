/**
 * The tester's panel's "Push sandbox" tab: the pushes the send-notification function and the push
 * queue's worker handed to the push sender, which in the demo (as in `npm start`) is the stand-in's
 * FCM sandbox (mocks/push/sandbox.ts). Read from the stand-in's sandbox object in this page, the one
 * record of what was sent: not through the push-sandbox function, whose service-role bearer would
 * put that key in the demo's bundle.
 */
import { isPushSandbox, type DeliveredPush } from '../mocks/push/sandbox';
import type { StandIn } from '../mocks/supabase/standIn';

export interface PushEntry {
  title: string;
  body: string;
  /** An audience send's pushes share its id (collapseKey); a direct push goes to one device. */
  audience: string;
  devices: string[];
  delivered: number;
  failed: number;
  /** The first push's time. */
  at: Date;
}

/** What the sandbox received, newest first: one row per audience send, one per direct push. */
export function pushEntries(delivered: readonly DeliveredPush[]): PushEntry[] {
  const byKey = new Map<string, PushEntry>();
  delivered.forEach((push, index) => {
    const key = push.collapseKey ?? `direct-${index}`;
    const entry = byKey.get(key) ?? {
      title: push.title,
      body: push.body,
      audience: push.collapseKey ? `Audience send ${push.collapseKey}` : 'One person',
      devices: [],
      delivered: 0,
      failed: 0,
      at: push.at,
    };
    if (!entry.devices.includes(push.token)) entry.devices.push(push.token);
    if (push.result.ok) entry.delivered++;
    else entry.failed++;
    byKey.set(key, entry);
  });
  return [...byKey.values()].reverse();
}

/** The sandbox's deliveries in this page's stand-in (none when it pushes to a real sender). */
export const readPushes = (standIn: StandIn): readonly DeliveredPush[] =>
  isPushSandbox(standIn.push) ? standIn.push.delivered : [];

const pushLine = (entry: PushEntry) => {
  const devices =
    entry.devices.length === 1 ? `device ${entry.devices[0]}` : `${entry.devices.length} devices`;
  const failed = entry.failed ? `, ${entry.failed} refused` : '';
  return `${entry.audience} · ${devices} · ${entry.delivered} delivered${failed} · ${entry.at.toLocaleString()}`;
};

/** The Push sandbox tab: one item per send with its title, body, audience or device, and time. */
export function pushSandboxView(standIn: StandIn): HTMLElement {
  const view = document.createElement('div');
  const entries = pushEntries(readPushes(standIn));
  if (entries.length === 0) {
    view.textContent = 'No push yet. Notifications sent from the admin show here as a phone would get them.';
    return view;
  }
  const list = document.createElement('ul');
  list.setAttribute('aria-label', 'Pushes');
  for (const entry of entries) {
    const item = document.createElement('li');
    item.className = 'demo-item';
    const title = document.createElement('strong');
    title.textContent = entry.title;
    const body = document.createElement('div');
    body.textContent = entry.body;
    const meta = document.createElement('div');
    meta.textContent = pushLine(entry);
    item.append(title, body, meta);
    list.append(item);
  }
  view.append(list);
  return view;
}
