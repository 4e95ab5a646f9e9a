/** @jsxImportSource preact */
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { LangContext, MESSAGES, type Lang } from './i18n';
import { Contact } from './pages/Contact';
import { Landing } from './pages/Landing';
import { LegalPage } from './pages/legal/LegalPage';
import { PRIVACY_POLICY } from './pages/legal/privacyPolicy';
import { TERMS_OF_SERVICE } from './pages/legal/termsOfService';
import { NotFound } from './pages/NotFound';
import type { SiteLocation } from './routes';

function Page({ location }: { location: SiteLocation }) {
  switch (location.page) {
    case 'home':
      return <Landing />;
    case 'contact':
      return <Contact />;
    case 'privacy':
      return <LegalPage document={PRIVACY_POLICY} />;
    case 'terms':
      return <LegalPage document={TERMS_OF_SERVICE} />;
    case 'notFound':
      return <NotFound pathname={location.pathname} />;
  }
}

/** The whole page below <body>: skip link, header, the routed page, footer. */
export function App({ location, lang }: { location: SiteLocation; lang: Lang }) {
  return (
    <LangContext.Provider value={lang}>
      <a class="skip-link" href="#main">
        {MESSAGES[lang].nav.skip}
      </a>
      <Header location={location} />
      <main id="main" tabIndex={-1}>
        <Page location={location} />
      </main>
      <Footer />
    </LangContext.Provider>
  );
}
