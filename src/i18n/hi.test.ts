import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import englishMessages from 'ra-language-english';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslateFunction } from 'react-admin';
import { HEALTH_TIP_MESSAGES, NEWS_MESSAGES, TAG_MESSAGES } from '../domain/contentSchemas';
import { formatDate } from '../domain/format';
import { NOTIFICATION_ISSUES } from '../domain/notification';
import { INVITE_ISSUES } from '../domain/operatorInvite';
import { OPERATOR_ROLES, PUSH_ROLE_REFUSAL } from '../domain/operatorRoles';
import { SCORE_BANDS } from '../domain/scoreBands';
import { BUCKETS, FILE_MESSAGES, quotaMessage, typeNotSupportedMessage } from '../domain/storage';
import { TAG_CATEGORIES } from '../domain/tags';
import { CONTACT_STATUSES } from '../resources/contact-messages/statuses';
import { errorMessages } from './errors';
import { hindi } from './hi';
import { en as englishCatalogue, RESOURCE_STRINGS_FILES } from './en';
import { i18nProvider } from './i18nProvider';
import { lookup } from './lookup';
import { stringsFile } from './resourceFiles';
import { resourceText } from './resourceText';
import { runTimeTexts } from '../test/runTimeTexts';

/** Every message by its dotted key. */
function messages(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => messages(value, prefix ? `${prefix}.${key}` : key));
}

/**
 * Latin words a Hindi message may keep: product and company names, codes, units, keyboard keys and
 * the literal words of a technical rule (FCM's reserved keys, a JSON example). Anything else in Latin
 * letters is English left behind.
 */
// prettier-ignore
const KEPT_WORDS = new Set([
  'LabelLens', 'Supabase', 'Auth', 'Firebase', 'Cloud', 'Messaging', 'FCM', 'Android', 'iOS', 'Google',
  'GitHub', 'Facebook', 'Twitter', 'OAuth', 'AI', 'JSON', 'UUID', 'URL', 'QR', 'PNG', 'JPEG', 'WebP', 'MB',
  'KB', 'UTF', 'IST', 'NUL', 'Ctrl', 'B', 'K', 'hex', 'regexp', 'userId', 'screen', 'tips', 'from',
  'notification', 'message_type', 'collapse_key', 'google', 'gcm',
]);

/** The Latin words of `text` outside its placeholders. */
const latinWords = (text: string) => text.replace(/%\{\w+\}/g, ' ').match(/[A-Za-z][A-Za-z_]*/g) ?? [];
const englishLeft = (text: string) => latinWords(text).filter((word) => !KEPT_WORDS.has(word));

const placeholders = (text: string) =>
  text.split('||||').map((form) => [...new Set(form.match(/%\{\w+\}/g) ?? [])].sort().join(' '));

// The English catalogue with the error catalogue, which the provider loads with another language.
const english = { ...englishCatalogue, labellens: { ...englishCatalogue.labellens, errors: errorMessages } };
const en = new Map(messages(english));
const hi = new Map(messages(hindi));

/** A key with the Hindi file to write it in, when it is a resource's (its folder's strings.hi.ts). */
const inFile = (key: string) => {
  const name = /^resources\.([^.]+)\./.exec(key)?.[1];
  return name ? `${key} (${stringsFile(name, 'hi', RESOURCE_STRINGS_FILES)})` : key;
};

describe('the Hindi catalogue', () => {
  it("names a resource's missing Hindi string by its folder's file", () => {
    expect(inFile('resources.tags.add')).toBe('resources.tags.add (src/resources/tags/strings.hi.ts)');
    expect(inFile('resources.trash.heading')).toBe('resources.trash.heading (src/trash/strings.hi.ts)');
    // A new resource with no Hindi file yet: the file to create.
    expect(inFile('resources.recalls.name')).toBe(
      'resources.recalls.name (src/resources/recalls/strings.hi.ts)',
    );
    expect(inFile('labellens.menu.tags')).toBe('labellens.menu.tags');
  });

  it('has exactly the keys of the English, react-admin and ra-supabase included', () => {
    expect([...en.keys()].filter((key) => !hi.has(key)).map(inFile)).toEqual([]);
    expect([...hi.keys()].filter((key) => !en.has(key)).map(inFile)).toEqual([]);
    // The English react-admin package itself, not only what our English took from it.
    const ra = messages(englishMessages).map(([key]) => key);
    expect(ra.length).toBeGreaterThan(150);
    expect(ra.filter((key) => !hi.has(key))).toEqual([]);
  });

  it('leaves no message in English, beyond names and codes', () => {
    // A message made only of placeholders, names and codes ('%{Items}', 'LabelLens', 'Android') may
    // read the same; anything with an English word in it may not.
    const same = [...en].filter(([key, text]) => hi.get(key) === text && englishLeft(text).length > 0);
    expect(same.map(([key]) => key)).toEqual([]);
    const mixed = [...hi].filter(([, text]) => englishLeft(text).length > 0);
    expect(mixed.map(([key, text]) => `${key}: ${englishLeft(text).join(' ')}`)).toEqual([]);
  });

  it('keeps every placeholder and both forms of every counted message', () => {
    const broken = [...en].filter(([key, text]) => {
      const translated = hi.get(key) ?? '';
      return JSON.stringify(placeholders(translated)) !== JSON.stringify(placeholders(text));
    });
    expect(broken.map(([key]) => `${key}: ${hi.get(key)}`)).toEqual([]);
  });

  describe('in the provider', () => {
    const translate = i18nProvider.translate as TranslateFunction;
    beforeAll(() => i18nProvider.changeLocale('hi'));
    afterAll(() => i18nProvider.changeLocale('en'));

    it('words every run-time key of every registry resource in Hindi', () => {
      const texts = runTimeTexts(translate);
      expect(new Set(texts.map((t) => t.resource)).size).toBeGreaterThan(8);
      const english = texts
        .filter(({ text }) => englishLeft(text).length > 0 || /%\{/.test(text))
        .map(({ at, text }) => `${at} is "${text}"`);
      expect(english).toEqual([]);
      expect(resourceText(translate, 'news', 'notifications.bulk_deleted', { smart_count: 2 })).toBe(
        '2 ख़बरें हटा दी गईं',
      );
      expect(resourceText(translate, 'trash', 'add')).toBe('हटाया गया आइटम जोड़ें');
    });

    it('words every value of the closed sets the screens name by key', () => {
      const keys = [
        ...OPERATOR_ROLES.flatMap((role) => [
          `labellens.team.roles.${role}`,
          `labellens.team.role_help.${role}`,
        ]),
        ...SCORE_BANDS.map(({ band }) => `labellens.bands.${band}`),
        ...CONTACT_STATUSES.map((status) => `resources.contact-messages.status.${status}`),
        ...TAG_CATEGORIES.map((category) => `resources.tags.categories.${category}`),
        ...['pending', 'sent', 'failed'].map(
          (status) => `labellens.notifications.history.statuses.${status}`,
        ),
      ];
      expect(keys.filter((key) => englishLeft(translate(key)).length > 0 || translate(key) === key)).toEqual(
        [],
      );
    });

    it('words the errors that arrive as English text, parts that vary kept', () => {
      const shown = [
        ...Object.values(NEWS_MESSAGES),
        ...Object.values(HEALTH_TIP_MESSAGES),
        ...Object.values(TAG_MESSAGES),
        ...Object.values(INVITE_ISSUES),
        ...Object.values(NOTIFICATION_ISSUES),
        PUSH_ROLE_REFUSAL,
        FILE_MESSAGES.typeNotAllowed,
        ...messages(errorMessages.database).map(([, text]) => text),
      ];
      expect(shown.filter((text) => englishLeft(translate(text, { _: text })).length > 0)).toEqual([]);
      expect(translate(NEWS_MESSAGES.titleTooLong)).toBe('शीर्षक 200 अक्षरों से कम होना चाहिए');
      expect(translate(FILE_MESSAGES.tooLarge(BUCKETS['news-screenshots'].fileSizeLimit))).toBe(
        'फ़ाइल 5 MB या उससे छोटी होनी चाहिए',
      );
      expect(translate(quotaMessage('avatars', BUCKETS.avatars.userQuota))).toBe(
        'स्टोरेज की सीमा पूरी हो गई: avatars में एक उपयोगकर्ता ज़्यादा से ज़्यादा 20 फ़ाइलें और 50 MB रख सकता है',
      );
      expect(translate(typeNotSupportedMessage('image/svg+xml'))).toBe(
        'फ़ाइल का प्रकार image/svg+xml नहीं चलता',
      );
      // What is no catalogue text passes through as it is, as in English.
      expect(translate('Some other failure', { _: 'Some other failure' })).toBe('Some other failure');
    });

    it('words Supabase Auth answers on the signed-out pages, and follows the language there too', () => {
      expect(lookup('Invalid login credentials')).toBe('ईमेल या पासवर्ड ग़लत है');
      expect(lookup('For security purposes, you can only request this after 42 seconds.')).toBe(
        'सुरक्षा के लिए, यह 42 सेकंड बाद ही फिर से माँगा जा सकता है।',
      );
      expect(lookup('labellens.auth.panel_title')).toBe('एडमिन पैनल');
      expect(formatDate('2026-11-24T08:35:00Z')).toBe('24 नव॰ 2026');
    });
  });

  it('is English again after switching back', async () => {
    await i18nProvider.changeLocale('hi');
    await i18nProvider.changeLocale('en');
    const translate = i18nProvider.translate as TranslateFunction;
    expect(translate('labellens.menu.trash')).toBe('Trash');
    expect(translate(NEWS_MESSAGES.titleTooLong)).toBe('Title must be less than 200 characters');
    expect(lookup('Invalid login credentials')).toBe('Invalid login credentials');
    expect(formatDate('2026-11-24T08:35:00Z')).toBe('24 Nov 2026');
  });

  it('names only messages the database really raises (supabase/schemas/)', () => {
    const schemas = join(__dirname, '../../supabase/schemas');
    const sql = readdirSync(schemas)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => readFileSync(join(schemas, file), 'utf8'))
      .join('\n');
    const raised = messages(errorMessages.database).map(([, text]) => text);
    expect(raised.filter((text) => !sql.includes(`raise exception '${text}'`))).toEqual([]);
  });
});
