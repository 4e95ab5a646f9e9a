/**
 * Finds a message shown as English text (an error from a form rule, the database or Supabase Auth)
 * in the catalogue, so the current language can word it: its key, and the values of its `%{...}`
 * parts read off the text ("The file must be 5 MB or smaller" → files.too_large, limit "5 MB").
 */
export interface FoundError {
  key: string;
  params: Record<string, string>;
}

const PLACEHOLDERS = /%\{(\w+)\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function entries(node: unknown, prefix: string): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => entries(value, `${prefix}.${key}`));
}

function at(messages: object, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
}

/** A finder over the English messages of `sections` (dotted paths) of `messages`. */
export function errorFinder(messages: object, sections: readonly string[]) {
  const exact = new Map<string, string>();
  const templates: { key: string; pattern: RegExp; names: string[] }[] = [];
  for (const [key, text] of sections.flatMap((section) => entries(at(messages, section), section))) {
    const names = [...text.matchAll(PLACEHOLDERS)].map((match) => match[1]);
    if (names.length === 0) {
      if (!exact.has(text)) exact.set(text, key);
      continue;
    }
    // split() with the group keeps the names at odd places: literal text, name, literal text, ...
    const parts = text.split(/%\{\w+\}/).map(escape);
    templates.push({ key, pattern: new RegExp(`^${parts.join('(.+?)')}$`), names });
  }
  return (text: string): FoundError | null => {
    const key = exact.get(text);
    if (key) return { key, params: {} };
    // Catalogue keys ('ra.action.save') are no sentences: skip the patterns for them.
    if (!text.includes(' ')) return null;
    for (const template of templates) {
      const match = template.pattern.exec(text);
      if (match)
        return {
          key: template.key,
          params: Object.fromEntries(template.names.map((name, i) => [name, match[i + 1]])),
        };
    }
    return null;
  };
}
