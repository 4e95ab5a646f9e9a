import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseDataProvider } from 'ra-supabase';
import { HttpError, type DataProvider, type RaRecord } from 'react-admin';
import { withScalablePaging, type OrderTerm, type PageSeek, type ReadsEveryRow } from './paging';
import type { OperatorRole } from '../domain/operatorRoles';
import type { RememberedRead } from './rememberedRead';
import { createSessionChecks } from './sessionChecks';
import { baseTable, readRelation, type ResourceData } from './resourceData';
import { cachedOwnerLookup, listQueriesOf, withListQueries, type OwnerLookup } from './search';
import { withUploads } from '../storage/uploads';
import { tablesOf, withTableNames } from './tableNames';
import { withVersionedUpdates } from './versionedUpdates';

/** Postgres' undefined_column: the seek was asked for an order on a column only the view has. */
const UNDEFINED_COLUMN = '42703';

/**
 * Deep pages of unfiltered lists through admin_page_rows (an index-only seek), or admin_page (the
 * same, with the total) when the total is not known yet, for the resources whose descriptor names a
 * `seek`; totals counted as the list counts them.
 */
export function pageSeek(client: SupabaseClient, resources: readonly ResourceData[]): PageSeek {
  const byName = new Map(resources.map((r) => [r.name, r]));
  /** The RPC's arguments for a page of `resource`, or undefined when it has no seek. */
  const args = (resource: string, order: OrderTerm[], offset: number, limit: number) => {
    const descriptor = byName.get(resource);
    if (!descriptor?.seek?.length) return undefined;
    return {
      relation: baseTable(descriptor),
      read_relation: readRelation(descriptor),
      sort_terms: order,
      skip: offset,
      take: limit,
    };
  };
  /** Calls `fn` (admin_page_rows or admin_page); undefined for an order the seek cannot take. */
  const call = async <T>(fn: string, params: ReturnType<typeof args>): Promise<T | undefined> => {
    if (!params) return undefined;
    const { data, error, status } = await client.rpc(fn, params);
    if (error?.code === UNDEFINED_COLUMN) return undefined;
    if (error) throw new HttpError(error.message, status, error);
    return data as T;
  };
  return {
    rows: (resource, order, offset, limit) =>
      call<RaRecord[]>('admin_page_rows', args(resource, order, offset, limit)),
    page: (resource, order, offset, limit) =>
      call<{ rows: RaRecord[]; total: number }>('admin_page', args(resource, order, offset, limit)),
    async count(resource: string) {
      const descriptor = byName.get(resource);
      const table = descriptor ? readRelation(descriptor) : resource;
      const { count, error, status } = await client
        .from(table)
        .select('id', { count: 'estimated', head: true })
        // Headers only, but the server still reads the page it would answer: one row is enough.
        .limit(1);
      if (error) throw new HttpError(error.message, status, error);
      return count ?? 0;
    },
  };
}

/**
 * Whether the signed-in operator reads every row of a resource's table: their role is one the
 * descriptor's `seek` names (supabase/tests/descriptors.test.ts checks the policies agree). Anyone
 * else is not shown the planner's estimate of a count (paging.ts, ReadsEveryRow).
 */
export function readsEveryRow(
  client: SupabaseClient,
  resources: readonly ResourceData[],
  role: RememberedRead<OperatorRole | null>,
): ReadsEveryRow {
  const byName = new Map(resources.map((r) => [r.name, r]));
  return async (resource) => {
    const readers = byName.get(resource)?.seek;
    // A resource no role reads whole (the audit log) needs no session read, nor its auth lock.
    if (!readers?.length) return false;
    const { session } = (await client.auth.getSession()).data;
    if (!session) return false;
    const caller = await role.get(session);
    return caller !== null && readers.includes(caller);
  };
}

/** The owners a search's words name, through admin_owner_ids (supabase/schemas/31_app_data_admin_reads.sql). */
export function ownerLookup(client: SupabaseClient): OwnerLookup {
  return async (words) => {
    const { data, error, status } = await client.rpc('admin_owner_ids', { words });
    if (error) throw new HttpError(error.message, status, error);
    return data as Array<string[] | null>;
  };
}

/** The provider with the reads of resources that serve their own (e.g. users over an RPC). */
function withResourceReads<T extends DataProvider>(
  provider: T,
  resources: readonly ResourceData[],
  client: SupabaseClient,
): T {
  const own = new Map(resources.flatMap((r) => (r.reads ? [[r.name, r.reads(client)] as const] : [])));
  return {
    ...provider,
    getList: (resource, params) => (own.get(resource) ?? provider).getList(resource, params),
    getOne: (resource, params) => (own.get(resource) ?? provider).getOne(resource, params),
    getMany: (resource, params) => (own.get(resource) ?? provider).getMany(resource, params),
  };
}

/**
 * ra-supabase's data provider, composed from the resources' descriptors, innermost first:
 *
 * 1. table names: the route name becomes the table or view, so every layer above speaks route names;
 * 2. paging: estimated counts, the id tie-breaker, deep pages read from the nearer end or sought
 *    through an index; it runs after the search layer has turned `q` into conditions, so it sees
 *    the real filter (an empty filter is what allows the seek);
 * 3. search: `q` and derived filters become one `and=(...)` (lifecycle callbacks, which rewrite the
 *    parameters before the layers below run), a search's words first turned into their owners'
 *    ids where the resource searches owner emails;
 * 4. resources that serve their own reads (users) bypass the three above: they have no table;
 * 5. versioned updates: an update of a `versioned` resource names the version it was made from and
 *    is refused (VersionRefusedError) when the row changed since, was deleted or may not be updated;
 * 6. uploads: a form's chosen file goes to its bucket before the record is saved, and objects no
 *    record uses any more are removed after it.
 *
 * It knows no feature: features add their typed custom methods beside it (src/adminDataProvider.ts).
 */
export function createResourceProvider(options: {
  client: SupabaseClient;
  /** The Supabase project's URL and anon key, as the client was created with. */
  url: string;
  anonKey: string;
  resources: readonly ResourceData[];
  /** The signed-in operator's role; by default read through `client` (sessionChecks.ts). */
  role?: RememberedRead<OperatorRole | null>;
}) {
  const { client, url, anonKey, resources } = options;
  const base = supabaseDataProvider({ instanceUrl: url, apiKey: anonKey, supabaseClient: client });
  const named = withTableNames(base, tablesOf(resources));
  const paged = withScalablePaging(named, {
    seek: pageSeek(client, resources),
    readsEveryRow: readsEveryRow(client, resources, options.role ?? createSessionChecks(client).role),
  });
  const searched = withListQueries(paged, listQueriesOf(resources), cachedOwnerLookup(ownerLookup(client)));
  const read = withResourceReads(searched, resources, client);
  const versioned = withVersionedUpdates(read, resources, client);
  return withUploads(versioned, resources, client, url) satisfies DataProvider;
}
