import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { storedLocale } from './i18n/locales';
import { lookup } from './i18n/lookup';
import { showStoredLocale } from './i18n/showLocale';
import { lazyComponent } from './lazyComponent';
import { HOST_PREFIX, withoutHostPrefix } from './hostPrefix';
import { FullPageWait } from './layout/FullPageWait';
import { ForgotPasswordPage } from './login/ForgotPasswordPage';
import LoginRoute, { AuthRoute } from './login/LoginRoute';
import { SetPasswordPage } from './login/SetPasswordPage';
import { prefetchAdminCode } from './prefetchAdmin';
import { startSessionChecks } from './providers';
import { newVersion } from './serviceWorker/newVersion';
import { PageNotices } from './serviceWorker/PageNotices';
import { registerServiceWorker } from './serviceWorker/register';
import { watchChunkLoads } from './serviceWorker/chunkLoad';
import {
  ADMIN_BASE,
  ADMIN_FORGOT_PASSWORD,
  ADMIN_LOGIN,
  ADMIN_SET_PASSWORD,
  SIGNED_OUT_PATHS,
} from './routes';

// Route-level code splitting: the login page never loads react-admin; the admin app is its own chunk
// (the login route's own code is small and everything it uses, the admin app uses too).
const loadApp = () => import('./App');
const App = lazyComponent(loadApp, <VerifyingWait />);

/** The wait while the admin's code arrives, in the language shown (read when it draws). */
function VerifyingWait() {
  return <FullPageWait message={lookup('labellens.auth.verifying')} />;
}

/**
 * Once the password is accepted, the admin app runs and the next screen's first read leaves while
 * the role and second factor are checked (a round trip), instead of after (on a phone, the app's
 * start alone is a few hundred milliseconds).
 */
const startAfterSignIn = (next: string) =>
  void loadApp()
    .then((app) => app.startScreen(next))
    .catch(() => undefined); // the route loads it again, and says so if it cannot

// On a signed-out page the admin's code comes while the person types (src/prefetchAdmin.ts). On a
// signed-in one the session checks leave now, and the app runs as soon as its code is here rather
// than once React has drawn the wait below: its screen's first read leaves that much sooner.
if (
  (SIGNED_OUT_PATHS as readonly string[]).includes(
    withoutHostPrefix(window.location.pathname).replace(/\/+$/, ''),
  )
)
  prefetchAdminCode();
else {
  void startSessionChecks();
  App.preload();
}

// Built pages only: the dev server's pages change with every edit (and it removes the worker). The
// demo build's page is answered by MSW's worker instead (docs/demo.md).
if (import.meta.env.PROD && !import.meta.env.VITE_LABELLENS_DEMO) registerServiceWorker(newVersion.found);
watchChunkLoads();

// Path URLs (/admin/login, /admin/dashboard, ...): react-admin's own router would use hash URLs.
// The pages draw in the language this browser last showed the admin in (English at once; another
// language once its catalogue is here).
const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {/* No transitions: otherwise the guard's redirect to /admin/login keeps the admin app mounted while
        the new route renders, and the guard redirects again and again until React commits. */}
      <BrowserRouter useTransitions={false} basename={HOST_PREFIX || undefined}>
        <PageNotices />
        <Routes>
          <Route path={ADMIN_LOGIN} element={<LoginRoute onPasswordAccepted={startAfterSignIn} />} />
          <Route
            path={ADMIN_FORGOT_PASSWORD}
            element={
              <AuthRoute title="labellens.recovery.forgot_title">
                <ForgotPasswordPage />
              </AuthRoute>
            }
          />
          <Route
            path={ADMIN_SET_PASSWORD}
            element={
              <AuthRoute title="labellens.recovery.set_title">
                <SetPasswordPage />
              </AuthRoute>
            }
          />
          <Route path={`${ADMIN_BASE}/*`} element={<App />} />
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  );
void showStoredLocale(storedLocale())
  .catch(() => undefined)
  .finally(render);
