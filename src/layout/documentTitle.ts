import { useEffect } from 'react';
import { lookup } from '../i18n/lookup';

// No react-admin here: the login route uses this and must stay without it.

/** The browser tab's title: the screen's name, then the product's admin ("Scans · LabelLens Admin"). */
export function documentTitle(screen: string): string {
  return `${screen} · ${lookup('labellens.app.title')}`;
}

/** Sets the tab's title while the calling screen is shown. */
export function useDocumentTitle(screen: string) {
  useEffect(() => {
    document.title = documentTitle(screen);
  }, [screen]);
}
