/**
 * A step of `npm run build:demo`: gives each admin and site address a static host must answer (the
 * signed-out pages, each screen of the registry) a copy of dist-demo/admin/index.html in a folder
 * of its own, as scripts/screenPages.ts does for `npm run build`, so that a plain static server
 * (no rewrite rules) serves a reload of any screen. The build's URLs are relative (base './'), so
 * each copy climbs one folder more per level.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathFor, PRERENDERED } from '../site/routes';
import { SCREENS } from '../src/resources';
import { screenPath } from '../src/resources/kit';
import { ADMIN_BASE, ADMIN_HOME, SIGNED_OUT_PATHS } from '../src/routes';

const OUT = 'dist-demo';
const page = readFileSync(path.join(OUT, 'admin/index.html'), 'utf8');
const paths = new Set<string>([
  ...SIGNED_OUT_PATHS,
  ADMIN_HOME,
  ...SCREENS.map((screen) => `${ADMIN_BASE}${screenPath(screen)}`).filter((p) => !p.includes(':')),
]);
for (const address of paths) {
  const depth = address.split('/').filter(Boolean).length - 1;
  const copy = page.replace(/(href|src)="\.\.\//g, `$1="${'../'.repeat(depth + 1)}`);
  const file = path.join(OUT, address, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, copy);
}
console.log(`[demo] admin pages: ${[...paths].join(', ')}`);

// The site's pages likewise (its page reads the path and renders in the browser).
const sitePage = readFileSync(path.join(OUT, 'index.html'), 'utf8');
for (const { page: name, lang } of PRERENDERED) {
  const address = pathFor(name, lang);
  const depth = address.split('/').filter(Boolean).length;
  if (depth === 0) continue;
  const file = path.join(OUT, address, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, sitePage.replace(/(href|src)="\.\//g, `$1="${'../'.repeat(depth)}`));
}
