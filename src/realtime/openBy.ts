import type { RealtimeChannel } from '@supabase/supabase-js';
import type { Identifier } from 'react-admin';
import type { DatabaseClient, RpcRow } from '../domain/database';

/** An operator with the record open, as public.admin_open_by names them (by email). */
export type PresentOperator = RpcRow<'admin_open_by'>;

/** If a mark was refused or failed (no answer of how long it lasts), the next try comes after this. */
const RETRY_MS = 30_000;

/** A mark lasting `lasts` seconds is refreshed after a third of it: two chances before it lapses. */
const defaultRefreshAfterMs = (lasts: number) => (lasts * 1000) / 3;

/**
 * "Also open by" for one edit dialog: marks the record open as this session (a row of
 * public.open_records that the database stamps with `auth.uid()` and an expiry; refreshed before it
 * lapses, deleted when the dialog closes) and calls back with the *other* operators whose own
 * sessions did the same, from `public.admin_open_by`
 * (supabase/schemas/27_realtime.sql). Presence on the private channel `presence:<resource>:<id>` is only
 * the signal to read again: what a client tracks there is never read, so a client that tracks a
 * colleague's id names nobody, and the payload it sends (`{}`) names nobody either. Each refresh
 * reads again too, so a tab that crashed (its row no longer refreshed) drops out once its row lapses.
 * Returns what ends it.
 */
export function watchOpenBy(
  client: DatabaseClient,
  resource: string,
  id: Identifier,
  onChange: (others: PresentOperator[]) => void,
  { refreshAfterMs = defaultRefreshAfterMs }: { refreshAfterMs?: (lasts: number) => number } = {},
): () => void {
  const record = { resource, record_id: String(id) };
  // This dialog's row: an operator with the record open in two tabs closes one, not both.
  const tab = crypto.randomUUID();
  let ended = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let channel: RealtimeChannel | undefined;
  // Reading may take a while; only the latest read's answer is shown.
  let latest = 0;

  const read = async () => {
    const asked = ++latest;
    const { data, error } = await client.rpc('admin_open_by', record);
    if (!error && !ended && asked === latest) onChange(data);
  };
  const mark = async () => {
    const { data, error } = await client.rpc('admin_mark_open', { ...record, tab });
    return error ? null : data;
  };
  const refresh = async () => {
    const lasts = await mark();
    if (ended) return;
    timer = setTimeout(() => (marking = refresh()), lasts === null ? RETRY_MS : refreshAfterMs(lasts));
    void read();
  };
  const join = () => {
    const joined = client.channel(`presence:${resource}:${id}`, { config: { private: true } });
    joined
      .on('presence', { event: 'sync' }, () => void read())
      .subscribe((state) => {
        if (state === 'SUBSCRIBED') void joined.track({});
      });
    channel = joined;
  };

  // Joined once the row is there: the signal others get is answered by a read that finds it.
  let marking: Promise<void> = refresh().then(() => {
    if (!ended) join();
  });

  return () => {
    ended = true;
    clearTimeout(timer);
    // A mark on its way is awaited, so the row cannot outlive the delete; the channel is left after
    // the delete, so the others' read on that signal no longer finds this dialog.
    void marking
      .then(() => client.from('open_records').delete().eq('tab', tab))
      .finally(() => channel && client.removeChannel(channel));
  };
}
