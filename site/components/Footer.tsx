/** @jsxImportSource preact */
import { SOCIAL_LINKS } from '../company';
import { useLang, useMessages } from '../i18n';
import { pathFor } from '../routes';
import { Icon } from './Icon';
import { Logo } from './Logo';
import { sectionHref } from './sectionHref';

/** Footer section links always name the landing page (`/#about`), as the spec lists them. */
export function Footer() {
  const t = useMessages();
  const lang = useLang();
  return (
    <footer class="site-footer">
      <div class="container footer-grid">
        <div>
          <p class="brand footer-brand">
            <Logo />
            LabelLens
          </p>
          <p>{t.footer.tagline}</p>
        </div>
        <nav aria-label={t.footer.quickLinks}>
          <h2>{t.footer.quickLinks}</h2>
          <ul>
            <li>
              <a href={pathFor('home', lang)}>{t.footer.home}</a>
            </li>
            <li>
              <a href={pathFor('contact', lang)}>{t.footer.contact}</a>
            </li>
            <li>
              <a href={sectionHref('about', lang, false)}>{t.footer.aboutUs}</a>
            </li>
            <li>
              <a href={sectionHref('features', lang, false)}>{t.footer.features}</a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t.footer.legal}>
          <h2>{t.footer.legal}</h2>
          <ul>
            <li>
              <a href={pathFor('privacy', lang)}>{t.footer.privacy}</a>
            </li>
            <li>
              <a href={pathFor('terms', lang)}>{t.footer.terms}</a>
            </li>
          </ul>
        </nav>
        <div>
          <h2>{t.footer.follow}</h2>
          <ul class="social">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  <Icon name={link.icon} />
                  <span class="sr-only">
                    {link.name} {t.footer.newTab}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div class="container footer-bottom">
        <p>
          © {new Date().getFullYear()} LabelLens. {t.footer.rights} {t.footer.madeIn}
        </p>
      </div>
    </footer>
  );
}
