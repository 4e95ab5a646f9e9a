import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { assumeIdentity, isPgError, type Queryable } from '../../mocks/supabase/db';
import { isOperatorRole, operatorCan, type AccessTable } from '../../src/domain/operatorRoles';
import {
  baseTable,
  WRITE_ACTIONS,
  type ResourceData,
  type TableWrite,
} from '../../src/providers/resourceData';
import { ROLES, type Role } from './fixtures';

/**
 * The registry's `access` against the database, cell by cell: for a resource, a caller and a write,
 * what the registry allows (its `writes`, `publicWrites` and the roles' access) and what the
 * database does when the caller tries it, as PostgREST would send it (role and JWT claims set), in
 * a savepoint that is always rolled back. Used by registryAccess.test.ts and rls.test.ts.
 */

export const WRITES: readonly TableWrite[] = ['insert', 'update', 'delete'];
/** Every caller: the operator roles, an app user and a visitor without a session. */
export const CALLERS: readonly Role[] = ['owner', 'editor', 'support', 'appUser', 'anon'];

/** A seeded app user none of the callers is: the rows tried are someone else's. */
const OTHER = `md5('labellens-user-9')::uuid`;
/** The id of the row a sample trash entry holds (the entry's own id is the table's default). */
const SAMPLE_TRASHED = 'f0000000-0000-4000-8000-000000000001';

/**
 * One valid row of a resource's base table (`insert`) and a no-op assignment (`set`), so an update
 * tests only who may change which rows: written here for the tables whose checks and keys a plain
 * row would not meet; any other table's is sampleRow's, read from the catalog.
 */
export const SAMPLES: Readonly<Record<string, { insert: string; set: string }>> = {
  scans: {
    insert: `insert into public.scans (user_id, name, health_score) values (${OTHER}, 'Registry probe', 50)`,
    set: 'name = name',
  },
  profiles: {
    insert: `insert into public.profiles (user_id, name) values (${OTHER}, 'Registry probe')`,
    set: 'name = name',
  },
  chats: {
    insert: `insert into public.chats (user_id, title) values (${OTHER}, 'Registry probe')`,
    set: 'title = title',
  },
  notifications: {
    insert: `insert into public.notifications (user_id, title, body, status, message_id) values (${OTHER}, 'Hi', 'There', 'sent', 'projects/p/messages/1')`,
    set: 'title = title',
  },
  news: {
    insert: `insert into public.news (title, content, source_url) values ('Registry probe', 'Body', 'https://example.com/probe')`,
    set: 'title = title',
  },
  health_tips: {
    insert: `insert into public.health_tips (tip) values ('Registry probe tip.')`,
    set: 'tip = tip',
  },
  tags: {
    insert: `insert into public.tags (key, label, icon, color, category) values ('registry-probe', 'Probe', 'tag', '#123456', 'general')`,
    set: 'label = label',
  },
  audit_log: {
    insert: `insert into public.audit_log (action, resource) values ('update', 'news')`,
    set: 'action = action',
  },
  contact_messages: {
    insert: `insert into public.contact_messages (first_name, email, message) values ('Asha', 'asha@example.in', 'Hello there')`,
    set: 'status = status',
  },
  trash: {
    insert: `insert into public.trash (record_id, resource, record, restorers) values ('${SAMPLE_TRASHED}', 'news', '{"id": "${SAMPLE_TRASHED}"}', '{owner}')`,
    set: 'label = label',
  },
};

/** A literal for a required column of type `type` (an enum: its first value). */
const SAMPLE_VALUES: Readonly<Record<string, string>> = {
  text: `'Registry probe'`,
  'character varying': `'Registry probe'`,
  boolean: 'false',
  integer: '1',
  smallint: '1',
  bigint: '1',
  numeric: '1',
  uuid: OTHER,
  jsonb: `'{}'`,
  'timestamp with time zone': 'now()',
  date: 'current_date',
};

/**
 * A table's sample: SAMPLES' line, else one row with a value for each column that needs one (not
 * null, no default), from the catalog, and its first such column assigned to itself. A column of
 * another type, or a check the plain values break, fails naming the line to add to SAMPLES.
 */
export async function sampleRow(db: Queryable, table: string): Promise<{ insert: string; set: string }> {
  if (SAMPLES[table]) return SAMPLES[table];
  const { rows } = await db.query<{ name: string; type: string; first_label: string | null }>(
    `select a.attname as name, format_type(a.atttypid, null) as type,
            (select quote_literal(e.enumlabel) from pg_enum e where e.enumtypid = a.atttypid
              order by e.enumsortorder limit 1) as first_label
       from pg_attribute a
      where a.attrelid = format('public.%I', $1::text)::regclass and a.attnum > 0 and not a.attisdropped
        and a.attnotnull and not a.atthasdef and a.attidentity = '' and a.attgenerated = ''
      order by a.attnum`,
    [table],
  );
  const values = rows.map(({ name, type, first_label }) => {
    const value = first_label ?? SAMPLE_VALUES[type];
    if (!value)
      throw new Error(
        `public.${table}.${name} is ${type}, which no sample value fits: add a line for ${table} to SAMPLES in supabase/tests/registryAccess.ts`,
      );
    return value;
  });
  const columns = rows.map(({ name }) => `"${name}"`);
  return {
    insert: columns.length
      ? `insert into public.${table} (${columns.join(', ')}) values (${values.join(', ')})`
      : `insert into public.${table} default values`,
    set: `${columns[0] ?? 'id'} = ${columns[0] ?? 'id'}`,
  };
}

/** The resources with a base table the admin writes through PostgREST (not served by an RPC). */
export const tabled = (resources: readonly ResourceData[]) => resources.filter((data) => !data.reads);

/** Whether the registry lets `who` make `write` on the resource's table. */
export function registryAllows(
  access: AccessTable,
  data: ResourceData,
  who: Role,
  write: TableWrite,
): boolean {
  if (data.publicWrites?.includes(write)) return true;
  if (!isOperatorRole(who)) return false;
  return (data.writes ?? []).includes(write) && operatorCan(access, who, data.name, WRITE_ACTIONS[write]);
}

/**
 * Whether the database lets `who` make `write` on a row of the resource's table that is not theirs
 * (one row inserted, or one row changed or removed, counts as allowed; 42501 or no row as refused).
 * Runs in tx (as the superuser) inside a savepoint it rolls back; any other error is thrown.
 */
export async function databaseAllows(tx: Queryable, data: ResourceData, who: Role, write: TableWrite) {
  const table = baseTable(data);
  const sample = await sampleRow(tx, table);
  await tx.query('savepoint registry_cell');
  try {
    const target =
      write === 'insert'
        ? null
        : (await tx.query<{ id: string }>(`${sample.insert} returning id::text`)).rows[0].id;
    await assumeIdentity(tx, ROLES[who]);
    const sql = {
      insert: sample.insert,
      update: `update public.${table} set ${sample.set} where id::text = $1`,
      delete: `delete from public.${table} where id::text = $1`,
    }[write];
    const { affectedRows } = await tx.query(sql, target === null ? [] : [target]);
    return affectedRows === 1;
  } catch (error) {
    if (isPgError(error) && error.code === '42501') return false;
    // A row read from the catalog that breaks a check: the table needs its own line.
    const hint = SAMPLES[table]
      ? ''
      : ` (its sample is read from the catalog: add a line for ${table} to SAMPLES in supabase/tests/registryAccess.ts)`;
    throw new Error(`${data.name}: ${who} ${write}: ${String(error)}${hint}`);
  } finally {
    await tx.query('rollback to savepoint registry_cell');
    await tx.query('release savepoint registry_cell');
  }
}

/** The schema file that holds public.<table>'s policies (else the one that creates the table). */
function schemaFileOfTable(table: string): string {
  const dir = path.resolve(import.meta.dirname, '../schemas');
  const files = readdirSync(dir).sort();
  const holding = (pattern: RegExp) => files.find((f) => pattern.test(readFileSync(path.join(dir, f), 'utf8')));
  const file =
    holding(new RegExp(`create policy .* on (public\\.)?"?${table}"? `, 'i')) ??
    holding(new RegExp(`create table (public\\.)?"?${table}"? `, 'i'));
  return file ? `supabase/schemas/${file}` : 'supabase/schemas/';
}

/** Every cell of the resource where the database and the registry disagree, named with what to edit. */
export async function writeMismatches(tx: Queryable, access: AccessTable, data: ResourceData) {
  const found: string[] = [];
  for (const who of CALLERS) {
    for (const write of WRITES) {
      const registry = registryAllows(access, data, who, write);
      const database = await databaseAllows(tx, data, who, write);
      if (registry !== database)
        found.push(
          `${data.name}: ${who} ${write}: the registry ${registry ? 'allows' : 'refuses'} it, the database ${database ? 'allows' : 'refuses'} it; ` +
            `edit access or writes in src/resources/${data.name}/index.ts, or the policies on public.${baseTable(data)} in ${schemaFileOfTable(baseTable(data))}`,
        );
    }
  }
  return found;
}
