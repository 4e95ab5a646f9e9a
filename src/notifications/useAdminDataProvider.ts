import { useDataProvider, type DataProvider } from 'react-admin';
import type { NotificationMethods } from './notificationMethods';
import type { PushMethods } from './pushMethods';

/**
 * The admin's data provider with the notification methods. Typed by the pieces Push Notifications
 * uses, not by the whole provider (src/adminDataProvider.ts), which is built from the registry
 * that lists this screen: the screen must not depend on it (docs/architecture.md, "Layers").
 */
export const useAdminDataProvider = () => useDataProvider<DataProvider & NotificationMethods & PushMethods>();
