/**
 * Prerenders the public site into dist/ after `vite build`: one static HTML file per page and language
 * (content readable without JavaScript, then hydrated by site/main.tsx), dist/404.html, sitemap.xml
 * and robots.txt. Canonical and Open Graph URLs use SITE_URL (default https://labellens.app).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from 'vite';
import { renderPage } from '../site/entry-server';
import { DEFAULT_SITE_URL, type PageHead } from '../site/head';
import { LANGS, MESSAGES } from '../site/i18n';
import { PRERENDERED, pathFor } from '../site/routes';
import { buildDevanagariSubset, type DevanagariSubset } from './devanagariFont';
import { builtScriptHashes, headersFile } from './securityHeaders';

const DIST = 'dist';
const siteUrl = (process.env.SITE_URL || DEFAULT_SITE_URL).replace(/\/+$/, '');

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function headTags(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="LabelLens" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:locale" content="${head.ogLocale}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ];
  if (head.canonical) {
    tags.push(
      `<link rel="canonical" href="${head.canonical}" />`,
      `<meta property="og:url" content="${head.canonical}" />`,
    );
  } else {
    tags.push(`<meta name="robots" content="noindex" />`);
  }
  for (const alt of head.alternates)
    tags.push(`<link rel="alternate" hreflang="${alt.hreflang}" href="${alt.href}" />`);
  return tags.join('\n    ');
}

/** The built site page with its stylesheet inlined (one small file: saves a render-blocking request). */
function loadTemplate(): string {
  const built = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const link = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/.exec(built);
  if (!link) throw new Error('dist/index.html has no site stylesheet: did vite build run?');
  const css = readFileSync(path.join(DIST, link[1]), 'utf8');
  return built.replace(link[0], () => `<style>${css}</style>`).replace(/<title>[^<]*<\/title>\s*/, '');
}

/** Hindi pages fetch the Devanagari font early, so their text rarely shows in the fallback first. */
function fontPreloads(head: PageHead, font: DevanagariSubset | null): string {
  if (head.lang !== 'hi' || !font) return '';
  return font.files
    .map(
      ({ fileName }) =>
        `\n    <link rel="preload" href="/assets/${fileName}" as="font" type="font/woff2" crossorigin />`,
    )
    .join('');
}

function fill(
  template: string,
  { html, head }: ReturnType<typeof renderPage>,
  font: DevanagariSubset | null,
): string {
  for (const marker of ['<html lang="en">', '<!--head-->', '<!--app-html-->']) {
    if (!template.includes(marker)) throw new Error(`index.html template lacks ${marker}`);
  }
  return template
    .replace('<html lang="en">', `<html lang="${head.lang}">`)
    .replace('<!--head-->', () => headTags(head) + fontPreloads(head, font))
    .replace('<!--app-html-->', () => html);
}

function write(file: string, content: string | Buffer) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

function sitemap(): string {
  const urls = PRERENDERED.map(({ page, lang }) => {
    const alternates = LANGS.map(
      (alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${siteUrl}${pathFor(page, alt)}"/>`,
    ).join('');
    return `  <url><loc>${siteUrl}${pathFor(page, lang)}</loc>${alternates}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

const pages = [
  ...PRERENDERED.map(({ page, lang }) => {
    const pathname = pathFor(page, lang);
    return { file: path.join(DIST, pathname === '/' ? 'index.html' : `${pathname}/index.html`), pathname };
  }),
  { file: path.join(DIST, '404.html'), pathname: '/404' },
].map((page) => ({ ...page, rendered: renderPage(page.pathname, siteUrl) }));

// Every message is included, not only the prerendered text: the hydrated pages can show more (the
// contact form's errors and confirmations) in either language.
const font = await buildDevanagariSubset(
  JSON.stringify(MESSAGES) + pages.map(({ rendered }) => rendered.html).join(''),
);
let template = loadTemplate();
if (font) {
  for (const { fileName, woff2 } of font.files) write(path.join(DIST, 'assets', fileName), woff2);
  template = template.replace('<style>', () => `<style>${font.fontFaces}`);
}
for (const { file, rendered } of pages) write(file, fill(template, rendered, font));
const written = pages.filter(({ pathname }) => pathname !== '/404').map(({ file }) => file);
write(path.join(DIST, 'sitemap.xml'), sitemap());
write(
  path.join(DIST, 'robots.txt'),
  `User-agent: *\nDisallow: /admin\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
);
// The security headers for static hosts that read _headers; the Supabase URL as the build saw it.
const { VITE_SUPABASE_URL: supabaseUrl } = loadEnv('production', process.cwd(), 'VITE_');
write(path.join(DIST, '_headers'), headersFile({ supabaseUrl, scriptHashes: builtScriptHashes(DIST) }));
console.log(
  `prerendered ${written.length} pages, 404.html, sitemap.xml, robots.txt and _headers for ${siteUrl}` +
    (font
      ? `; Devanagari font subsets ${font.files.map((f) => `${f.fileName} (${(f.woff2.length / 1024).toFixed(1)} KB)`).join(', ')}`
      : ''),
);
