/** @jsxImportSource preact */
import { renderToString } from 'preact-render-to-string';
import { App } from './App';
import { pageHead, type PageHead } from './head';
import { resolvePath } from './routes';

/** Server render of one path (prerendering): the body HTML and its head metadata. */
export function renderPage(pathname: string, siteUrl: string): { html: string; head: PageHead } {
  const location = resolvePath(pathname);
  const lang = location.lang ?? 'en';
  return {
    html: renderToString(<App location={location} lang={lang} />),
    head: pageHead(location, lang, siteUrl),
  };
}
