import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore, Notification, ResourceContextProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { createDataProvider } from '../adminDataProvider';
import { i18nProvider } from '../i18n/i18nProvider';
import { lightTheme } from '../layout/theme';
import { adminAuthProvider } from '../adminAuthProvider';
import { supabaseClient } from '../providers';
import { ADMIN_BASE } from '../routes';

/**
 * One screen below `<Admin>`: the admin's own auth, data and i18n providers and theme, its toasts,
 * and the URL, without the layout, menu and access checks around it. Those have their own tests
 * (App, operatorAccess); a screen's own behaviour needs only this, and each mount saves the rest.
 */
export function renderPage(page: ReactNode, path = '/admin') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        basename={ADMIN_BASE}
        authProvider={adminAuthProvider}
        dataProvider={createDataProvider(supabaseClient)}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        theme={lightTheme}
      >
        {page}
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

/** A resource's list at `path` below `<Admin>`; its dialogs are routes over it (src/list/RouteDialogs.tsx). */
export const renderList = (resource: string, list: ReactNode, path: string) =>
  renderPage(<ResourceContextProvider value={resource}>{list}</ResourceContextProvider>, path);
