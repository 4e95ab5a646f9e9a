import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { LOCAL_ANON_KEY } from './mocks/supabase/keys';

/** Serves the local Supabase stand-in on the dev server's origin (only when no hosted project is set). */
function localSupabase(): Plugin {
  return {
    name: 'labellens-local-supabase',
    async configureServer(server) {
      const { startStandIn, standInMiddleware } = await import('./mocks/supabase/node');
      server.middlewares.use(standInMiddleware(startStandIn()));
    },
  };
}

/** In dev, every /admin route is the admin SPA's page (the built server does the same from dist/). */
function adminSpaFallback(): Plugin {
  return {
    name: 'labellens-admin-spa-fallback',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const pathname = (req.url ?? '/').split('?')[0];
        if (/^\/admin(\/[^.]*)?$/.test(pathname)) req.url = '/admin/index.html';
        next();
      });
    },
  };
}

const BUNDLE_INPUTS = {
  site: { site: 'index.html' },
  admin: { admin: 'admin/index.html' },
  all: { site: 'index.html', admin: 'admin/index.html' },
} as const;

export default defineConfig(({ mode }) => {
  const bundle = (process.env.LABELLENS_BUNDLE ?? 'all') as keyof typeof BUNDLE_INPUTS;
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const hosted = Boolean(env.VITE_SUPABASE_URL && env.VITE_SUPABASE_ANON_KEY);
  return {
    plugins: [react(), adminSpaFallback(), ...(hosted || mode === 'test' ? [] : [localSupabase()])],
    define: hosted
      ? {}
      : {
          // Local builds talk to the stand-in on their own origin with its public anon key.
          'import.meta.env.VITE_SUPABASE_URL': JSON.stringify(''),
          'import.meta.env.VITE_SUPABASE_ANON_KEY': JSON.stringify(LOCAL_ANON_KEY),
        },
    build: {
      outDir: 'dist',
      // Built one bundle at a time (see the build script) so the site never shares a chunk with the admin.
      emptyOutDir: bundle !== 'admin',
      rollupOptions: { input: BUNDLE_INPUTS[bundle] },
    },
    server: { host: '127.0.0.1', port: 5173 },
  };
});
