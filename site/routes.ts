import { HOST_PREFIX, withoutHostPrefix } from '../src/hostPrefix';
import type { Lang } from './i18n';

/** The site's pages; every path not listed (outside /admin) is the not-found page. */
export const PAGE_PATHS = {
  home: '/',
  contact: '/contact',
  privacy: '/privacy-policy',
  terms: '/terms-of-service',
} as const;

export type RoutedPage = keyof typeof PAGE_PATHS;
export type PageId = RoutedPage | 'notFound';

const HINDI_PREFIX = '/hi';

export interface SiteLocation {
  page: PageId;
  /** The language the path names (`/hi/...` is Hindi), or null for a not-found path without a prefix. */
  lang: Lang | null;
  pathname: string;
}

function stripTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

function splitLangPrefix(pathname: string): { hindi: boolean; rest: string } {
  const hindi = pathname === HINDI_PREFIX || pathname.startsWith(`${HINDI_PREFIX}/`);
  return { hindi, rest: hindi ? pathname.slice(HINDI_PREFIX.length) || '/' : pathname };
}

/** The page at `address`, a path of this origin (the folder the pages are served from is not part of it). */
export function resolvePath(address: string): SiteLocation {
  const rawPathname = withoutHostPrefix(address);
  const { hindi, rest } = splitLangPrefix(stripTrailingSlash(rawPathname));
  const page = (Object.keys(PAGE_PATHS) as RoutedPage[]).find((id) => PAGE_PATHS[id] === rest);
  if (page) return { page, lang: hindi ? 'hi' : 'en', pathname: rawPathname };
  return { page: 'notFound', lang: hindi ? 'hi' : null, pathname: rawPathname };
}

/** The page's path below the folder the pages are served from (as prerendered files are named). */
export function pagePath(page: RoutedPage, lang: Lang): string {
  const path = PAGE_PATHS[page];
  if (lang === 'en') return path;
  return path === '/' ? HINDI_PREFIX : `${HINDI_PREFIX}${path}`;
}

/** The page's address on this origin, as links name it. */
export const pathFor = (page: RoutedPage, lang: Lang): string => `${HOST_PREFIX}${pagePath(page, lang)}`;

/** The same page in the other language; for an unknown path, the path with the prefix toggled. */
export function counterpartPath(location: SiteLocation, lang: Lang): string {
  if (location.page !== 'notFound') return pathFor(location.page, lang);
  const { rest } = splitLangPrefix(location.pathname);
  return HOST_PREFIX + (lang === 'hi' ? `${HINDI_PREFIX}${rest === '/' ? '' : rest}` : rest);
}

/** Every prerendered page: each routed page in each language. */
export const PRERENDERED: { page: RoutedPage; lang: Lang }[] = (
  Object.keys(PAGE_PATHS) as RoutedPage[]
).flatMap((page) => (['en', 'hi'] as const).map((lang) => ({ page, lang })));
