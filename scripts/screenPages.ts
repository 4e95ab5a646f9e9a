/**
 * A step of `npm run build`, after the admin's: gives each screen of the admin an HTML of its own
 * (dist/admin/scans/index.html, ...) that also preloads the screen's chunks, so that on a first
 * visit they arrive beside the entry and the app instead of after the app has run and picked the
 * screen (on a phone, a second later). `npm start` (scripts/staticFiles.ts) and static hosts serve a
 * folder's index.html for its path; any other admin path (a record's address, a screen with a
 * parameter) still gets dist/admin/index.html. The screens and their paths come from the registry
 * (src/resources/index.ts); which chunk each opens, from the build (SCREEN_CHUNKS_FILE).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SCREENS } from '../src/resources';
import { isLazy, isResource, screenPath } from '../src/resources/kit';
import { ADMIN_BASE } from '../src/routes';
import { moduleOf, SCREEN_CHUNKS_FILE, type ScreenChunks } from './adminChunks';

const DIST = 'dist';

function main(): void {
  const chunks = JSON.parse(readFileSync(SCREEN_CHUNKS_FILE, 'utf8')) as ScreenChunks;
  const page = readFileSync(path.join(DIST, 'admin/index.html'), 'utf8');
  const written: string[] = [];
  for (const screen of SCREENS) {
    const route = screenPath(screen);
    const component: unknown = isResource(screen) ? screen.screens.list : screen.page;
    // A path with a parameter (/users/:id) has no folder of its own; a screen that is not lazy has no chunk.
    if (route.includes(':') || !isLazy(component)) continue;
    const files = chunks[moduleOf(component.loader, Object.keys(chunks))];
    const file = path.join(DIST, ADMIN_BASE, route, 'index.html');
    if (existsSync(file)) throw new Error(`${file} exists already: two pages for one path`);
    const links = files.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('\n    ');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      page.replace('</head>', () => `  ${links}\n  </head>`),
    );
    written.push(`${route} (${files.length})`);
  }
  console.log(`screen pages with their chunks preloaded: ${written.join(', ')}`);
}

main();
