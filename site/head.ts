import { LANGS, MESSAGES, type Lang } from './i18n';
import { pathFor, type SiteLocation } from './routes';

/** Canonical and Open Graph base URL when SITE_URL is not set at build time. */
export const DEFAULT_SITE_URL = 'https://labellens.app';

const OG_LOCALES: Record<Lang, string> = { en: 'en_IN', hi: 'hi_IN' };

export interface PageHead {
  lang: Lang;
  title: string;
  description: string;
  /** Absolute URL of this page; null for the not-found page, which must not be indexed. */
  canonical: string | null;
  alternates: { hreflang: string; href: string }[];
  ogLocale: string;
}

export function pageHead(location: SiteLocation, lang: Lang, siteUrl: string): PageHead {
  const meta = MESSAGES[lang].meta[location.page];
  const base = siteUrl.replace(/\/+$/, '');
  const { page } = location;
  if (page === 'notFound') {
    return { lang, ...meta, canonical: null, alternates: [], ogLocale: OG_LOCALES[lang] };
  }
  return {
    lang,
    ...meta,
    canonical: base + pathFor(page, lang),
    alternates: [
      ...LANGS.map((alt) => ({ hreflang: alt, href: base + pathFor(page, alt) })),
      { hreflang: 'x-default', href: base + pathFor(page, 'en') },
    ],
    ogLocale: OG_LOCALES[lang],
  };
}
