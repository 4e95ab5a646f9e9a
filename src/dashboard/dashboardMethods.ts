import { HttpError } from 'react-admin';
import type { DashboardStats } from '../domain/dashboardStats';
import type { DatabaseClient } from '../domain/database';

/** The dashboard's custom data provider method (registered in src/adminDataProvider.ts). */
export function createDashboardMethods(client: DatabaseClient) {
  return {
    /** Every dashboard figure in one round trip; the RPC raises for anyone but an active admin. */
    async getDashboardStats(): Promise<DashboardStats> {
      const { data, error, status } = await client.rpc('admin_dashboard_stats');
      // An HttpError with the status lets react-admin's checkError sign out a session that lost access.
      if (error) throw new HttpError(error.message, status, error);
      // Loaded with the call, which only the dashboard makes: its parser (zod) stays out of the
      // code every other screen loads first.
      const { dashboardStatsSchema } = await import('../domain/dashboardStats');
      return dashboardStatsSchema.parse(data);
    },
  };
}

/** What the dashboard adds to the data provider. */
export type DashboardMethods = ReturnType<typeof createDashboardMethods>;
