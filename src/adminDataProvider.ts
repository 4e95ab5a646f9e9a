import type { DataProvider } from 'react-admin';
import { createVersionMethods } from './resources/audit-log/versionMethods';
import { createPaletteMethods } from './providers/paletteMethods';
import { createDashboardMethods } from './dashboard/dashboardMethods';
import { createNotificationMethods } from './notifications/notificationMethods';
import { createPushMethods } from './notifications/pushMethods';
import { createResourceProvider } from './providers/dataProvider';
import { createRealtimeMethods } from './realtime/realtimeMethods';
import { supabaseAnonKey, supabaseClient, supabaseUrl } from './providers/supabaseClient';
import { RESOURCE_DATA } from './resources';
import { sessionChecks } from './providers';
import type { DatabaseClient } from './domain/database';
import { createTrashMethods } from './providers/trashMethods';
import { withOfflineWording } from './providers/offlineErrors';

/**
 * The admin's data provider: the resources' provider built from the registry's descriptors
 * (src/providers/dataProvider.ts), plus the typed custom methods each feature registers here;
 * offline, a failed request says so in the product's words (src/providers/offlineErrors.ts).
 */
export function createDataProvider(client: DatabaseClient = supabaseClient) {
  return withOfflineWording({
    ...createResourceProvider({
      client,
      url: supabaseUrl,
      anonKey: supabaseAnonKey,
      resources: RESOURCE_DATA,
      // The role the auth provider already read for this session, rather than a second read of it.
      role: client === supabaseClient ? sessionChecks.role : undefined,
    }),
    ...createDashboardMethods(client),
    ...createNotificationMethods(client),
    ...createPushMethods(client),
    ...createRealtimeMethods(client, RESOURCE_DATA),
    ...createVersionMethods(client),
    ...createTrashMethods(client, RESOURCE_DATA),
    ...createPaletteMethods(client),
  } satisfies DataProvider);
}
