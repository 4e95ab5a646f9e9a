import type { z } from 'zod';
import {
  healthTipSchema,
  HEALTH_TIP_MESSAGES,
  newsSchema,
  NEWS_MESSAGES,
  tagSchema,
  TAG_MESSAGES,
} from './contentSchemas';

const x = (n: number) => 'x'.repeat(n);

/** Each invalid field's messages, or the parsed values. */
function check(schema: z.ZodType, values: unknown) {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return { ok: false, errors };
}

describe('news schema', () => {
  const VALID = {
    title: 'FSSAI labels',
    content: 'Bold front-of-pack labels.',
    source_url: 'https://www.fssai.gov.in/',
    source_url_screenshot: 'https://example.com/a.png',
    translations: {},
  };

  it('trims and accepts a valid article', () => {
    expect(check(newsSchema, { ...VALID, title: '  FSSAI labels ' })).toEqual({ ok: true, value: VALID });
  });

  it.each([
    [{ title: '' }, { title: [NEWS_MESSAGES.titleRequired] }],
    [{ title: '   ' }, { title: [NEWS_MESSAGES.titleRequired] }],
    [{ title: x(201) }, { title: ['Title must be less than 200 characters'] }],
    [{ content: '' }, { content: ['Content is required'] }],
    [{ content: ' \n ' }, { content: ['Content is required'] }],
    [{ source_url: '' }, { source_url: ['Please enter a valid URL'] }],
    [{ source_url: 'example.com' }, { source_url: ['Please enter a valid URL'] }],
    [{ source_url: 'javascript:alert(1)' }, { source_url: ['Please enter a valid URL'] }],
    [{ source_url: 'ftp://example.com/file' }, { source_url: ['Please enter a valid URL'] }],
    [{ source_url: 'https://' }, { source_url: ['Please enter a valid URL'] }],
    [{ source_url: 'https://example.com/a b' }, { source_url: ['Please enter a valid URL'] }],
    [
      { source_url_screenshot: 'data:image/png;base64,AAAA' },
      { source_url_screenshot: ['Please enter a valid screenshot URL'] },
    ],
    [
      { source_url_screenshot: 'not a url' },
      { source_url_screenshot: ['Please enter a valid screenshot URL'] },
    ],
  ])('refuses %j with %j', (overrides, errors) => {
    expect(check(newsSchema, { ...VALID, ...overrides })).toEqual({ ok: false, errors });
  });

  it('accepts a title of 1 and of 200 characters', () => {
    expect(check(newsSchema, { ...VALID, title: 'A' }).ok).toBe(true);
    expect(check(newsSchema, { ...VALID, title: x(200) })).toEqual({
      ok: true,
      value: { ...VALID, title: x(200) },
    });
  });

  it('accepts http and https sources with paths, queries and fragments', () => {
    for (const url of ['http://example.com', 'https://example.com/a/b?c=d#e', 'https://localhost:8080/x']) {
      expect(check(newsSchema, { ...VALID, source_url: url })).toEqual({
        ok: true,
        value: { ...VALID, source_url: url },
      });
    }
  });

  it.each(['', '   ', null, undefined])('stores a screenshot of %j as null', (screenshot) => {
    expect(check(newsSchema, { ...VALID, source_url_screenshot: screenshot })).toEqual({
      ok: true,
      value: { ...VALID, source_url_screenshot: null },
    });
  });

  it('keeps only the editable fields (id and created_at are never sent)', () => {
    expect(check(newsSchema, { ...VALID, id: 'a', created_at: '2024-01-01' })).toEqual({
      ok: true,
      value: VALID,
    });
  });

  it('uses the exact product wording', () => {
    expect(NEWS_MESSAGES).toEqual({
      titleRequired: 'Title is required',
      titleTooLong: 'Title must be less than 200 characters',
      contentRequired: 'Content is required',
      sourceUrlInvalid: 'Please enter a valid URL',
      screenshotUrlInvalid: 'Please enter a valid screenshot URL',
    });
  });
});

describe('health tip schema', () => {
  it.each([
    [9, { ok: false, errors: { tip: ['Tip must be at least 10 characters long'] } }],
    [10, { ok: true, value: { tip: x(10), translations: {} } }],
    [1000, { ok: true, value: { tip: x(1000), translations: {} } }],
    [1001, { ok: false, errors: { tip: ['Tip must not exceed 1000 characters'] } }],
  ])('a tip of %i characters', (length, expected) => {
    expect(check(healthTipSchema, { tip: x(length) })).toEqual(expected);
  });

  it('counts the trimmed text: ten spaces are too short', () => {
    expect(check(healthTipSchema, { tip: ' '.repeat(10) })).toEqual({
      ok: false,
      errors: { tip: [HEALTH_TIP_MESSAGES.tipTooShort] },
    });
    expect(check(healthTipSchema, { tip: `  ${x(10)}\n` })).toEqual({
      ok: true,
      value: { tip: x(10), translations: {} },
    });
  });
});

describe('tag schema', () => {
  const VALID = {
    key: 'organic',
    label: 'Organic',
    icon: 'leaf',
    color: '#22c55e',
    category: 'general',
    is_active: true,
    sort_order: 0,
    translations: {},
  };
  const refused = (field: string, message: string) => ({ ok: false, errors: { [field]: [message] } });

  it('accepts a valid tag', () => {
    expect(check(tagSchema, VALID)).toEqual({ ok: true, value: VALID });
  });

  it.each([
    ['key', 50, 'Key is required', 'Key must not exceed 50 characters'],
    ['label', 100, 'Label is required', 'Label must not exceed 100 characters'],
    ['icon', 50, 'Icon is required', 'Icon must not exceed 50 characters'],
  ])('%s: required, %i accepted, one more refused', (field, max, required, tooLong) => {
    expect(check(tagSchema, { ...VALID, [field]: '' })).toEqual(refused(field, required));
    expect(check(tagSchema, { ...VALID, [field]: '  ' })).toEqual(refused(field, required));
    expect(check(tagSchema, { ...VALID, [field]: x(1) }).ok).toBe(true);
    expect(check(tagSchema, { ...VALID, [field]: x(max) }).ok).toBe(true);
    expect(check(tagSchema, { ...VALID, [field]: x(max + 1) })).toEqual(refused(field, tooLong));
  });

  it('category: required, at most 50 characters, one of the known categories', () => {
    expect(check(tagSchema, { ...VALID, category: '' })).toEqual(refused('category', 'Category is required'));
    expect(check(tagSchema, { ...VALID, category: x(51) })).toEqual(
      refused('category', 'Category must not exceed 50 characters'),
    );
    const unknown = check(tagSchema, { ...VALID, category: 'snacks' });
    expect(unknown.ok).toBe(false);
    expect(Object.keys(unknown.errors ?? {})).toEqual(['category']);
    for (const category of [
      'general',
      'nutrition',
      'dietary',
      'health',
      'allergen',
      'cuisine',
      'preparation',
    ]) {
      expect(check(tagSchema, { ...VALID, category }).ok).toBe(true);
    }
  });

  it.each([
    ['', 'Color is required'],
    ['#ab', 'Color must be a valid hex code'],
    ['#abc', null],
    ['#AABBCC', null],
    ['#aabbcc', null],
    ['#aabbccd', 'Color must be a valid hex code'],
    ['#abcd', 'Color must be a valid hex code'],
    ['red', 'Color must be a valid hex code'],
    ['#ggg', 'Color must be a valid hex code'],
  ])('colour %j (length %#)', (color, message) => {
    expect(check(tagSchema, { ...VALID, color })).toEqual(
      message ? refused('color', message) : { ok: true, value: { ...VALID, color } },
    );
  });

  it('colour lengths 3 and 8 are refused, 4 and 7 accepted', () => {
    expect(check(tagSchema, { ...VALID, color: '#fff' }).ok).toBe(true);
    expect(check(tagSchema, { ...VALID, color: '#ffffff' }).ok).toBe(true);
    expect(check(tagSchema, { ...VALID, color: '#ff' })).toEqual(refused('color', TAG_MESSAGES.colorInvalid));
    expect(check(tagSchema, { ...VALID, color: '#fffffff' })).toEqual(
      refused('color', TAG_MESSAGES.colorInvalid),
    );
  });

  it('sort order -1 is refused, 0 accepted', () => {
    expect(check(tagSchema, { ...VALID, sort_order: -1 })).toEqual(
      refused('sort_order', 'Sort order must be positive'),
    );
    expect(check(tagSchema, { ...VALID, sort_order: 0 })).toEqual({ ok: true, value: VALID });
    expect(check(tagSchema, { ...VALID, sort_order: 7 })).toEqual({
      ok: true,
      value: { ...VALID, sort_order: 7 },
    });
  });

  it.each([undefined, null, '', 'abc', Number.NaN])(
    'a missing or non-numeric sort order %j becomes 0',
    (sortOrder) => {
      expect(check(tagSchema, { ...VALID, sort_order: sortOrder })).toEqual({ ok: true, value: VALID });
    },
  );

  it('a numeric string sort order is read as its number; a fraction is refused', () => {
    expect(check(tagSchema, { ...VALID, sort_order: '3' })).toEqual({
      ok: true,
      value: { ...VALID, sort_order: 3 },
    });
    expect(check(tagSchema, { ...VALID, sort_order: 1.5 }).ok).toBe(false);
  });
});

describe('translations', () => {
  const HINDI = 'रोज़ आठ गिलास पानी पिएँ';
  const tip = (hi: unknown) => check(healthTipSchema, { tip: x(10), translations: { hi } });

  it('counts a Hindi tip in characters as read: 1000 conjuncts (4000 UTF-16 units) fit, 1001 do not', () => {
    expect(tip({ tip: 'क्षि'.repeat(1000) })).toEqual({
      ok: true,
      value: { tip: x(10), translations: { hi: { tip: 'क्षि'.repeat(1000) } } },
    });
    expect(tip({ tip: 'क्षि'.repeat(1001) })).toEqual({
      ok: false,
      errors: { translations: [HEALTH_TIP_MESSAGES.tipTooLong] },
    });
    expect(tip({ tip: 'क्षि'.repeat(9) })).toEqual({
      ok: false,
      errors: { translations: [HEALTH_TIP_MESSAGES.tipTooShort] },
    });
  });

  it('leaves out a language whose fields are all blank, trims the rest, and refuses half a language', () => {
    expect(tip({ tip: '   ' })).toEqual({ ok: true, value: { tip: x(10), translations: {} } });
    expect(tip({ tip: `  ${HINDI} \n` })).toEqual({
      ok: true,
      value: { tip: x(10), translations: { hi: { tip: HINDI } } },
    });
    const news = {
      title: 'A',
      content: 'B',
      source_url: 'https://example.com',
      translations: { hi: { title: 'शीर्षक', content: ' ' } },
    };
    expect(check(newsSchema, news)).toEqual({ ok: false, errors: { translations: [NEWS_MESSAGES.contentRequired] } });
  });

  it('refuses a language the admin does not write', () => {
    expect(check(healthTipSchema, { tip: x(10), translations: { xx: { tip: x(10) } } }).ok).toBe(false);
  });
});
