import type { DataProvider } from 'react-admin';
import { baseTable, readRelation, type ResourceData } from './resourceData';

/** Each resource's relation per kind of method, where it differs from the resource's name. */
export interface TableNames {
  /** The list, show and reference reads: the read relation (src/providers/resourceData.ts). */
  reads: Readonly<Record<string, string>>;
  /** Creates, updates and deletes: always the base table (an admin view refuses writes). */
  writes: Readonly<Record<string, string>>;
}

/**
 * Resources whose route differs from their table or view, from their descriptors: react-admin routes
 * by resource name, and e.g. /admin/health-tips names the table health_tips (the naming rule,
 * src/providers/resourceData.ts's baseTable), while scans, profiles, chats and news are read
 * through admin-only views (docs/deploying.md, "How the admin views pass the advisor"), where a
 * search can use the trigram indexes that row-level security keeps out of reach. News is also
 * written, and its writes go to its table.
 */
export function tablesOf(resources: readonly ResourceData[]): TableNames {
  const renamed = (relation: (r: ResourceData) => string) =>
    Object.fromEntries(resources.flatMap((r) => (relation(r) !== r.name ? [[r.name, relation(r)]] : [])));
  return { reads: renamed(readRelation), writes: renamed(baseTable) };
}

const READ_METHODS = ['getList', 'getOne', 'getMany', 'getManyReference'] as const;
const WRITE_METHODS = ['create', 'update', 'updateMany', 'delete', 'deleteMany'] as const;

/** The provider with each resource name replaced by its relation's before the request is built. */
export function withTableNames<T extends DataProvider>(provider: T, tables: TableNames): T {
  const renamed: T = { ...provider };
  const rename = (methods: readonly string[], names: Readonly<Record<string, string>>) => {
    for (const method of methods) {
      // The methods' parameter types differ; each wrapper forwards its own arguments unchanged.
      const call = provider[method] as (resource: string, params: unknown) => Promise<unknown>;
      (renamed as Record<string, unknown>)[method] = (resource: string, params: unknown) =>
        call(names[resource] ?? resource, params);
    }
  };
  rename(READ_METHODS, tables.reads);
  rename(WRITE_METHODS, tables.writes);
  return renamed;
}
