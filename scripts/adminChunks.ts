/**
 * How the admin's HTML announces its JavaScript, for a phone on a mobile network (docs/architecture.md,
 * "Budgets"): fewer chained round trips on a first visit, and the app's code fetched while the
 * person types on the sign-in page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';
import { PREFETCH_META } from '../src/prefetchAdmin';
import { SIGNED_OUT_PATHS } from '../src/routes';

/** The admin app's module (main.tsx loads it for every signed-in route). */
const APP_MODULE = '/src/App.tsx';
/**
 * The lazy chunks of the screen sign-in leads to: the dashboard, and the parser of its figures,
 * which its data method imports only once the figures have arrived (src/dashboard/dashboardMethods.ts).
 */
const FIRST_SCREEN_MODULES = ['/src/dashboard/Dashboard.tsx', '/src/domain/dashboardStats.ts'];

/** A chunk's file and, transitively, the files it imports statically. */
function withStaticImports(bundle: Rollup.OutputBundle, fileName: string, into = new Set<string>()) {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk')
    for (const imported of chunk.imports) withStaticImports(bundle, imported, into);
  return into;
}

/** The lazy chunk that holds a module (the chunk may have no facade when it holds more). */
function chunkOf(bundle: Rollup.OutputBundle, moduleSuffix: string): string {
  const found = Object.values(bundle).find(
    (c): c is Rollup.OutputChunk =>
      c.type === 'chunk' && c.isDynamicEntry && c.moduleIds.some((id) => id.endsWith(moduleSuffix)),
  );
  if (!found) throw new Error(`No chunk holds ${moduleSuffix}: was it renamed?`);
  return found.fileName;
}

/**
 * The admin's HTML: dist/admin/index.html (every signed-in route) preloads the admin app's chunks
 * with the entry, so they arrive together instead of after the entry ran; the signed-out pages get
 * their own copy without them (dist/admin/login/index.html, ...), which names the app's and the
 * dashboard's chunks for src/prefetchAdmin.ts to fetch while the person types.
 */
export function adminPreloads(): Plugin {
  let signedOutHtml: string | undefined;
  let outDir = 'dist';
  return {
    name: 'labellens-admin-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk, filename }) {
        if (!bundle || !chunk || !filename.endsWith(path.join('admin', 'index.html'))) return html;
        const entry = withStaticImports(bundle, chunk.fileName);
        const app = [...withStaticImports(bundle, chunkOf(bundle, APP_MODULE))].filter((f) => !entry.has(f));
        const firstScreen = new Set<string>();
        for (const module of FIRST_SCREEN_MODULES)
          withStaticImports(bundle, chunkOf(bundle, module), firstScreen);
        const later = [...firstScreen].filter((f) => !entry.has(f) && !app.includes(f));
        const href = (file: string) => `/${file}`;
        signedOutHtml = html.replace(
          '</head>',
          () =>
            `  <meta name="${PREFETCH_META}" content="${[...app, ...later].map(href).join(' ')}" />\n  </head>`,
        );
        return app.map((file): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: href(file) },
          injectTo: 'head',
        }));
      },
    },
    writeBundle() {
      if (!signedOutHtml) return;
      for (const page of SIGNED_OUT_PATHS) {
        const file = path.join(outDir, page, 'index.html');
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, signedOutHtml);
      }
    },
  };
}
