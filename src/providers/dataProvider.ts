import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseDataProvider } from 'ra-supabase';
import { HttpError, type DataProvider } from 'react-admin';
import { dashboardStatsSchema, type DashboardStats } from '../domain/dashboardStats';
import { createNotificationMethods } from '../notifications/notificationMethods';
import { supabaseAnonKey, supabaseClient, supabaseUrl } from './supabaseClient';
import { withListQueries } from './search';
import { withTableNames } from './tableNames';
import { withUsersResource } from './users';

/**
 * The admin's data provider: ra-supabase's, with the spec's route names, every list's search and
 * derived filters built in SQL (search.ts), the users resource over the
 * admin_list_users RPC (users.ts), and typed custom methods.
 */
export function createDataProvider(client: SupabaseClient = supabaseClient) {
  const base = supabaseDataProvider({
    instanceUrl: supabaseUrl,
    apiKey: supabaseAnonKey,
    supabaseClient: client,
  });
  return {
    ...withUsersResource(withListQueries(withTableNames(base)), client),

    /** Every dashboard figure in one round trip; the RPC raises for anyone but an active admin. */
    async getDashboardStats(): Promise<DashboardStats> {
      const { data, error, status } = await client.rpc('admin_dashboard_stats');
      // An HttpError with the status lets react-admin's checkError sign out a session that lost access.
      if (error) throw new HttpError(error.message, status, error);
      return dashboardStatsSchema.parse(data);
    },

    ...createNotificationMethods(client),
  } satisfies DataProvider;
}

export type AdminDataProvider = ReturnType<typeof createDataProvider>;
