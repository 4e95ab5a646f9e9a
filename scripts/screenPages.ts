/**
 * A step of `npm run build`, after the admin's: gives each screen of the admin an HTML of its own
 * (dist/admin/scans/index.html, ...) that also loads the screen's chunks, as the stage after the
 * app's (src/loadInStages.ts), so that on a first visit they arrive while the app runs instead of
 * after the app has run and picked the screen (on a phone, a second later). `npm start` (scripts/staticFiles.ts) and static hosts serve a
 * folder's index.html for its path; any other admin path (a record's address, a screen with a
 * parameter) still gets dist/admin/index.html. The screens and their paths come from the registry
 * (src/resources/index.ts); which chunk each opens, from the build (SCREEN_CHUNKS_FILE).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { STAGES_META } from '../src/loadInStages';
import { SCREENS } from '../src/resources';
import { isLazy, isResource, screenPath } from '../src/resources/kit';
import { ADMIN_BASE } from '../src/routes';
import { moduleOf, SCREEN_CHUNKS_FILE, type ScreenChunks } from './adminChunks';

const DIST = 'dist';

const stagesMeta = new RegExp(`(<meta name="${STAGES_META}" content=")([^"]*)(")`);

/** The admin page with the screen's chunks as the stage after the app's. */
function withScreenStage(page: string, files: string[]): string {
  if (!stagesMeta.test(page)) throw new Error(`dist/admin/index.html has no ${STAGES_META} meta`);
  return page.replace(stagesMeta, (_all, open: string, stages: string, close: string) =>
    [open, stages, ' | ', files.join(' '), close].join(''),
  );
}

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
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, withScreenStage(page, files));
    written.push(`${route} (${files.length})`);
  }
  console.log(`screen pages with their chunks as a stage: ${written.join(', ')}`);
}

main();
