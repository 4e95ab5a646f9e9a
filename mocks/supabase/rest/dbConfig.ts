import { ident } from './sql';

/** What PostgREST reads from the database besides the schema: per-role settings and pgrst.* config. */
export interface DbConfig {
  /**
   * Settings of each role the authenticator can become (`alter role anon set statement_timeout =
   * '3s'`), which PostgREST applies per request, transaction-local, before switching role.
   */
  roleSettings: Map<string, Array<[string, string]>>;
  /** `pgrst.db_pre_request` of the authenticator role, as SQL (quoted identifiers), or null. */
  preRequest: string | null;
}

/**
 * PostgREST's queryRoleSettings and queryDbSettings, for the `authenticator` role: the settings
 * of its member roles that a user may set (context 'user', or granted SET), and its pgrst.* ones.
 * The schema cache runs them with its own catalog queries, in one statement (schemaCache.ts).
 */
export const DB_CONFIG_SQL = {
  roleSettings: `
    with kv as (
      select r.rolname as role, substr(s, 1, strpos(s, '=') - 1) as key, substr(s, strpos(s, '=') + 1) as value
        from pg_catalog.pg_auth_members m
        join pg_catalog.pg_roles r on r.oid = m.roleid
        cross join lateral unnest(r.rolconfig) s
       where m.member = (select oid from pg_catalog.pg_roles where rolname = 'authenticator')
    )
    select kv.role, kv.key, kv.value
      from kv join pg_catalog.pg_settings ps on ps.name = kv.key
     where kv.key <> 'default_transaction_isolation'
       and (ps.context = 'user' or has_parameter_privilege('authenticator', ps.name, 'set'))
     order by kv.role, kv.key`,
  preRequest: `
    select substr(s, strpos(s, '=') + 1) as value
      from pg_catalog.pg_db_role_setting d cross join lateral unnest(d.setconfig) s
     where d.setrole = (select oid from pg_catalog.pg_roles where rolname = 'authenticator')
       and d.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
       and substr(s, 1, strpos(s, '=') - 1) = 'pgrst.db_pre_request'
     order by d.setdatabase desc
     limit 1`,
};

/** The configuration from DB_CONFIG_SQL's rows. */
export function dbConfigFrom(rows: {
  roleSettings: { role: string; key: string; value: string }[];
  preRequest: { value: string }[];
}): DbConfig {
  const roleSettings = new Map<string, Array<[string, string]>>();
  for (const { role, key, value } of rows.roleSettings)
    roleSettings.set(role, [...(roleSettings.get(role) ?? []), [key, value]]);
  const name = rows.preRequest[0]?.value;
  return { roleSettings, preRequest: name ? functionSql(name) : null };
}

/** `schema.fn` or `fn` (in public, the exposed schema) as PostgREST's QualifiedIdentifier, quoted. */
function functionSql(name: string): string {
  const dot = name.indexOf('.');
  const [schema, fn] = dot < 0 ? ['public', name] : [name.slice(0, dot), name.slice(dot + 1)];
  return `${ident(schema)}.${ident(fn)}()`;
}

/**
 * A Postgres duration setting (`8s`, `500ms`, `1min`, `3000`: milliseconds without a unit) in
 * milliseconds; undefined for 0 (no limit) or what is not a duration.
 */
export function durationMs(value: string | undefined): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(value ?? '');
  if (!match) return undefined;
  const units: Record<string, number> = {
    us: 0.001,
    ms: 1,
    s: 1000,
    min: 60_000,
    h: 3_600_000,
    d: 86_400_000,
  };
  const ms = Number(match[1]) * units[match[2] ?? 'ms'];
  return ms > 0 ? ms : undefined;
}
