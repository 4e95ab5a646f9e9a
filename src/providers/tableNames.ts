import type { DataProvider } from 'react-admin';

/**
 * Resources whose route differs from their table: react-admin routes by resource name, and the
 * spec's path /admin/health-tips names the table health_tips. Scans, profiles and chats are
 * read-only for admins and read through the admin-only views (supabase/migrations/*_scale.sql),
 * where a search can use the trigram indexes that row-level security keeps out of reach.
 */
export const RESOURCE_TABLES: Readonly<Record<string, string>> = {
  'health-tips': 'health_tips',
  'contact-messages': 'contact_messages',
  'audit-log': 'audit_log',
  scans: 'admin_scans',
  profiles: 'admin_profiles',
  chats: 'admin_chats',
};

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
export function withTableNames<T extends DataProvider>(provider: T, tables = RESOURCE_TABLES): T {
  const renamed: T = { ...provider };
  for (const method of RESOURCE_METHODS) {
    // The methods' parameter types differ; each wrapper forwards its own arguments unchanged.
    const call = provider[method] as (resource: string, params: unknown) => Promise<unknown>;
    (renamed as Record<string, unknown>)[method] = (resource: string, params: unknown) =>
      call(tables[resource] ?? resource, params);
  }
  return renamed;
}
