import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { assumeIdentity, isPgError, type Queryable } from '../../mocks/supabase/db';
import { bucketId } from '../../src/domain/storage';
import { baseTable, type ResourceData } from '../../src/providers/resourceData';
import { ROLES } from './fixtures';

/**
 * The SQL functions that name resources by hand, checked against the registry: each resource that
 * declares what a function serves must be served by it, and the function must serve no registry
 * resource that does not declare it. A mismatch names the resource, the function and the schema
 * file to edit. Used by sqlLists.test.ts; a new resource's lines in these functions are part of its
 * schema change (docs/adding-a-resource.md).
 *
 *   versions             private.versions() (restorable_columns) and private.record_version's CASE
 *                        (`versions: true`: the History compares and restores versions)
 *   an edit dialog       public.may_edit_record (presence on the dialog's channel)
 *   upload               private.upload_fields(), read from a comment `upload: <bucket>` on the
 *                        URL column (private.named_objects, owned_objects and orphan_objects follow)
 *
 * admin_search's kinds are checked per role against the registry by registryAccess.test.ts.
 */
export interface SqlListResource {
  data: ResourceData;
  /** The resource's records open in an edit dialog (its screens' `dialogs.edit`). */
  editDialog: boolean;
}

const SCHEMAS = path.resolve(import.meta.dirname, '../schemas');

/** The schema file whose CREATE FUNCTION defines `fn` (schema-qualified, no arguments). */
export function schemaFileOf(fn: string): string {
  for (const file of readdirSync(SCHEMAS).sort()) {
    if (readFileSync(path.join(SCHEMAS, file), 'utf8').includes(`CREATE FUNCTION ${fn}(`))
      return `supabase/schemas/${file}`;
  }
  return 'supabase/schemas/ (no file defines it)';
}

const edit = (fn: string) => `edit ${fn} in ${schemaFileOf(fn)}, then run npm run db:diff -- <name>`;
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Runs fn in a savepoint always rolled back: its answer, or the PostgreSQL error's message. */
async function probe<T>(tx: Queryable, fn: () => Promise<T>): Promise<T | { error: string }> {
  await tx.query('savepoint sql_lists');
  try {
    return await fn();
  } catch (error) {
    if (isPgError(error)) return { error: `${error.code} ${error.message}` };
    throw error;
  } finally {
    await tx.query('rollback to savepoint sql_lists');
    await tx.query('release savepoint sql_lists');
  }
}

/** Every disagreement between the registry and the functions, as a sentence naming what to edit. */
export async function sqlListMismatches(tx: Queryable, resources: readonly SqlListResource[]) {
  const found: string[] = [];
  // The first row of a resource's table (none for a resource read through an RPC, with no table).
  const first = async (table: string) => {
    const exists = await tx.query('select 1 from pg_class where oid = to_regclass($1)', [
      `public.${quoted(table)}`,
    ]);
    if (!exists.rows.length) return undefined;
    return (await tx.query<{ id: string }>(`select id::text as id from public.${quoted(table)} limit 1`))
      .rows[0]?.id;
  };
  const versioned = new Set(
    (await tx.query<{ resource: string }>('select resource from private.versions()')).rows.map(
      (r) => r.resource,
    ),
  );
  const declaredUploads = (
    await tx.query<{ field: string }>(
      `select resource || '.' || url_field || ' in ' || bucket_id as field from private.upload_fields()`,
    )
  ).rows.map((r) => r.field);

  for (const { data, editDialog } of resources) {
    const table = baseTable(data);
    const id = await first(table);

    const history = Boolean(data.versions);
    if (history !== versioned.has(table))
      found.push(
        `${data.name}: the registry ${history ? 'gives' : 'does not give'} it versions (versions: true), private.versions() ${versioned.has(table) ? 'lists' : 'does not list'} ${table}; ${edit('private.versions')}`,
      );
    if (history && versioned.has(table) && id) {
      const answer = await probe(tx, async () => {
        const entry = await tx.query<{ id: string }>(
          `insert into public.audit_log (action, resource, record_id) values ('update', $1, $2) returning id::text`,
          [table, id],
        );
        return (
          await tx.query('select private.record_version($1, $2, $3::bigint)', [table, id, entry.rows[0].id])
        ).rows.length;
      });
      if (typeof answer !== 'number')
        found.push(
          `${data.name}: private.record_version finds no row of ${table} (${answer.error}): its CASE needs a branch for '${table}'; ${edit('private.record_version')}`,
        );
    }

    if (id) {
      const mayEdit = await probe(tx, async () => {
        await assumeIdentity(tx, ROLES.owner);
        return (
          await tx.query<{ ok: boolean }>('select public.may_edit_record($1, $2) as ok', [data.name, id])
        ).rows[0].ok;
      });
      if (mayEdit !== editDialog)
        found.push(
          `${data.name}: the registry ${editDialog ? 'has' : 'has no'} edit dialog, public.may_edit_record answers an owner ${JSON.stringify(mayEdit)} for its record; ${edit('public.may_edit_record')}`,
        );
    }

    const bucket = data.upload && bucketId(data.upload.bucket);
    if (data.upload && id) {
      const name = 'sql-lists-probe.png';
      const named = await probe(tx, async () => {
        await tx.query(
          `update public.${quoted(table)} set ${quoted(data.upload!.urlField)} = $1 where id::text = $2`,
          [`https://project.supabase.co/storage/v1/object/public/${bucket}/${name}`, id],
        );
        return (
          (
            await tx.query('select 1 from private.named_objects() where bucket_id = $1 and name = $2', [
              bucket,
              name,
            ])
          ).rows.length > 0
        );
      });
      if (named !== true)
        found.push(
          `${data.name}: private.named_objects does not read ${table}.${data.upload.urlField} in bucket ${bucket}: declare it in the resource's schema file with COMMENT ON COLUMN public.${table}.${data.upload.urlField} IS 'upload: ${bucket}. …' (private.upload_fields reads it), then run npm run db:diff -- <name>`,
        );
    }
  }
  // The upload declarations no registry resource makes (a comment on a column: its schema file).
  const uploads = new Set(
    resources.flatMap(({ data }) =>
      data.upload ? [`${baseTable(data)}.${data.upload.urlField} in ${bucketId(data.upload.bucket)}`] : [],
    ),
  );
  for (const field of declaredUploads.filter((f) => !uploads.has(f)))
    found.push(
      `private.upload_fields() declares ${field}, which no registry resource uploads: remove the column's \`upload:\` comment from its schema file, then run npm run db:diff -- <name>`,
    );
  return found;
}
