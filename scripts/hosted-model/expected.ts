import { baseTable, type ResourceData } from '../../src/providers/resourceData';
import { LIVE_OUTSIDE_REGISTRY } from '../../src/notifications/data';

/**
 * What the hosted check expects of the database, derived from the resources' descriptors
 * (src/resources/) rather than restated, so a new resource is expected by its registry line
 * (scripts/newResource.test.ts derives it with a throw-away resource added).
 */

/** The supabase_realtime publication: the base tables of the resources declared `live`, sorted. */
export const livePublication = (resources: readonly ResourceData[]) =>
  [
    ...resources.filter((data) => data.live).map((data) => `public.${baseTable(data)}`),
    ...LIVE_OUTSIDE_REGISTRY.map((table) => `public.${table}`),
  ].sort();
