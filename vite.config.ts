import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Connect, type Plugin, type Rollup } from 'vite';
import { LOCAL_ANON_KEY } from './mocks/supabase/keys';
import { adminPreloads, MIN_CHUNK_BYTES, PLAIN_CHUNK_NAMES, resolveChunkUrl } from './scripts/adminChunks';
import { builtScriptHashes, securityHeaders } from './scripts/securityHeaders';
import { SERVICE_WORKER_URL } from './src/serviceWorker/protocol';

/** Serves the local Supabase stand-in on the dev server's origin (only when no hosted project is set). */
function localSupabase(): Plugin {
  return {
    name: 'labellens-local-supabase',
    async configureServer(server) {
      const { serveRealtime, startStandIn, standInMiddleware } = await import('./mocks/supabase/node');
      const { exitWhenFolderInUse } = await import('./mocks/supabase/localDatabase');
      // Auth's links lead to the dev server's configured address (never a request's Host header).
      const { host, port } = server.config.server;
      const listened = typeof host === 'string' && host !== '0.0.0.0' && host !== '::' ? host : '127.0.0.1';
      const standIn = startStandIn({
        command: 'npm run dev',
        publicUrl: `http://${listened}:${port ?? 5173}`,
      });
      standIn.catch(exitWhenFolderInUse);
      const realtime = server.httpServer ? serveRealtime(server.httpServer, standIn) : undefined;
      server.httpServer?.once(
        'close',
        () =>
          void Promise.all([standIn, realtime]).then(
            async ([s, r]) => {
              await r?.close();
              await s.db.close();
            },
            () => undefined,
          ),
      );
      server.middlewares.use(standInMiddleware(standIn));
    },
  };
}

/** In dev, every /admin route is the admin SPA's page (the built server does the same from dist/). */
function adminSpaFallback(): Plugin {
  return {
    name: 'labellens-admin-spa-fallback',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '/').split('?')[0];
        if (pathname === SERVICE_WORKER_URL) {
          // The built product's worker (`npm start` on this same address) would keep answering
          // with its copies of the built pages: this one replaces it and removes itself.
          res.setHeader('Content-Type', 'text/javascript');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(
            "self.addEventListener('install', () => self.skipWaiting());" +
              "self.addEventListener('activate', (e) => e.waitUntil(self.registration.unregister()));",
          );
          return;
        }
        if (/^\/admin(\/[^.]*)?$/.test(pathname)) req.url = '/admin/index.html';
        next();
      });
    },
  };
}

/** The security headers (scripts/securityHeaders.ts) on the dev and preview servers' answers. */
function securityHeadersPlugin(supabaseUrl: string | undefined): Plugin {
  const sendHeaders = (headers: Record<string, string>) => (server: { middlewares: Connect.Server }) => {
    server.middlewares.use((_req, res, next) => {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      next();
    });
  };
  return {
    name: 'labellens-security-headers',
    configureServer: sendHeaders(securityHeaders({ supabaseUrl, dev: true })),
    configurePreviewServer: (server) =>
      sendHeaders(
        securityHeaders({ supabaseUrl, scriptHashes: builtScriptHashes(server.config.build.outDir) }),
      )(server),
  };
}

/**
 * Build warnings known to be harmless, one named filter per kind, each matched narrowly (kind and
 * package) so that the same kind from our own code, or from another package, still prints.
 */
const HARMLESS_BUILD_WARNINGS: Record<string, (warning: Rollup.RollupLog) => boolean> = {
  // zod 4 writes explanatory comments that mention `@__PURE__` in positions Rollup cannot use as an
  // annotation; Rollup drops those comments, which changes nothing but the comments themselves.
  zodPureAnnotationComments: (w) => w.code === 'INVALID_ANNOTATION' && /node_modules\/zod\//.test(w.id ?? ''),
  // ra-core's util barrel re-exports FieldTitle, and the two import each other; once the admin is
  // split into lazy chunks they land in different chunks. The export is a React component that is
  // only read when something renders, never while the chunks evaluate, so the chunks' order cannot
  // break it (the admin's list screens, which use it, run in the browser tests).
  raCoreCrossChunkReexport: (w) =>
    w.code === 'CYCLIC_CROSS_CHUNK_REEXPORT' && /node_modules\/ra-core\//.test(w.exporter ?? ''),
};

/**
 * Dependencies of dependencies swapped for lighter equivalents without polyfills: qs for
 * ra-data-postgrest (src/providers/qsCompat.ts), object.entries for node-polyglot.
 */
export const DEPENDENCY_ALIASES = [
  { find: /^qs$/, replacement: fileURLToPath(new URL('./src/providers/qsCompat.ts', import.meta.url)) },
  {
    find: /^object\.entries$/,
    replacement: fileURLToPath(new URL('./src/i18n/objectEntriesCompat.cjs', import.meta.url)),
  },
];

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
    plugins: [
      react(),
      adminSpaFallback(),
      securityHeadersPlugin(hosted ? env.VITE_SUPABASE_URL : undefined),
      adminPreloads(),
      ...(hosted || mode === 'test' ? [] : [localSupabase()]),
    ],
    resolve: {
      alias: DEPENDENCY_ALIASES,
    },
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
      rollupOptions: {
        input: BUNDLE_INPUTS[bundle],
        // The admin's chunks are named by their own content, through an import map (scripts/adminChunks.ts).
        output:
          bundle === 'admin'
            ? { ...PLAIN_CHUNK_NAMES, experimentalMinChunkSize: MIN_CHUNK_BYTES }
            : undefined,
        onwarn(warning, warn) {
          if (!Object.values(HARMLESS_BUILD_WARNINGS).some((isHarmless) => isHarmless(warning)))
            warn(warning);
        },
      },
      // Vite's size notice counts minified bytes of one chunk; the budget that matters is gzipped JS
      // per route, which `npm run bench:bundle` measures and CI enforces (the admin entry is ~245 KB
      // gzipped of the 250 KB login-route budget). So the notice fires only well past that budget.
      chunkSizeWarningLimit: 1000,
    },
    experimental: bundle === 'admin' ? { renderBuiltUrl: resolveChunkUrl } : undefined,
    server: { host: '127.0.0.1', port: 5173 },
  };
});
