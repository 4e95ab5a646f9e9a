import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { DataProvider } from 'react-admin';
import type { DashboardMethods } from './dashboardMethods';
import { useLiveRefresh } from '../realtime/useLive';

/** The resources whose changes move a dashboard figure (each a table Realtime publishes). */
export const DASHBOARD_LIVE_RESOURCES = ['scans', 'profiles', 'chats', 'news', 'health-tips'] as const;

/**
 * The dashboard's figures, refetched when Realtime reports a change to one of the tables they
 * count (one refetch per burst of changes) or when the connection comes back; no polling.
 */
export function useDashboardStats() {
  const dataProvider = useDataProvider<DataProvider & DashboardMethods>();
  const query = useQuery({
    queryKey: ['admin_dashboard_stats'],
    queryFn: () => dataProvider.getDashboardStats(),
    refetchOnWindowFocus: 'always',
  });
  useLiveRefresh(DASHBOARD_LIVE_RESOURCES, () => void query.refetch());
  return query;
}
