import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../adminDataProvider';

/** The admin's data provider with its typed custom methods. */
export const useAdminDataProvider = () => useDataProvider<AdminDataProvider>();
