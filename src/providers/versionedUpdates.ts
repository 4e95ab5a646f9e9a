import type { SupabaseClient } from '@supabase/supabase-js';
import { HttpError, type DataProvider, type Identifier, type RaRecord } from 'react-admin';
import { baseTable, type ResourceData } from './resourceData';

/** The column that names a row's version: kept by the database (a `set_updated_at` trigger). */
export const VERSION_COLUMN = 'updated_at';

/**
 * Why the database left a row alone: someone saved a newer version since (`conflict`), it is gone
 * (`deleted`, or no longer readable), or the row is unchanged and the operator may not update it
 * (`not_allowed`, row-level security matched nothing).
 */
export type RefusalReason = 'conflict' | 'deleted' | 'not_allowed';

/** One row an update left alone, with its newest version when it still exists. */
export interface RefusedRow {
  id: Identifier;
  reason: RefusalReason;
  current?: RaRecord;
}

/** The body of the error a refused update answers (see VersionRefusedError). */
export interface VersionRefusal {
  /** The first refused row's reason for update; for updateMany a conflict, else deleted, else not allowed. */
  reason: RefusalReason;
  refused: RefusedRow[];
  /** updateMany: the ids that were saved (each matched the version it was made from). */
  saved: Identifier[];
}

/**
 * A refused update: status 409 whatever the reason (a 403 would make react-admin's checkError sign
 * the operator out, and nothing about the session is wrong), the reason in the body.
 */
export class VersionRefusedError extends HttpError {
  declare body: VersionRefusal;
  constructor(refusal: VersionRefusal) {
    super(`Update refused: ${refusal.reason}`, 409, refusal);
    // HttpError sets its own prototype (ra-core's HttpError.ts), which would hide this class.
    Object.setPrototypeOf(this, VersionRefusedError.prototype);
    this.name = 'VersionRefusedError';
  }
}

/** The refusal an update's error carries, or null for any other error. */
export function refusalOf(error: unknown): VersionRefusal | null {
  return error instanceof VersionRefusedError ? error.body : null;
}

/** The fields of `data` that differ from `previous` (as ra-data-postgrest's update sends them). */
function changesOf(data: Record<string, unknown>, previous: Record<string, unknown> | undefined) {
  return Object.fromEntries(
    Object.entries(data).filter(
      ([key, value]) =>
        key !== 'id' && key !== VERSION_COLUMN && JSON.stringify(value) !== JSON.stringify(previous?.[key]),
    ),
  );
}

const sameInstant = (a: unknown, b: string) => typeof a === 'string' && Date.parse(a) === Date.parse(b);

/** A value inside a PostgREST logic tree (`or=(...)`): double-quoted, so `:`, `.`, `,` stay literal. */
const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * Updates of the resources whose descriptor says `versioned`: each names the version it was made
 * from (`meta.version`, else `previousData.updated_at`; for updateMany `meta.versions`, id ->
 * version) as a filter, `PATCH /rest/v1/<table>?id=eq.<id>&updated_at=eq.<version>` with
 * `Prefer: return=representation`. PostgREST has no If-Match; the filter is the same guarantee, in
 * one statement: a row changed since matches nothing, and of two saves made from the same version
 * exactly one matches (the second waits for the first's row lock, then sees its new updated_at).
 * Zero rows is told apart by reading the row again: gone (deleted), the same version (row-level
 * security refused it: not allowed), or a newer one (conflict, with that version to show).
 */
export function withVersionedUpdates<T extends DataProvider>(
  provider: T,
  resources: readonly ResourceData[],
  client: SupabaseClient,
): T {
  // Written, and a refusal explained, on the base table: an admin read view refuses writes.
  const tables = new Map(resources.filter((r) => r.versioned).map((r) => [r.name, baseTable(r)]));

  /** Why each of `ids` was left alone, read again after the update matched none of them. */
  const refusedRows = async (table: string, versions: Map<string, string | undefined>) => {
    const ids = [...versions.keys()];
    const { data, error, status } = await client.from(table).select('*').in('id', ids);
    if (error) throw new HttpError(error.message, status, error);
    const rows = new Map((data as RaRecord[]).map((row) => [String(row.id), row]));
    return ids.map((id): RefusedRow => {
      const current = rows.get(id);
      if (!current) return { id, reason: 'deleted' };
      const version = versions.get(id);
      if (version !== undefined && sameInstant(current[VERSION_COLUMN], version))
        return { id, reason: 'not_allowed', current };
      return { id, reason: 'conflict', current };
    });
  };

  return {
    ...provider,
    async update(resource, params) {
      const table = tables.get(resource);
      if (!table) return provider.update(resource, params);
      const version: unknown = params.meta?.version ?? params.previousData?.[VERSION_COLUMN];
      if (typeof version !== 'string')
        throw new Error(`An update of ${resource} must say which version it was made from`);
      const changes = changesOf(params.data, params.previousData);
      // Nothing to write, nothing overwritten (ra-data-postgrest answers the same without a request).
      if (Object.keys(changes).length === 0) return { data: params.previousData };
      const { data, error, status } = await client
        .from(table)
        .update(changes)
        .eq('id', params.id)
        .eq(VERSION_COLUMN, version)
        .select();
      if (error) throw new HttpError(error.message, status, error);
      if (data.length === 1) return { data: data[0] };
      const refused = await refusedRows(table, new Map([[String(params.id), version]]));
      throw new VersionRefusedError({ reason: refused[0].reason, refused, saved: [] });
    },
    async updateMany(resource, params) {
      const table = tables.get(resource);
      if (!table) return provider.updateMany(resource, params);
      const given = (params.meta?.versions ?? {}) as Record<string, string | undefined>;
      const versions = new Map(params.ids.map((id) => [String(id), given[String(id)]]));
      // A row whose version is not known is refused as changed: nothing is written blind.
      const known = [...versions].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
      let saved: Identifier[] = [];
      if (known.length) {
        const { data, error, status } = await client
          .from(table)
          .update(params.data)
          .or(known.map(([id, v]) => `and(id.eq.${quoted(id)},${VERSION_COLUMN}.eq.${quoted(v)})`).join(','))
          .select('id');
        if (error) throw new HttpError(error.message, status, error);
        saved = (data as Array<{ id: Identifier }>).map((row) => row.id);
      }
      if (saved.length === versions.size) return { data: saved };
      const savedIds = new Set(saved.map(String));
      const left = new Map([...versions].filter(([id]) => !savedIds.has(id)));
      const refused = await refusedRows(table, left);
      const reasons = new Set(refused.map((row) => row.reason));
      const reason = reasons.has('conflict')
        ? 'conflict'
        : reasons.has('deleted')
          ? 'deleted'
          : 'not_allowed';
      throw new VersionRefusedError({ reason, refused, saved });
    },
  };
}
