/**
 * postgres_changes: a join's subscriptions checked against the catalogue and the publication, and
 * each captured change sent, in commit order, to the subscribers whose filter it passes and whose
 * row-level security lets them select it (realtime.apply_rls).
 */
import type { CapturedChange, TableInfo } from './capture';
import type { Channel, ChangeEvent, Connection, Hub, Subscription } from './connection';
import { parseFilter, passesFilter, type ChangeFilter } from './filters';
import type { JoinConfig } from './protocol';

/** The join's postgres_changes, each checked against the catalogue and the publication. */
export async function subscribeChanges(
  hub: Pick<Hub, 'capture'>,
  requested: NonNullable<JoinConfig['postgres_changes']>,
) {
  const subscriptions: Subscription[] = [];
  const problems: string[] = [];
  for (const params of requested) {
    const event = String(params.event ?? '').toUpperCase() as ChangeEvent;
    const schema = String(params.schema ?? '');
    const table = String(params.table ?? '');
    const filterText = typeof params.filter === 'string' && params.filter ? params.filter : undefined;
    const filter = filterText ? parseFilter(filterText) : null;
    const info = schema && table && table !== '*' ? await hub.capture.describe(schema, table) : null;
    // A table outside the supabase_realtime publication is refused as a missing one is: hosted
    // Realtime subscribes through the publication and finds neither (realtime.subscription's
    // check answers the same error for both).
    const found = ['INSERT', 'UPDATE', 'DELETE', '*'].includes(event) && info !== null && info.published;
    const columnKnown =
      !filterText || (filter !== null && !!info?.columns.some((c) => c.name === filter.column));
    // Realtime's texts (postgres_cdc_rls/subscriptions.ex create/params_to_log): no table found
    // through the publication, or the filter's column check raising in the database.
    const logged = `[event: ${params.event}, schema: ${schema}, table: ${table}, filters: ${filtersToLog(filter)}, select: nil]`;
    if (!found)
      problems.push(
        `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${logged}`,
      );
    else if (!columnKnown)
      problems.push(
        `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${logged}. Exception: ERROR P0001 (raise_exception) invalid column for filter ${filter?.column ?? filterText}`,
      );
    subscriptions.push({
      id: randomSubscriptionId(),
      event,
      schema,
      table,
      filterText,
      filter,
      info: found && columnKnown ? info : null,
    });
  }
  return { subscriptions, problems };
}

export class ChangeDispatcher {
  private dispatching: Promise<void> = Promise.resolve();
  private draining = false;
  private readonly pending: CapturedChange[] = [];

  constructor(private readonly hub: Hub) {}

  /** Resolves when the changes queued so far were sent. */
  idle() {
    return this.dispatching;
  }

  /**
   * Changes are sent in commit order. Those that wait while a batch is checked go together in the
   * next one (one RLS query per table and batch), so a burst of writes does not queue one database
   * round trip per change. Sends never wait for a client (a slow one is dropped, see Connection).
   * One drain runs at a time and runs until the queue is empty: a batch whose check fails is
   * settled (checkBatch) and the loop goes on, so no failure leaves changes behind it unsent.
   */
  enqueue(change: CapturedChange) {
    this.pending.push(change);
    if (this.draining) return;
    this.draining = true;
    this.dispatching = this.drain().finally(() => (this.draining = false));
  }

  private async drain() {
    while (this.pending.length) {
      const batch = this.pending.splice(0, MAX_BATCH);
      const planned = batch.map((change) => this.plan(change));
      const verdicts = await this.checkBatch(planned);
      planned.forEach((plan, i) => this.send(plan, verdicts[i]));
    }
  }

  /**
   * The batch's RLS verdicts. When the batch's query fails (a policy that raises for one row fails
   * the whole query), each change is asked alone, so one bad row costs only itself; a change whose
   * own check fails is withheld from every subscriber RLS applies to (deletes, which RLS does not
   * filter, still go out). Hosted Realtime fails closed the same way: its poll query raises, is
   * retried, and no subscriber gets a row its policies could not be evaluated for
   * (lib/extensions/postgres_cdc_rls/replication_poller.ex, retry_or_stop). The `errors` hosted
   * sends in a change are apply_rls's own answers (400 no primary key, 401, 413), not exceptions.
   */
  private async checkBatch(planned: Plan[]): Promise<(Set<string> | null)[]> {
    try {
      return await this.checkRls(planned);
    } catch (batchError) {
      console.error('[realtime] RLS check failed for a batch; checking its changes one by one', batchError);
      const verdicts: (Set<string> | null)[] = [];
      for (const plan of planned)
        verdicts.push(
          await this.checkRls([plan]).then(
            ([verdict]) => verdict,
            () => new Set<string>(),
          ),
        );
      return verdicts;
    }
  }

  /** The subscriptions a change matches by table, event and filter (RLS comes next). */
  private plan(change: CapturedChange) {
    const matches: Match[] = [];
    let info: TableInfo | null = null;
    for (const connection of this.hub.connections)
      for (const channel of connection.channels.values())
        for (const subscription of channel.subscriptions) {
          if (
            !subscription.info ||
            subscription.schema !== change.schema ||
            subscription.table !== change.table
          )
            continue;
          if (subscription.event !== '*' && subscription.event !== change.type) continue;
          info = subscription.info;
          if (subscription.filter) {
            const row = change.type === 'DELETE' ? change.old_record : change.record;
            const type = info.columns.find((c) => c.name === subscription.filter?.column)?.type ?? 'text';
            if (!row || !(subscription.filter.column in row) || !passesFilter(row, subscription.filter, type))
              continue;
          }
          matches.push({ connection, channel, subscription });
        }
    return { change, info, matches };
  }

  /**
   * INSERT and UPDATE reach those who may select the row now (realtime.apply_rls); DELETE is not
   * filtered by RLS on hosted either, and its old record holds the primary key only. Returns, per
   * planned change, the identities (role + claims) that may see it, or null for "everyone matched".
   */
  private async checkRls(planned: Plan[]): Promise<(Set<string> | null)[]> {
    const verdicts: (Set<string> | null)[] = planned.map(() => null);
    const byTable = new Map<
      string,
      { info: TableInfo; indexes: number[]; identities: Map<string, Identity> }
    >();
    planned.forEach(({ change, info, matches }, i) => {
      if (!info || !matches.length || change.type === 'DELETE' || !change.record) return;
      const group = byTable.get(info.qualified) ?? { info, indexes: [] as number[], identities: new Map() };
      group.indexes.push(i);
      for (const { channel } of matches)
        group.identities.set(identityKey(channel), { role: channel.role, claims: channel.claimsText });
      byTable.set(info.qualified, group);
      verdicts[i] = new Set();
    });
    for (const { info, indexes, identities } of byTable.values()) {
      const keys = [...identities.keys()];
      const rows = indexes.map((i) =>
        Object.fromEntries(info.primaryKey.map((k) => [k, planned[i].change.record?.[k]])),
      );
      const answers = await this.hub.capture.visibleTo(info, rows, [...identities.values()]);
      keys.forEach((key, identity) =>
        indexes.forEach((i, row) => answers[identity][row] && verdicts[i]?.add(key)),
      );
    }
    return verdicts;
  }

  private send({ change, info, matches }: Plan, allowed: Set<string> | null) {
    if (!info || !matches.length) return;
    const data = {
      schema: change.schema,
      table: change.table,
      commit_timestamp: change.commit_timestamp,
      type: change.type,
      columns: info.columns,
      ...(change.type !== 'DELETE' ? { record: change.record } : {}),
      ...(change.type !== 'INSERT' ? { old_record: change.old_record ?? {} } : {}),
      errors: null,
    };
    // One message per channel, naming every subscription of it that matched.
    const perChannel = new Map<Channel, { connection: Connection; ids: number[] }>();
    for (const { connection, channel, subscription } of matches) {
      if (allowed && !allowed.has(identityKey(channel))) continue;
      const entry = perChannel.get(channel) ?? { connection, ids: [] as number[] };
      entry.ids.push(subscription.id);
      perChannel.set(channel, entry);
    }
    for (const [channel, { connection, ids }] of perChannel)
      this.hub.push(connection, channel, 'postgres_changes', { ids, data });
  }
}

/** Changes checked and sent together at most (a longer backlog goes in several batches). */
const MAX_BATCH = 200;

interface Match {
  connection: Connection;
  channel: Channel;
  subscription: Subscription;
}
interface Plan {
  change: CapturedChange;
  info: TableInfo | null;
  matches: Match[];
}
interface Identity {
  role: string;
  claims: string;
}
const identityKey = (channel: Channel) => `${channel.role}\n${channel.claimsText}`;

/** A filter as Realtime logs its subscription params: `[{"column", "op", "value", false}]`. */
function filtersToLog(filter: ChangeFilter | null) {
  if (!filter) return '[]';
  const value = filter.op === 'in' ? `(${filter.values.join(',')})` : filter.values[0];
  return `[{${[filter.column, filter.op, value].map((v) => JSON.stringify(v)).join(', ')}, false}]`;
}

/** A subscription id as Realtime's: a random integer below 2^47. */
function randomSubscriptionId(): number {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high % 2 ** 15) * 2 ** 32 + low || 1;
}
