/**
 * A step of `npm run build:demo`: gives each admin and site address a static host must answer (the
 * signed-out pages, each screen of the registry) a copy of its page in a folder of its own, as
 * scripts/screenPages.ts does for `npm run build`, so that a plain static server (no rewrite rules)
 * serves a reload of any screen.
 *
 * The demo may be served from any folder (e.g. /labellens/), and a host may answer a page's folder
 * with or without a trailing slash, so a relative URL cannot name the assets (nor can a `<base>`
 * set by a script: the browser's preload scanner fetches the markup's URLs before it runs). Each
 * page instead starts with a script that finds the folder (its own address taken off the end of the
 * URL) and adds the page's scripts, stylesheets and preloads with URLs in that folder.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pagePath, PRERENDERED } from '../site/routes';
import { SCREENS } from '../src/resources';
import { screenPath } from '../src/resources/kit';
import { ADMIN_BASE, ADMIN_HOME, SIGNED_OUT_PATHS } from '../src/routes';

const OUT = 'dist-demo';

/** A tag of the page that names a file of the build: a script, a stylesheet, an icon, a preload. */
const FILE_TAG =
  /<(script|link)\b([^>]*?)\s(src|href)="(?:\.\.\/)*(?:\.\/)?([^"#:]+)"([^>]*)>(?:<\/script>)?/g;

/** The attributes of a tag's text, as name-value pairs (a bare attribute has the empty value). */
const attributes = (text: string) =>
  [...text.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [name, value ?? ''] as const);

/**
 * `html` (its files named relative to its own folder) as the page answered at `address`: its file
 * tags are taken out of the markup and added by a script once the demo's folder is known.
 */
function pageAt(html: string, address: string): string {
  const tags: Array<{ tag: string; attrs: Array<readonly [string, string]>; url: [string, string] }> = [];
  const rest = html.replace(
    FILE_TAG,
    (_, tag: string, before: string, urlAttr: string, file: string, after: string) => {
      tags.push({ tag, attrs: attributes(`${before} ${after}`), url: [urlAttr, file] });
      return '';
    },
  );
  const script =
    `<script>(function(){var a=${JSON.stringify(address === '/' ? '' : address)};` +
    `var p=location.pathname.replace(/index\\.html$/,'').replace(/\\/+$/,'');` +
    `var f=(a&&p.slice(-a.length)===a?p.slice(0,-a.length):p)+'/';` +
    `${JSON.stringify(tags)}.forEach(function(t){var e=document.createElement(t.tag);` +
    `t.attrs.forEach(function(x){e.setAttribute(x[0],x[1])});e.setAttribute(t.url[0],f+t.url[1]);` +
    `document.head.appendChild(e)})})()</script>`;
  // After the charset, which must come within the first 1,024 bytes.
  return rest.replace(/(<meta charset=[^>]*>)/i, `$1\n    ${script}`);
}

function write(address: string, html: string) {
  const file = path.join(OUT, address, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
}

const adminPage = readFileSync(path.join(OUT, 'admin/index.html'), 'utf8');
const adminPaths = new Set<string>([
  ADMIN_BASE,
  ...SIGNED_OUT_PATHS,
  ADMIN_HOME,
  ...SCREENS.map((screen) => `${ADMIN_BASE}${screenPath(screen)}`).filter((p) => !p.includes(':')),
]);
for (const address of adminPaths) write(address, pageAt(adminPage, address));
console.log(`[demo] admin pages: ${[...adminPaths].join(', ')}`);

// The site's pages likewise (its page reads the path and renders in the browser).
const sitePage = readFileSync(path.join(OUT, 'index.html'), 'utf8');
for (const { page, lang } of PRERENDERED) write(pagePath(page, lang), pageAt(sitePage, pagePath(page, lang)));
