import { en } from './en';

/**
 * A catalogue message by key without polyglot, for the small login route and the first paint (no
 * interpolation there). Unknown keys come back unchanged, so a provider's own message passes through.
 */
export function lookup(key: string): string {
  let node: unknown = en;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return key;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : key;
}
