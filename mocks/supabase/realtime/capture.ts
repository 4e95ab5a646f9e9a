/**
 * Change capture for the stand-in's Realtime, in the stand-in's own schema `_realtime` (never in
 * supabase/migrations: a hosted project reads its write-ahead log instead).
 *
 * A row trigger, present only on published tables somebody subscribes to (so writes to other
 * tables cost nothing extra), NOTIFYs each change. Postgres delivers a NOTIFY only when its
 * transaction commits, in commit order, and never for a rolled-back one: what hosted Realtime gets
 * from logical replication. A NOTIFY payload is capped at 8000 bytes, so a larger change waits in
 * an overflow table the dispatcher reads once.
 *
 * Hosted Realtime stamps a change with its transaction's commit time from the WAL (apply_rls's
 * `commit_timestamp`, milliseconds, UTC). A trigger runs before the commit and cannot know it, so
 * the listener stamps each transaction when its first notification arrives, right after the commit,
 * and gives every row of that transaction the same stamp (a transaction's notifications arrive
 * together; `xid` tells them apart from the next one's).
 *
 * The RLS check (`_realtime.visible_to`) is hosted Realtime's `realtime.apply_rls` in small: after
 * the commit, for each distinct subscriber identity, take on its role and JWT claims for the
 * transaction and ask whether the row can be selected. The database decides, with the policies
 * as they are at that moment.
 */
import type { Database } from '../db';

/** The NOTIFY channel the triggers signal on. */
export const CHANGES_CHANNEL = 'labellens_realtime';
/** Largest NOTIFY payload Postgres takes is 8000 bytes; leave room for the JSON wrapper. */
const NOTIFY_MAX_BYTES = 7900;
const TRIGGER = 'zz_labellens_realtime';

const INSTALL_SQL = /* sql */ `
create schema if not exists _realtime;
revoke all on schema _realtime from public;
create sequence if not exists _realtime.change_seq;
create unlogged table if not exists _realtime.overflow (seq bigint primary key, payload text not null);

create or replace function _realtime.capture() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  -- Hosted Realtime's old_record on a table with row-level security holds the primary key only.
  old_keys jsonb;
  seq bigint := nextval('_realtime.change_seq');
  message text;
begin
  if tg_op <> 'INSERT' then
    select jsonb_object_agg(k, to_jsonb(old) -> k) into old_keys from unnest(tg_argv) as k;
  end if;
  -- The sequence number keeps two identical changes of one transaction apart (NOTIFY folds equal
  -- payloads of a transaction into one).
  message := jsonb_build_object(
    'seq', seq,
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'xid', txid_current(),
    'record', case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    'old_record', old_keys
  )::text;
  if octet_length(message) > ${NOTIFY_MAX_BYTES} then
    insert into _realtime.overflow values (seq, message);
    message := jsonb_build_object('seq', seq, 'xid', txid_current(), 'overflow', true)::text;
  end if;
  perform pg_notify('${CHANGES_CHANNEL}', message);
  return null;
end $$;

-- rows: the changed rows' primary keys (one jsonb object each); the answer is identity-major:
-- answer[(i - 1) * #rows + r] is whether identity i may select row r. Each identity's role and
-- claims are set once for all the rows of a batch.
drop function if exists _realtime.visible_to(regclass, jsonb, text[], text[]);
create or replace function _realtime.visible_to(entity regclass, rows jsonb[], roles text[], claims text[])
returns boolean[] language plpgsql as $$
declare
  result boolean[] := '{}';
  condition text;
  visible boolean;
  allowed boolean;
  keys jsonb;
begin
  select string_agg(format('%I = ($1 ->> %L)::%s', a.attname, a.attname, format_type(a.atttypid, a.atttypmod)), ' and ')
    into condition
    from pg_attribute a
   where a.attrelid = entity and a.attname in (select jsonb_object_keys(rows[1])) and not a.attisdropped;
  for i in 1 .. coalesce(array_length(roles, 1), 0) loop
    allowed := has_table_privilege(roles[i], entity, 'select');
    if allowed then
      perform set_config('role', roles[i], true);
      perform set_config('request.jwt.claims', claims[i], true);
    end if;
    foreach keys in array rows loop
      visible := false;
      if allowed then
        execute format('select exists (select 1 from %s where %s)', entity, condition) into visible using keys;
      end if;
      result := result || visible;
    end loop;
    perform set_config('role', 'none', true);
    perform set_config('request.jwt.claims', '', true);
  end loop;
  return result;
end $$;
revoke all on all functions in schema _realtime from public;
`;

export interface CapturedChange {
  seq: number;
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

/** What a trigger notifies: a change without its commit time, with its transaction's id. */
type Notified = Omit<CapturedChange, 'commit_timestamp'> & { xid: number | string };

function stamped({ xid: _xid, ...change }: Notified, commit_timestamp: string): CapturedChange {
  return { ...change, commit_timestamp };
}

export interface TableInfo {
  schema: string;
  table: string;
  /** Quoted, schema-qualified name (from the catalogue, never from a request). */
  qualified: string;
  primaryKey: string[];
  columns: { name: string; type: string }[];
  published: boolean;
}

export class ChangeCapture {
  private readonly watched = new Map<string, number>();
  private readonly tables = new Map<string, TableInfo | null>();
  private unlisten: (() => Promise<void>) | undefined;
  /** DDL and the overflow reads run one at a time, in order. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: Database,
    private readonly shared: boolean,
  ) {}

  /**
   * Installs the functions, removes triggers a previous run left behind, and listens. shared: other
   * captures listen on the same database at the same time (each tab of the demo has its own hub on
   * the one PGlite), so a trigger may be another's: none is ever dropped (a table once watched keeps
   * notifying), and an overflowed change is read, not taken, as every capture needs it.
   */
  static async start(
    db: Database,
    onChange: (change: CapturedChange) => void,
    { shared = false }: { shared?: boolean } = {},
  ): Promise<ChangeCapture> {
    const capture = new ChangeCapture(db, shared);
    await db.exec(INSTALL_SQL);
    const stale = await db.query<{ qualified: string }>(
      `select t.tgrelid::regclass::text as qualified from pg_trigger t where t.tgname = $1`,
      [TRIGGER],
    );
    for (const { qualified } of shared ? [] : stale.rows)
      await db.exec(`drop trigger if exists ${TRIGGER} on ${qualified}`);
    const committed = { xid: '', at: '' };
    capture.unlisten = await db.listen(CHANGES_CHANNEL, (payload) => {
      const parsed = JSON.parse(payload) as Notified & { overflow?: true };
      if (String(parsed.xid) !== committed.xid)
        Object.assign(committed, { xid: String(parsed.xid), at: new Date().toISOString() });
      const commit_timestamp = committed.at;
      // Through the queue, so that a large change read back keeps its place among the others.
      void capture.serial(async () => {
        if (!parsed.overflow) return onChange(stamped(parsed, commit_timestamp));
        const { rows } = await db.query<{ payload: string }>(
          shared
            ? 'select payload from _realtime.overflow where seq = $1'
            : 'delete from _realtime.overflow where seq = $1 returning payload',
          [parsed.seq],
        );
        if (rows[0]) onChange(stamped(JSON.parse(rows[0].payload) as Notified, commit_timestamp));
      });
    });
    return capture;
  }

  /** What the catalogue says of schema.table, or null when there is no such table. */
  describe(schema: string, table: string): Promise<TableInfo | null> {
    const key = `${schema}.${table}`;
    if (this.tables.has(key)) return Promise.resolve(this.tables.get(key) ?? null);
    return this.serial(async () => {
      const { rows } = await this.db.query<{
        qualified: string;
        primary_key: string[] | null;
        columns: { name: string; type: string }[];
        published: boolean;
      }>(
        `select c.oid::regclass::text as qualified,
                (select array_agg(a.attname::text order by k.ord)
                   from pg_index i, unnest(i.indkey) with ordinality k(attnum, ord)
                   join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
                  where i.indrelid = c.oid and i.indisprimary) as primary_key,
                (select json_agg(json_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
                   from pg_attribute a join pg_type t on t.oid = a.atttypid
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
                exists (select 1 from pg_publication_tables p
                         where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname
                           and p.tablename = c.relname) as published
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
        [schema, table],
      );
      const row = rows[0];
      const info: TableInfo | null = row
        ? {
            schema,
            table,
            qualified: row.qualified,
            primaryKey: row.primary_key ?? [],
            columns: row.columns,
            published: row.published,
          }
        : null;
      this.tables.set(key, info);
      return info;
    });
  }

  /** Starts capturing a published table's changes (counted: the first watcher adds the trigger). */
  watch(info: TableInfo): Promise<void> {
    const key = info.qualified;
    const count = (this.watched.get(key) ?? 0) + 1;
    this.watched.set(key, count);
    if (count > 1) return this.queue.then(() => undefined);
    const keyArgs = info.primaryKey.map((k) => `'${k.replaceAll("'", "''")}'`).join(', ');
    return this.serial(() =>
      this.db.exec(
        `drop trigger if exists ${TRIGGER} on ${key};
         create trigger ${TRIGGER} after insert or update or delete on ${key}
           for each row execute function _realtime.capture(${keyArgs})`,
      ),
    );
  }

  /** The last watcher of a table gone: its trigger goes too. */
  unwatch(info: TableInfo): Promise<void> {
    const key = info.qualified;
    const count = (this.watched.get(key) ?? 0) - 1;
    if (count > 0) {
      this.watched.set(key, count);
      return Promise.resolve();
    }
    this.watched.delete(key);
    if (this.shared) return Promise.resolve();
    return this.serial(() => this.db.exec(`drop trigger if exists ${TRIGGER} on ${key}`));
  }

  /**
   * Which identities may select each row (by its key values) now: answers[identity][row]. One
   * query for a batch of changes to one table.
   */
  async visibleTo(
    info: TableInfo,
    rows: Record<string, unknown>[],
    identities: { role: string; claims: string }[],
  ): Promise<boolean[][]> {
    if (!identities.length || !rows.length) return identities.map(() => []);
    const { rows: answer } = await this.db.transaction((tx) =>
      tx.query<{ visible: boolean[] }>(
        'select _realtime.visible_to($1::regclass, $2::jsonb[], $3::text[], $4::text[]) as visible',
        [
          info.qualified,
          rows.map((row) => JSON.stringify(row)),
          identities.map((i) => i.role),
          identities.map((i) => i.claims),
        ],
      ),
    );
    const flat = answer[0].visible;
    return identities.map((_, i) => flat.slice(i * rows.length, (i + 1) * rows.length));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
    const tables = this.shared ? [] : [...this.watched.keys()];
    this.watched.clear();
    await this.serial(async () => {
      for (const table of tables) await this.db.exec(`drop trigger if exists ${TRIGGER} on ${table}`);
    });
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
