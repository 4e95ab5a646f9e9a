import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TranslateFunction } from 'react-admin';
import { OPERATOR_ROLES } from '../domain/operatorRoles';
import { SCORE_BANDS } from '../domain/scoreBands';
import { CONTACT_STATUSES } from '../resources/contact-messages/statuses';
import { en } from './en';
import { errorMessages } from './errors';
import { i18nProvider } from './i18nProvider';
import { RESOURCE_KEYS, resourceName, resourceText } from './resourceText';
import { runTimeTexts } from '../test/runTimeTexts';

/** Every message of the catalogue by its dotted key. */
function messages(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => messages(value, prefix ? `${prefix}.${key}` : key));
}

/** Whether `key` names a message, or a group of them that code completes at run time (a prefix). */
function inCatalogue(key: string): boolean {
  // The error catalogue too (src/i18n/errors.ts), which the provider loads with another language.
  let node: unknown = { ...en, labellens: { ...en.labellens, errors: errorMessages } };
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

  // Words code builds at run time from the registry go through src/i18n/resourceText.ts, which gives
  // each a default wording: a new resource whose strings word none of them shows no raw key.
  const translate = i18nProvider.translate as TranslateFunction;
  const leaks = (text: string) => /\b(resources|labellens|ra)\.[a-z]|%\{/.test(text);

  it('words every run-time key of every registry resource, its own or by default', () => {
    const texts = runTimeTexts(translate);
    expect(new Set(texts.map((t) => t.resource)).size).toBeGreaterThan(8);
    const raw = texts
      .filter(({ text }) => leaks(text) || text === '')
      .map(({ at, text }) => `${at} is "${text}"`);
    expect(raw).toEqual([]);
  });

  it('words a resource with no strings at all by its route name', () => {
    const say = (key: (typeof RESOURCE_KEYS)[number], count = 1) =>
      resourceText(translate, 'label-warnings', key, { smart_count: count, count, active: count });
    expect(say('notifications.created')).toBe('Label warnings created successfully');
    expect(say('notifications.bulk_deleted', 2)).toBe('2 label warnings deleted successfully');
    expect(say('count', 3)).toBe('3 label warnings');
    expect(say('edit_title')).toBe('Edit Label warnings');
    expect(resourceName(translate, 'label-warnings')).toBe('Label warnings');
  });

  it('keeps its own wording where a resource has one', () => {
    expect(resourceText(translate, 'news', 'notifications.created')).toBe(
      'News article created successfully',
    );
    expect(resourceText(translate, 'trash', 'add')).toBe('Add Deleted item');
  });

  it('builds resource keys only through resourceText (so each has a default)', () => {
    const builders = sourceFiles(join(__dirname, '..')).filter(
      (file) => !file.endsWith('resourceText.ts') && /`resources\.\$\{/.test(readFileSync(file, 'utf8')),
    );
    expect(builders).toEqual([]);
  });

  it('words every value of the closed sets the screens name by key', () => {
    const keys = [
      ...OPERATOR_ROLES.flatMap((role) => [
        `labellens.team.roles.${role}`,
        `labellens.team.role_help.${role}`,
      ]),
      ...SCORE_BANDS.map(({ band }) => `labellens.bands.${band}`),
      ...CONTACT_STATUSES.map((status) => `resources.contact-messages.status.${status}`),
      ...['pending', 'sent', 'failed'].map((status) => `labellens.notifications.history.statuses.${status}`),
    ];
    expect(keys.filter((key) => typeof translate(key) !== 'string' || translate(key) === key)).toEqual([]);
  });
});
