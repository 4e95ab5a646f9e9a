import './domain/zodJitless';
import { Admin, CanAccess, CustomRoutes, Resource, useTranslate } from 'react-admin';
import { useState } from 'react';
import { Route } from 'react-router-dom';
import { i18nProvider } from './i18n/i18nProvider';
import { createAdminStore } from './layout/adminStore';
import { followSavedLocale } from './layout/savedLocale';
import { AppLayout } from './layout/AppLayout';
import { NoAccess } from './layout/NoAccess';
import { NotFound } from './layout/NotFound';
import { darkTheme, lightTheme } from './layout/theme';
import { VerifyingAccess } from './layout/VerifyingAccess';
import { adminAuthProvider } from './adminAuthProvider';
import { supabaseClient } from './providers';
import { createDataProvider } from './adminDataProvider';
import { createQueryClient } from './providers/queryClient';
import { withEarlyReads } from './providers/earlyReads';
import { CUSTOM_PAGES, Dashboard, firstRead, preloadScreen, RESOURCES } from './resources';
import { resourceProps } from './resources/kit';
import { withoutHostPrefix } from './hostPrefix';
import { ADMIN_BASE } from './routes';

const early = withEarlyReads(
  createDataProvider(supabaseClient),
  async () => (await supabaseClient.auth.getSession()).data.session?.access_token,
);
const dataProvider = early.provider;
const store = createAdminStore();

/**
 * Starts the screen at `address` (e.g. /admin/scans?page=2): its code loads and its first read
 * leaves while the session is checked. Its route renders only after those checks, and its chunk and
 * its data would otherwise be asked for only then (on a phone, about a second later).
 */
export function startScreen(address: string) {
  const url = new URL(address, window.location.origin);
  const { search } = url;
  const pathname = withoutHostPrefix(url.pathname);
  if (!pathname.startsWith(`${ADMIN_BASE}/`) && pathname !== ADMIN_BASE) return;
  const path = pathname.slice(ADMIN_BASE.length) || '/';
  preloadScreen(path);
  const read = firstRead(path, { search }, store);
  if (read) early.startRead(read);
  // The operator's saved language, before the screen first draws (then react-admin loads it first).
  void supabaseClient.auth
    .getSession()
    .then(({ data }) => followSavedLocale(data.session?.user, (locale) => store.setItem('locale', locale)));
}

// The address the app opens at; after a sign-in, the sign-in page starts the next one (src/main.tsx).
startScreen(window.location.href);

/** The product's admin title in the admin's language. */
function AppTitle() {
  return <>{useTranslate()('labellens.app.title')}</>;
}

/**
 * The react-admin app under /admin, mounted by main.tsx inside a path-URL router. /admin/login is
 * main.tsx's standalone login route, where react-admin sends anyone who is not an active admin.
 */
export default function App() {
  // One per mount, as react-admin makes its own.
  const [queryClient] = useState(createQueryClient);
  return (
    <Admin
      basename={ADMIN_BASE}
      // The default title is shown as given (react-admin does not translate it): an element that does.
      title={<AppTitle />}
      requireAuth
      authProvider={adminAuthProvider}
      dataProvider={dataProvider}
      queryClient={queryClient}
      i18nProvider={i18nProvider}
      store={store}
      theme={lightTheme}
      darkTheme={darkTheme}
      layout={AppLayout}
      loginPage={false}
      loading={VerifyingAccess}
      dashboard={Dashboard}
      catchAll={NotFound}
      accessDenied={NoAccess}
      disableTelemetry
    >
      {RESOURCES.map((resource) => (
        <Resource key={resource.data.name} {...resourceProps(resource)} />
      ))}
      <CustomRoutes>
        {CUSTOM_PAGES.map(({ path, page: Page }) => (
          <Route
            key={path}
            path={path}
            element={
              // Pages are no resources, so react-admin does not check them itself; a page below a
              // resource (/users/:id) has that resource's access.
              <CanAccess resource={path.split('/')[1]} action="list" accessDenied={<NoAccess />}>
                <Page />
              </CanAccess>
            }
          />
        ))}
      </CustomRoutes>
    </Admin>
  );
}
