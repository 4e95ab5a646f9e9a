/**
 * How the admin's HTML announces its JavaScript, for a phone on a mobile network (docs/architecture.md,
 * "Budgets"): fewer chained round trips on a first visit, the app's code fetched while the person
 * types on the sign-in page, and chunk names that change only with the chunk's own code, so a deploy
 * costs a returning operator only the chunks that changed.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rollup, UserConfig } from 'vite';
import { loadInStagesScript, STAGES_META } from '../src/loadInStages';
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
 * Rollup's names for the admin's chunks while it writes them: the module's name with no hash, so
 * that a chunk's code, which names the chunks it imports, stays the same when only an imported
 * chunk changed. `adminPreloads` then names each file by a hash of its own code, and the HTML's
 * import map leads each plain name to that file (docs/architecture.md, "Deploys that cost little").
 */
export const PLAIN_CHUNK_NAMES = {
  entryFileNames: 'assets/[name].js',
  chunkFileNames: 'assets/[name].js',
} satisfies Rollup.OutputOptions;

/**
 * The admin's build lets Rollup merge a chunk under this many bytes (before compression) that runs
 * nothing when loaded into a chunk loaded under the same conditions: a screen otherwise loads many
 * chunks of a few hundred bytes (an icon, a dialog's title), and over HTTP/1.1, six at a time, each
 * costs a round trip (`/admin/scans` 20 -> 16 chunks after the app's, and its first row 0.2 s
 * sooner on the phone profile). At 10 KB a screen's own chunk was merged into another screen's.
 */
export const MIN_CHUNK_BYTES = 5_000;

/**
 * Vite's `experimental.renderBuiltUrl` for the admin's build. Vite preloads the chunks a dynamic
 * import needs by `<link rel="modulepreload">`, and a link's URL does not go through the import map:
 * so each chunk's plain name is resolved at run time with `import.meta.resolve`, which does.
 * Anything else (fonts, images) keeps Vite's own URL.
 */
export const resolveChunkUrl: NonNullable<NonNullable<UserConfig['experimental']>['renderBuiltUrl']> = (
  fileName,
  { hostType },
) =>
  hostType === 'js' && fileName.endsWith('.js')
    ? { runtime: `import.meta.resolve(${JSON.stringify(`/${fileName}`)})` }
    : undefined;

/**
 * Where the admin's build leaves, for scripts/screenPages.ts, each lazy chunk's module (relative to
 * the project) and the files a page showing it preloads: the chunk and what it imports, less the
 * entry and the app, which every signed-in page preloads already. Outside dist/: it is not deployed;
 * in the worktree's own git-ignored .cache/, not a node_modules/ another worktree may share.
 */
export const SCREEN_CHUNKS_FILE = '.cache/labellens/screen-chunks.json';
export type ScreenChunks = Record<string, string[]>;

/**
 * The module a lazy screen's loader imports, among the build's lazy chunks' modules: its loader
 * reads `() => import('./ScanList')` (or `'../dashboard/Dashboard'`), and exactly one of the
 * modules must end with that path.
 */
export function moduleOf(loader: () => Promise<unknown>, modules: string[]): string {
  const specifier = /import\(\s*["'`]([^"'`]+)["'`]\s*\)/.exec(String(loader))?.[1];
  if (!specifier) throw new Error(`A lazy screen's loader names no module: ${String(loader)}`);
  const tail = specifier.replace(/^(\.\.?\/)+/, '');
  const found = modules.filter((module) =>
    new RegExp(`(^|/)${tail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/index)?\\.[jt]sx?$`).test(module),
  );
  if (found.length !== 1)
    throw new Error(`The screen chunk of ${specifier}: ${found.length} modules match (${found.join(', ')})`);
  return found[0];
}

/** The first 8 characters of a file's content hash, as Rollup's own `[hash]`. */
const contentHash = (code: string) => createHash('sha256').update(code).digest('base64url').slice(0, 8);

/**
 * Names every chunk of the bundle by its module and a hash of its own code (`App-1a2b3c4d.js`), and
 * returns the import map's table: each plain URL the code imports to the file's URL.
 */
function nameChunksByContent(
  emitFile: (file: Rollup.EmittedAsset) => string,
  bundle: Rollup.OutputBundle,
  base: string,
): Map<string, string> {
  const urls = new Map<string, string>();
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    const fileName = chunk.fileName.replace(/\.js$/, `-${contentHash(chunk.code)}.js`);
    urls.set(`${base}${chunk.fileName}`, `${base}${fileName}`);
    delete bundle[chunk.fileName];
    emitFile({ type: 'asset', fileName, source: chunk.code });
  }
  return urls;
}

/**
 * An admin page's HTML with the chunks' file names in its links and scripts, and the import map
 * before the first of them (a module must not start loading before the map is known).
 */
export function withImportMap(html: string, urls: Map<string, string>): string {
  const importMap = JSON.stringify({ imports: Object.fromEntries([...urls].sort()) });
  // Each URL in an attribute, alone (src, href) or in a list (the prefetch meta's content).
  const named = html.replace(/(?<=["\s])\/[^"\s]+\.js(?=["\s])/g, (url) => urls.get(url) ?? url);
  const first = named.search(/<script|<link rel="modulepreload"/);
  if (first < 0) throw new Error('The admin HTML has no module script');
  return `${named.slice(0, first)}<script type="importmap">${importMap}</script>\n    ${named.slice(first)}`;
}

/**
 * The admin's HTML: dist/admin/index.html (every signed-in route) names the admin app's chunks as
 * the stage after the entry (`<meta name="labellens-stages">`), and an inline script preloads each
 * stage once the one before it has arrived (src/loadInStages.ts); scripts/screenPages.ts adds each
 * screen's chunks as a further stage on the screen's own page. The signed-out pages get their own
 * copy without them (dist/admin/login/index.html, ...), which names the app's and the dashboard's
 * chunks for src/prefetchAdmin.ts to fetch while the person types. Every chunk is named by its own
 * content, and every admin page carries the import map from plain names to files.
 */
export function adminPreloads(): Plugin {
  let signedOutHtml: string | undefined;
  /** The chunks every signed-in page loads first (the entry's and the app's). */
  let preloaded = new Set<string>();
  let base = '/';
  let root = process.cwd();
  return {
    name: 'labellens-admin-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
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
        preloaded = new Set([...entry, ...app]);
        const href = (file: string) => `${base}${file}`;
        signedOutHtml = html.replace(
          '</head>',
          () =>
            `  <meta name="${PREFETCH_META}" content="${[...app, ...later].map(href).join(' ')}" />\n  </head>`,
        );
        return [
          { tag: 'meta', attrs: { name: STAGES_META, content: app.map(href).join(' ') }, injectTo: 'head' },
          // After the entry's script, which it looks up.
          { tag: 'script', children: loadInStagesScript(), injectTo: 'head' },
        ] satisfies HtmlTagDescriptor[];
      },
    },
    generateBundle: {
      // After Vite wrote the HTML and the chunks' preload lists: the code is final.
      order: 'post',
      handler(options, bundle) {
        if (!signedOutHtml) return;
        const screens: Record<string, string[]> = {};
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.isDynamicEntry && chunk.facadeModuleId)
            screens[path.relative(root, chunk.facadeModuleId)] = [
              ...withStaticImports(bundle, chunk.fileName),
            ].filter((file) => !preloaded.has(file));
        // Only the admin's own build names its chunks plainly (vite.config.ts); one that builds the
        // site with it keeps Rollup's hashed names and needs no import map.
        const urls =
          options.chunkFileNames === PLAIN_CHUNK_NAMES.chunkFileNames
            ? nameChunksByContent((file) => this.emitFile(file), bundle, base)
            : undefined;
        const fileUrl = (file: string) => urls?.get(`${base}${file}`) ?? `${base}${file}`;
        const tableFile = path.join(root, SCREEN_CHUNKS_FILE);
        mkdirSync(path.dirname(tableFile), { recursive: true });
        writeFileSync(
          tableFile,
          JSON.stringify(
            Object.fromEntries(
              Object.entries(screens).map(([module, files]) => [module, files.map(fileUrl)]),
            ),
          ),
        );
        const finished = (html: string) => (urls ? withImportMap(html, urls) : html);
        for (const page of Object.values(bundle))
          if (page.type === 'asset' && page.fileName === 'admin/index.html')
            page.source = finished(String(page.source));
        for (const page of SIGNED_OUT_PATHS)
          this.emitFile({
            type: 'asset',
            fileName: `${page.slice(1)}/index.html`,
            source: finished(signedOutHtml),
          });
      },
    },
  };
}
