import type { Queryable } from '../../mocks/supabase/db';
import { OPERATOR_ROLES, operatorCan, type AccessTable } from '../../src/domain/operatorRoles';
import { baseTable, readRelation, type ResourceData } from '../../src/providers/resourceData';
import { LIVE_OUTSIDE_REGISTRY } from '../../src/notifications/data';

/**
 * What the resources' descriptors declare about their tables, side by side with what the database's
 * catalog says, in the same shape, so a test compares the two with one toEqual. Used for the app's
 * registry (descriptors.test.ts) and for a registry with a throw-away resource added
 * (scripts/newResource.test.ts).
 */
export interface TableFacts {
  /** The supabase_realtime publication's tables (all of them): the `live` resources' base tables. */
  live: string[];
  /** Per audited resource, its audit triggers' distinct arguments (label column [, max chars]). */
  audit: Record<string, string[][]>;
  /** The tables with a move_to_trash trigger (all of them), with its arguments: label, deleting roles. */
  trash: Record<string, string[]>;
  /** Per versioned resource, whether its base table keeps updated_at by trigger. */
  versioned: Record<string, boolean>;
  /** Per resource read from the database, the kind of relation it reads (r table, v view). */
  reads: Record<string, string | null>;
  /** Per resource with a seek, its base table's primary key columns. */
  seek: Record<string, string[]>;
  /**
   * The `table:role` pairs whose pages are found by the index-only walk as the definer: the seek's
   * roles (declared), private.paging_walks() (catalog).
   */
  walks: string[];
}

/** The facts as the descriptors (and the roles' access) declare them. */
export function declaredFacts(resources: readonly ResourceData[], access: AccessTable): TableFacts {
  const with_ = <K extends keyof ResourceData>(key: K) => resources.filter((data) => data[key]);
  return {
    live: with_('live')
      .map((data) => baseTable(data))
      .sort(),
    audit: Object.fromEntries(
      with_('audit').map((data) => {
        const { label, maxChars } = data.audit!;
        const args = maxChars ? [label, String(maxChars)] : [label];
        return [data.name, [args]];
      }),
    ),
    trash: Object.fromEntries(
      with_('trash').map((data) => [
        baseTable(data),
        [
          data.audit?.label ?? '',
          OPERATOR_ROLES.filter((role) => operatorCan(access, role, data.name, 'delete')).join(','),
        ],
      ]),
    ),
    versioned: Object.fromEntries(with_('versioned').map((data) => [data.name, true])),
    reads: Object.fromEntries(
      resources.filter((data) => !data.reads).map((data) => [data.name, data.table ? 'v' : 'r']),
    ),
    seek: Object.fromEntries(with_('seek').map((data) => [data.name, ['id']])),
    walks: with_('seek')
      .flatMap((data) => data.seek!.map((role) => `${baseTable(data)}:${role}`))
      .sort(),
  };
}

/** The triggers running `fn` on public tables: each one's table and arguments (as written in SQL). */
async function triggersOf(q: Queryable, fn: string) {
  const { rows } = await q.query<{ table: string; def: string }>(
    `select c.relname as table, pg_get_triggerdef(t.oid) as def
       from pg_trigger t
       join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
        and t.tgfoid = to_regproc($1)
      order by 1, t.tgname`,
    [fn],
  );
  return rows.map(({ table, def }) => {
    const args = /EXECUTE FUNCTION [\w.]+\((.*)\)$/.exec(def)?.[1] ?? '';
    return { table, args: args ? args.split(', ').map((arg) => arg.replace(/^'(.*)'$/, '$1')) : [] };
  });
}

/** The tables the audit trail names: those with a private.audit_row_change trigger. */
export async function auditedTables(q: Queryable) {
  return [...new Set((await triggersOf(q, 'private.audit_row_change')).map((t) => t.table))];
}

/** The same facts as the database's catalog says them, for the resources given. */
export async function catalogFacts(q: Queryable, resources: readonly ResourceData[]): Promise<TableFacts> {
  const publication = await q.query<{ table: string }>(
    `select tablename as table from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename <> all($1) order by 1`,
    [[...LIVE_OUTSIDE_REGISTRY]],
  );
  const audit = await triggersOf(q, 'private.audit_row_change');
  const trash = await triggersOf(q, 'private.move_to_trash');
  const updatedAt = await q.query<{ table: string }>(
    `select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
        and t.tgfoid = 'public.set_updated_at()'::regprocedure`,
  );
  const relkind = async (name: string) =>
    (
      await q.query<{ kind: string | null }>(
        `select (select relkind::text from pg_class where oid = to_regclass('public.' || quote_ident($1))) as kind`,
        [name],
      )
    ).rows[0].kind;
  const primaryKey = async (table: string) =>
    (
      await q.query<{ column: string }>(
        `select a.attname as column from pg_index i
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
          where i.indrelid = to_regclass('public.' || quote_ident($1)) and i.indisprimary`,
        [table],
      )
    ).rows.map((r) => r.column);
  const audited = resources.filter((data) => data.audit);
  // A resource with several audit triggers (one per event) declares one label for all of them.
  const auditArgs = (data: ResourceData) => [
    ...new Set(audit.filter((t) => t.table === baseTable(data)).map((t) => JSON.stringify(t.args))),
  ];
  return {
    live: publication.rows.map((r) => r.table),
    audit: Object.fromEntries(
      audited.map((data) => [data.name, auditArgs(data).map((args) => JSON.parse(args) as string[])]),
    ),
    trash: Object.fromEntries(trash.map((t) => [t.table, t.args])),
    versioned: Object.fromEntries(
      resources
        .filter((data) => data.versioned)
        .map((data) => [data.name, updatedAt.rows.some((r) => r.table === baseTable(data))]),
    ),
    reads: Object.fromEntries(
      await Promise.all(
        resources
          .filter((data) => !data.reads)
          .map(async (data) => [data.name, await relkind(readRelation(data))] as const),
      ),
    ),
    seek: Object.fromEntries(
      await Promise.all(
        resources
          .filter((data) => data.seek)
          .map(async (data) => [data.name, await primaryKey(baseTable(data))] as const),
      ),
    ),
    walks: (
      await q.query<{ walk: string }>(
        `select w.relation || ':' || w.role as walk from private.paging_walks() w`,
      )
    ).rows
      .map((r) => r.walk)
      .sort(),
  };
}
