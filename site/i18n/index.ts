import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { en, type Messages } from './en';
import { hi } from './hi';

export const LANGS = ['en', 'hi'] as const;
export type Lang = (typeof LANGS)[number];

export const MESSAGES: Record<Lang, Messages> = { en, hi };

/** localStorage key of the visitor's chosen language (also read by the inline script in index.html). */
export const LANG_STORAGE_KEY = 'labellens.lang';

export function isLang(value: unknown): value is Lang {
  return LANGS.includes(value as Lang);
}

export function storedLang(): Lang | null {
  try {
    const value = localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(value) ? value : null;
  } catch {
    return null; // storage blocked (private mode, sandboxed frame): no remembered choice
  }
}

export function rememberLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // storage blocked: the choice still applies to this page view
  }
}

export const LangContext = createContext<Lang>('en');

export function useLang(): Lang {
  return useContext(LangContext);
}

export function useMessages(): Messages {
  return MESSAGES[useLang()];
}
