import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../adminDataProvider';

/** How often the live dashboard refetches while open (it also refetches when the window regains focus). */
export const DASHBOARD_REFRESH_MS = 30_000;

export function useDashboardStats() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return useQuery({
    queryKey: ['admin_dashboard_stats'],
    queryFn: () => dataProvider.getDashboardStats(),
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}
