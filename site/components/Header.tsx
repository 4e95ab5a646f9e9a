/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ANDROID_STORE_URL } from '../company';
import { useLang, useMessages } from '../i18n';
import { pathFor, type SiteLocation } from '../routes';
import { Icon } from './Icon';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { sectionHref } from './sectionHref';

const MOBILE_MENU_ID = 'mobile-menu';

export function Header({ location }: { location: SiteLocation }) {
  const t = useMessages();
  const lang = useLang();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const onLanding = location.page === 'home';
  const links = [
    { href: sectionHref('features', lang, onLanding), label: t.nav.features },
    { href: sectionHref('about', lang, onLanding), label: t.nav.about },
    { href: pathFor('contact', lang), label: t.nav.contact },
  ];
  const closeMenu = () => setMenuOpen(false);

  return (
    <header class="site-header">
      <div class="container header-bar">
        <a class="brand" href={pathFor('home', lang)} aria-label="LabelLens">
          <Logo />
          <span class="brand-name">LabelLens</span>
        </a>
        <nav class="desktop-nav" aria-label={t.nav.main}>
          <ul>
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch location={location} />
        <a class="btn btn-primary header-download" href={ANDROID_STORE_URL}>
          {t.nav.download}
        </a>
        <button
          ref={toggleRef}
          type="button"
          class="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label={menuOpen ? t.nav.closeMenu : t.nav.openMenu}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} />
        </button>
      </div>
      <nav id={MOBILE_MENU_ID} class="mobile-menu" aria-label={t.nav.main} hidden={!menuOpen}>
        <ul class="container">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href} onClick={closeMenu}>
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <a class="btn btn-primary" href={ANDROID_STORE_URL} onClick={closeMenu}>
              {t.nav.download}
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
