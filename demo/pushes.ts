/**
 * The tester's panel's "Push sandbox" tab: the pushes the send-notification function and the push
 * queue's worker handed to the push sender, which in the demo (as in `npm start`) is the stand-in's
 * FCM sandbox (mocks/push/sandbox.ts). Read through the local push-sandbox function, the same way the
 * browser tests read it, so there is one record of what was sent.
 */
import type { DeliveredPush } from '../mocks/push/sandbox';
import { LOCAL_SERVICE_ROLE_KEY } from '../mocks/supabase/keys';
import type { StandIn } from '../mocks/supabase/standIn';

/** A delivery as the push-sandbox function answers it (JSON: the time is a string). */
export type DeliveredJson = Omit<DeliveredPush, 'at'> & { at: string };

export interface PushEntry {
  title: string;
  body: string;
  /** An audience send's pushes share its id (collapseKey); a direct push goes to one device. */
  audience: string;
  devices: string[];
  delivered: number;
  failed: number;
  /** The first push's time. */
  at: string;
}

/** What the sandbox received, newest first: one row per audience send, one per direct push. */
export function pushEntries(delivered: readonly DeliveredJson[]): PushEntry[] {
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

/** The sandbox's deliveries, through the stand-in in this page (the service role reads them). */
export async function readPushes(standIn: StandIn, origin: string): Promise<DeliveredJson[]> {
  const answer = await standIn.handle(
    new Request(`${origin}/functions/v1/push-sandbox`, {
      headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, apikey: LOCAL_SERVICE_ROLE_KEY },
    }),
  );
  if (!answer?.ok) throw new Error(`The push sandbox answered ${answer?.status ?? 'nothing'}`);
  return ((await answer.json()) as { delivered: DeliveredJson[] }).delivered;
}

const pushLine = (entry: PushEntry) => {
  const devices =
    entry.devices.length === 1 ? `device ${entry.devices[0]}` : `${entry.devices.length} devices`;
  const failed = entry.failed ? `, ${entry.failed} refused` : '';
  return `${entry.audience} · ${devices} · ${entry.delivered} delivered${failed} · ${new Date(entry.at).toLocaleString()}`;
};

/** The Push sandbox tab: one item per send with its title, body, audience or device, and time. */
export async function pushSandboxView(standIn: StandIn, origin: string): Promise<HTMLElement> {
  const view = document.createElement('div');
  const entries = pushEntries(await readPushes(standIn, origin));
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
