import type { Lang } from '../i18n';
import { pathFor } from '../routes';

/** Link to a landing-page section: a bare anchor on the landing page itself, else the page plus anchor. */
export function sectionHref(section: 'features' | 'about', lang: Lang, onLanding: boolean): string {
  return onLanding ? `#${section}` : `${pathFor('home', lang)}#${section}`;
}
