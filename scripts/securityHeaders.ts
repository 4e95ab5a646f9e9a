import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The browser security headers of every page and file the product serves: `npm start`
 * (scripts/serve.ts), Vite's dev and preview servers, and static hosts through dist/_headers
 * (written by scripts/prerender.ts). One definition, so the three never drift apart.
 */

export interface HeaderOptions {
  /**
   * The Supabase project's URL when the build talks to a hosted project; empty for the local
   * stand-in on the page's own origin ('self').
   */
  supabaseUrl?: string;
  /**
   * Vite's dev server: its React Refresh preamble is an inline script and its hot reload a
   * WebSocket to the page's host. Never used for a build.
   */
  dev?: boolean;
  /**
   * CSP sources (`'sha256-…'`) of the inline scripts the built pages carry: the site's template
   * (index.html) switches to the remembered language before the first paint; the admin's import map
   * leads its chunks' plain names to their files.
   */
  scriptHashes?: string[];
}

/** The CSP hash source of every inline (no src) script of a page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
  return [...new Set(hashes)];
}

/**
 * The hashes of the built pages' inline scripts: the site's (every page shares dist/index.html's
 * template) and the admin's import map (scripts/adminChunks.ts; the same in each of its pages).
 */
export function builtScriptHashes(dist: string): string[] {
  const pages = ['index.html', 'admin/index.html']
    .map((page) => path.join(dist, page))
    .filter((file) => existsSync(file));
  return [...new Set(pages.flatMap((file) => inlineScriptHashes(readFileSync(file, 'utf8'))))];
}

/** The Supabase origin for connect-src: https for REST/Auth/Functions and wss for Realtime. */
function supabaseSources(supabaseUrl: string | undefined): string[] {
  if (!supabaseUrl) return [];
  const url = new URL(supabaseUrl);
  const ws = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  return [url.origin, ws];
}

/**
 * Content-Security-Policy: scripts only from the page's origin (inline ones only by hash, no eval), no
 * plugins, no <base> rewriting, never inside a frame (the admin was framed and clicked through
 * before), API calls only to the page's origin and the Supabase project. Styles allow inline
 * because the admin's component library (Emotion) writes <style> elements at run time. Images may
 * come from any http(s) host (avatars, scan images and news screenshots live elsewhere); they are
 * requested without a Referer (Referrer-Policy here, referrerpolicy on the elements).
 */
export function contentSecurityPolicy({
  supabaseUrl,
  dev = false,
  scriptHashes = [],
}: HeaderOptions = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'", ...scriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...supabaseSources(supabaseUrl), ...(dev ? ['ws:'] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Every header, for each response of the site, the admin and their files. */
export function securityHeaders(options: HeaderOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    // For browsers without frame-ancestors.
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    // Nothing about the page reaches another origin (user-chosen images, the Supabase API).
    'Referrer-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
}

/** How long a browser keeps a file whose name carries its content's hash (dist/assets/): a year. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * dist/_headers for static hosts that read it (Netlify, Cloudflare Pages): the security headers on
 * every path, and the hashed assets cached for a year (those hosts revalidate everything else, and
 * compress with Brotli or gzip themselves, as the browser accepts).
 */
export function headersFile(options: HeaderOptions = {}): string {
  const lines = Object.entries(securityHeaders(options)).map(([name, value]) => `  ${name}: ${value}`);
  return ['/*', ...lines, '/assets/*', `  Cache-Control: ${HASHED_ASSET_CACHE}`, ''].join('\n');
}
