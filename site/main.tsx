/** @jsxImportSource preact */
import '../src/domain/zodJitless';
import { hydrate, render } from 'preact';
import { App } from './App';
import { pageHead, type PageHead } from './head';
import { storedLang, type Lang } from './i18n';
import { withoutHostPrefix } from '../src/hostPrefix';
import { resolvePath, type SiteLocation } from './routes';
import './styles.css';
import './styles/sections.css';
import './styles/contact-legal.css';

const root = document.getElementById('root')!;

/** A path names its language; only the not-found page, which has one URL, follows the remembered choice. */
function languageOf(location: SiteLocation): Lang {
  return location.lang ?? storedLang() ?? 'en';
}

function setMeta(selector: string, attribute: string, value: string | null) {
  const element = document.querySelector(selector);
  if (element && value !== null) element.setAttribute(attribute, value);
}

function applyHead(head: PageHead) {
  document.documentElement.lang = head.lang;
  document.title = head.title;
  setMeta('meta[name="description"]', 'content', head.description);
  setMeta('meta[property="og:title"]', 'content', head.title);
  setMeta('meta[property="og:description"]', 'content', head.description);
  setMeta('link[rel="canonical"]', 'href', head.canonical);
  setMeta('meta[property="og:url"]', 'content', head.canonical);
}

function siteUrl(): string {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  return canonical ? new URL(canonical.href).origin : location.origin;
}

function show(url: URL, { hydrating }: { hydrating: boolean }) {
  const siteLocation = resolvePath(url.pathname);
  const lang = languageOf(siteLocation);
  const app = <App location={siteLocation} lang={lang} />;
  // The prerendered HTML matches unless a remembered language re-words the (single-URL) 404 page.
  if (hydrating && lang === document.documentElement.lang) hydrate(app, root);
  else render(app, root);
  applyHead(pageHead(siteLocation, lang, siteUrl()));
}

/** After an in-app navigation: scroll to the requested section, else to the top and focus the main region. */
function settleScroll(url: URL) {
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  if (target) {
    target.scrollIntoView();
    return;
  }
  window.scrollTo(0, 0);
  document.getElementById('main')?.focus({ preventScroll: true });
}

function inAppLinkTarget(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || anchor.target || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, location.href);
  const path = withoutHostPrefix(url.pathname);
  if (url.origin !== location.origin || path === '/admin' || path.startsWith('/admin/')) return null;
  // A section of the current page: the browser scrolls there by itself.
  if (url.pathname === location.pathname && url.hash) return null;
  return url;
}

document.addEventListener('click', (event) => {
  const url = inAppLinkTarget(event);
  if (!url) return;
  event.preventDefault();
  history.pushState(null, '', url);
  show(url, { hydrating: false });
  settleScroll(url);
});

window.addEventListener('popstate', () => show(new URL(location.href), { hydrating: false }));

show(new URL(location.href), { hydrating: true });
