import type { DataProvider } from 'react-admin';
import { readRelation, type ResourceData } from './resourceData';

/**
 * Resources whose route differs from their table or view, from their descriptors: react-admin routes
 * by resource name, and e.g. /admin/health-tips names the table health_tips (the naming rule,
 * src/providers/resourceData.ts's baseTable), while scans, profiles
 * and chats are read through admin-only views (supabase/migrations/*_scale.sql), where a search can
 * use the trigram indexes that row-level security keeps out of reach.
 */
export function tablesOf(resources: readonly ResourceData[]): Record<string, string> {
  return Object.fromEntries(
    resources.flatMap((r) => (readRelation(r) !== r.name ? [[r.name, readRelation(r)]] : [])),
  );
}

const RESOURCE_METHODS = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
] as const;

/** The provider with each resource name replaced by its table name before the request is built. */
export function withTableNames<T extends DataProvider>(
  provider: T,
  tables: Readonly<Record<string, string>>,
): T {
  const renamed: T = { ...provider };
  for (const method of RESOURCE_METHODS) {
    // The methods' parameter types differ; each wrapper forwards its own arguments unchanged.
    const call = provider[method] as (resource: string, params: unknown) => Promise<unknown>;
    (renamed as Record<string, unknown>)[method] = (resource: string, params: unknown) =>
      call(tables[resource] ?? resource, params);
  }
  return renamed;
}
