/** @jsxImportSource preact */
import { LANGS, MESSAGES, rememberLang, useLang, useMessages } from '../i18n';
import { counterpartPath, type SiteLocation } from '../routes';

/** Links to this page in each language (they work without JavaScript); a click remembers the choice. */
export function LanguageSwitch({ location }: { location: SiteLocation }) {
  const t = useMessages();
  const current = useLang();
  return (
    <div class="lang-switch" role="group" aria-label={t.nav.language}>
      {LANGS.map((lang) => (
        <a
          key={lang}
          href={counterpartPath(location, lang)}
          hreflang={lang}
          lang={lang}
          aria-current={lang === current ? 'true' : undefined}
          onClick={() => rememberLang(lang)}
        >
          {MESSAGES[lang].langName}
        </a>
      ))}
    </div>
  );
}
