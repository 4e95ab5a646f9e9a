import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';

/** Every message of the catalogue by its dotted key. */
function messages(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => messages(value, prefix ? `${prefix}.${key}` : key));
}

/** Whether `key` names a message, or a group of them that code completes at run time (a prefix). */
function inCatalogue(key: string): boolean {
  let node: unknown = en;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// Counters against a maximum ("12 / 120 characters"): the noun goes with the maximum, not the count.
const COUNTERS = ['labellens.forms.characters', 'labellens.notifications.counter'];

describe('the catalogue', () => {
  it('gives every message that shows a count its singular and plural forms', () => {
    const counted = messages(en).filter(
      ([key, text]) => /%\{(smart_)?count\}/.test(text) && !COUNTERS.includes(key),
    );
    expect(counted.length).toBeGreaterThan(10);
    expect(counted.filter(([, text]) => text.split('||||').length !== 2).map(([key]) => key)).toEqual([]);
  });

  it('has every key the admin names in its source', () => {
    const src = join(__dirname, '..');
    // Whole keys in quotes; keys built at run time (`resources.${resource}.name`) are not literals.
    const keyLiteral = /['"`]((?:labellens|resources|ra)\.[A-Za-z0-9_.-]+[A-Za-z0-9_])['"`]/g;
    const used = new Set(
      sourceFiles(src).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(keyLiteral)].map((m) => m[1]),
      ),
    );
    expect(used.size).toBeGreaterThan(200);
    expect([...used].filter((key) => !inCatalogue(key)).sort()).toEqual([]);
  });
});
