/**
 * The zero-install demo (`npm run build:demo`, docs/demo.md): the site and the admin with the
 * Supabase stand-in in the page (demo/standIn.ts), into dist-demo/. A separate build, so nothing of
 * it reaches `npm run build`'s dist/.
 */
import { copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { DEMO_SERVICE_WORKER } from './demo/paths';
import { LOCAL_ANON_KEY } from './mocks/supabase/keys';
import { DEPENDENCY_ALIASES } from './vite.config';

const OUT_DIR = 'dist-demo';

/** Each page starts from its demo entry, which starts the stand-in and then the page's own code. */
function demoEntries(): Plugin {
  return {
    name: 'labellens-demo-entries',
    // Before Vite reads the page's scripts ('pre'), so the demo entry is what it bundles.
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html
          .replace('src="/src/main.tsx"', 'src="/demo/admin.ts"')
          .replace('src="/site/main.tsx"', 'src="/demo/site.ts"'),
    },
    writeBundle() {
      // The demo's service worker and MSW's, which it imports, at the base (the scope is the base:
      // demo/standIn.ts).
      copyFileSync(
        fileURLToPath(new URL('./node_modules/msw/lib/mockServiceWorker.js', import.meta.url)),
        `${OUT_DIR}/mockServiceWorker.js`,
      );
      copyFileSync(
        fileURLToPath(new URL('./demo/serviceWorker.js', import.meta.url)),
        `${OUT_DIR}/${DEMO_SERVICE_WORKER}`,
      );
    },
  };
}

export default defineConfig({
  // Relative URLs: the demo runs from any sub-path of any static host.
  base: process.env.DEMO_BASE ?? './',
  plugins: [react(), demoEntries()],
  resolve: {
    alias: [
      ...DEPENDENCY_ALIASES,
      // The stand-in's platform parts that read disk in Node read the bundle here.
      {
        find: /^(.*)\/platform\/projectFiles$/,
        replacement: fileURLToPath(
          new URL('./mocks/supabase/platform/projectFiles.browser.ts', import.meta.url),
        ),
      },
    ],
  },
  define: {
    'import.meta.env.VITE_SUPABASE_URL': JSON.stringify(''),
    'import.meta.env.VITE_SUPABASE_ANON_KEY': JSON.stringify(LOCAL_ANON_KEY),
    'import.meta.env.VITE_LABELLENS_DEMO': JSON.stringify('1'),
  },
  optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  worker: { format: 'es' },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: { input: { site: 'index.html', admin: 'admin/index.html' } },
    chunkSizeWarningLimit: 20000,
  },
});
