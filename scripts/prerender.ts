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
import { LANGS } from '../site/i18n';
import { PRERENDERED, pathFor } from '../site/routes';
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

function fill(template: string, pathname: string): string {
  const { html, head } = renderPage(pathname, siteUrl);
  for (const marker of ['<html lang="en">', '<!--head-->', '<!--app-html-->']) {
    if (!template.includes(marker)) throw new Error(`index.html template lacks ${marker}`);
  }
  return template
    .replace('<html lang="en">', `<html lang="${head.lang}">`)
    .replace('<!--head-->', () => headTags(head))
    .replace('<!--app-html-->', () => html);
}

function write(file: string, content: string) {
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

const template = loadTemplate();
const written: string[] = [];
for (const { page, lang } of PRERENDERED) {
  const pathname = pathFor(page, lang);
  const file = path.join(DIST, pathname === '/' ? 'index.html' : `${pathname}/index.html`);
  write(file, fill(template, pathname));
  written.push(file);
}
write(path.join(DIST, '404.html'), fill(template, '/404'));
write(path.join(DIST, 'sitemap.xml'), sitemap());
write(
  path.join(DIST, 'robots.txt'),
  `User-agent: *\nDisallow: /admin\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
);
// The security headers for static hosts that read _headers; the Supabase URL as the build saw it.
const { VITE_SUPABASE_URL: supabaseUrl } = loadEnv('production', process.cwd(), 'VITE_');
write(path.join(DIST, '_headers'), headersFile({ supabaseUrl, scriptHashes: builtScriptHashes(DIST) }));
console.log(
  `prerendered ${written.length} pages, 404.html, sitemap.xml, robots.txt and _headers for ${siteUrl}`,
);
