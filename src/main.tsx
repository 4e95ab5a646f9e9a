import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { lookup } from './i18n/lookup';
import { FullPageWait } from './layout/FullPageWait';
import { ADMIN_BASE } from './routes';

// Route-level code splitting: the login page never loads react-admin, the admin app loads it once.
const LoginRoute = lazy(() => import('./login/LoginRoute'));
const App = lazy(() => import('./App'));

// Path URLs (/admin/login, /admin/dashboard, ...): react-admin's own router would use hash URLs.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Suspense fallback={<FullPageWait message={lookup('labellens.auth.verifying')} />}>
        <Routes>
          <Route path={`${ADMIN_BASE}/login`} element={<LoginRoute />} />
          <Route path={`${ADMIN_BASE}/*`} element={<App />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  </StrictMode>,
);
