import { en } from './en';
import { errorFinder } from './errorText';

// The catalogue of the language shown (English until src/i18n/i18nProvider.ts or the signed-out
// pages' start, src/main.tsx, load another).
let catalogue: unknown = en;

/** Looks keys up in `messages` from now on (the admin's language changed). */
export function setLookupCatalogue(messages: object) {
  catalogue = messages;
}

const findServerError = errorFinder(en, ['labellens.auth.server']);

function at(key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A catalogue message by key without polyglot, for the small signed-out routes and the first paint
 * (no interpolation there), in the language shown. Supabase Auth's own English answers
 * (`labellens.auth.server`) come back in that language; other unknown keys come back unchanged, so
 * a provider's own message passes through.
 */
export function lookup(key: string): string {
  const found = at(key);
  if (found !== undefined) return found;
  const error = findServerError(key);
  if (!error) return key;
  const text = at(error.key) ?? key;
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => error.params[name] ?? whole);
}
