import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Database } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { healthTipSchema, newsSchema, tagSchema } from '../../src/domain/contentSchemas';
import { HEALTH_TIP_LIMITS, NEWS_LIMITS, TAG_LIMITS } from '../../src/domain/limits';
import { TAG_CATEGORIES, TAG_COLOR_PRESETS } from '../../src/domain/tags';
import { attempt } from './fixtures';

/**
 * The admin forms' zod schemas and the tables' check constraints agree at every limit: a value the
 * form accepts is stored (as the form sends it), and a value the form refuses is refused by the
 * database too, so no rule lives in only one of the two places.
 */
type Row = Record<string, unknown>;

const VALID: Record<'news' | 'health_tips' | 'tags', Row> = {
  news: {
    title: 'Title',
    content: 'Content',
    source_url: 'https://example.com/a',
    source_url_screenshot: null,
  },
  health_tips: { tip: 'Drink water first.' },
  tags: {
    key: 'agreement-key',
    label: 'Label',
    icon: 'leaf',
    color: '#ef4444',
    category: 'general',
    is_active: true,
    sort_order: 0,
  },
};

const SCHEMAS: Record<keyof typeof VALID, z.ZodType<Row>> = {
  news: newsSchema,
  health_tips: healthTipSchema,
  tags: tagSchema,
};

const x = (n: number) => 'x'.repeat(n);
const urls = [
  'https://example.com',
  'http://example.com/a/b?c=d#e',
  'example.com',
  'https://',
  'https://a b',
  'javascript:alert(1)',
  'ftp://example.com/f',
  'data:image/png;base64,AAAA',
  'HTTPS://example.com',
];

const CASES: Array<[table: keyof typeof VALID, field: string, values: unknown[]]> = [
  ['news', 'title', ['', ' ', 'A', x(NEWS_LIMITS.titleMax), x(NEWS_LIMITS.titleMax + 1)]],
  ['news', 'content', ['', ' \n ', 'C']],
  ['news', 'source_url', urls],
  ['news', 'source_url_screenshot', [...urls, '', null]],
  [
    'health_tips',
    'tip',
    [
      x(HEALTH_TIP_LIMITS.tipMin - 1),
      x(HEALTH_TIP_LIMITS.tipMin),
      ' '.repeat(HEALTH_TIP_LIMITS.tipMin),
      x(HEALTH_TIP_LIMITS.tipMax),
      x(HEALTH_TIP_LIMITS.tipMax + 1),
    ],
  ],
  ['tags', 'key', ['', ' ', x(TAG_LIMITS.keyMax), x(TAG_LIMITS.keyMax + 1)]],
  ['tags', 'label', ['', ' ', x(TAG_LIMITS.labelMax), x(TAG_LIMITS.labelMax + 1)]],
  ['tags', 'icon', ['', ' ', x(TAG_LIMITS.iconMax), x(TAG_LIMITS.iconMax + 1)]],
  ['tags', 'color', [...TAG_COLOR_PRESETS, '', '#ab', '#abc', '#ABCDEF', '#abcd', '#abcdefa', 'red', '#ggg']],
  ['tags', 'category', [...TAG_CATEGORIES, '', 'General', 'snacks', x(TAG_LIMITS.categoryMax + 1)]],
  ['tags', 'sort_order', [TAG_LIMITS.sortOrderMin - 1, TAG_LIMITS.sortOrderMin, 1, 1000]],
];

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

/** Inserts the row as the superuser (constraints bind every role) and rolls back: stored or refused. */
async function stored(table: string, row: Row): Promise<boolean> {
  const columns = Object.keys(row);
  const sql = `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`;
  return (await attempt(db, 'superuser', (tx) => tx.query(sql, Object.values(row)))).ok;
}

describe('the content schemas agree with the check constraints', () => {
  it.each(CASES)('%s.%s', async (table, field, values) => {
    for (const value of values) {
      const raw = { ...VALID[table], [field]: value };
      const parsed = SCHEMAS[table].safeParse(raw);
      const outcome = await stored(table, parsed.success ? parsed.data : raw);
      expect({ value, stored: outcome }).toEqual({ value, stored: parsed.success });
    }
  });
});
