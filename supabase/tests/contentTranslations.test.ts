import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { TRANSLATED_FIELDS } from '../../src/domain/contentLanguages';
import { attempt, ROLES, type Role } from './fixtures';

/**
 * News, health tips and tags in Hindi (supabase/schemas/42_content_languages.sql):
 * the per-language checks (the English field's limits, counted in characters as read), the app's
 * localized reads with their English fallback per role, and the palette's Hindi search.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const BASE = {
  news: { title: 'Title', content: 'Content', source_url: 'https://example.com/a' },
  health_tips: { tip: 'Drink water first.' },
  tags: { key: 'test-hindi', label: 'Label', icon: 'leaf', color: '#ef4444', category: 'general' },
} as const;
type Table = keyof typeof BASE;

/** Inserts one row with these translations as the superuser and rolls back. */
function insert(table: Table, translations: unknown) {
  const row: Record<string, unknown> = { ...BASE[table], translations: JSON.stringify(translations) };
  const columns = Object.keys(row);
  return attempt(db, 'superuser', async (tx) =>
    (
      await tx.query(
        `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(row),
      )
    ).affectedRows,
  );
}

const accepted = { ok: true, value: 1 };
const refused = (table: Table) => ({
  ok: false,
  code: '23514',
  message: expect.stringContaining(`${table}_translations_fit`),
});
/** One character as read, four UTF-16 units (क ् ष ि: a conjunct with a vowel sign). */
const CONJUNCT = 'क्षि';
const hi = (n: number) => CONJUNCT.repeat(n);

describe('per-language checks', () => {
  it.each([
    ['a Hindi tip of 10 characters as read', 'health_tips', { hi: { tip: hi(10) } }, accepted],
    ['a Hindi tip of 1000 (4000 UTF-16 units)', 'health_tips', { hi: { tip: hi(1000) } }, accepted],
    ['a Hindi tip of 1001', 'health_tips', { hi: { tip: hi(1001) } }, refused('health_tips')],
    ['a Hindi tip of 9', 'health_tips', { hi: { tip: hi(9) } }, refused('health_tips')],
    ['a blank Hindi tip', 'health_tips', { hi: { tip: ' '.repeat(12) } }, refused('health_tips')],
    ['a Hindi title of 200 and content', 'news', { hi: { title: hi(200), content: 'सामग्री' } }, accepted],
    ['a Hindi title of 201', 'news', { hi: { title: hi(201), content: 'सामग्री' } }, refused('news')],
    ['a Hindi title without content', 'news', { hi: { title: 'शीर्षक' } }, refused('news')],
    ['a Hindi content that is not text', 'news', { hi: { title: 'शीर्षक', content: 5 } }, refused('news')],
    ['a Hindi label of 100', 'tags', { hi: { label: hi(100) } }, accepted],
    ['a Hindi label of 101', 'tags', { hi: { label: hi(101) } }, refused('tags')],
    ['a field the table does not translate', 'tags', { hi: { label: 'जैविक', key: 'x' } }, refused('tags')],
    ['English among the translations', 'tags', { en: { label: 'Organic' } }, refused('tags')],
    ['a malformed language code', 'tags', { 'hi-IN': { label: 'जैविक' } }, refused('tags')],
    ['another language: data, not a new column', 'tags', { ta: { label: 'கரிம' } }, accepted],
    ['no translations', 'tags', {}, accepted],
    ['translations that are not an object', 'tags', ['hi'], refused('tags')],
  ] as const)('%s', async (_, table, translations, expected) => {
    expect(await insert(table, translations)).toEqual(expected);
  });

  it('checks the fields and limits of src/domain/translations.ts, the English fields own', async () => {
    const { rows } = await db.query<{ table: string; fields: string }>(
      `select conrelid::regclass::text as table, substring(pg_get_constraintdef(oid) from '''(\\{.*\\})''::jsonb') as fields
         from pg_constraint where conname like '%\\_translations\\_fit' order by 1`,
    );
    expect(
      Object.fromEntries(rows.map((r) => [r.table.replace('public.', ''), JSON.parse(r.fields) as unknown])),
    ).toEqual(TRANSLATED_FIELDS);
  });
});

/** As a role: the rows of a localized read, ordered by id. */
function read(who: Role, sql: string, setup: (tx: Queryable) => Promise<unknown>) {
  return attempt(db, 'superuser', async (tx) => {
    await setup(tx);
    await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      ROLES[who].role,
      JSON.stringify(ROLES[who].claims),
    ]);
    return (await tx.query(sql)).rows;
  });
}

const TIPS = `insert into public.health_tips (id, tip, translations) values
  ('00000000-0000-4000-8000-0000000005a1', 'Drink water before meals.', '{"hi": {"tip": "भोजन से पहले पानी पिएँ।"}}'),
  ('00000000-0000-4000-8000-0000000005a2', 'Walk after dinner daily.', '{}')`;
const seedTips = (tx: Queryable) => tx.exec(`delete from public.health_tips; ${TIPS}`);

describe('the app reads a language with English as the fallback', () => {
  const tips = (locale: string) =>
    `select id, tip, language from public.health_tips_localized('${locale}') order by id`;

  it.each(['appUser', 'editor', 'support', 'owner'] as const)('as %s', async (who) => {
    const english = { id: '00000000-0000-4000-8000-0000000005a2', tip: 'Walk after dinner daily.', language: 'en' };
    expect(await read(who, tips('hi'), seedTips)).toEqual({
      ok: true,
      value: [{ id: '00000000-0000-4000-8000-0000000005a1', tip: 'भोजन से पहले पानी पिएँ।', language: 'hi' }, english],
    });
    expect(await read(who, tips('hi-IN'), seedTips)).toEqual(await read(who, tips('hi'), seedTips));
    expect(await read(who, tips('ta'), seedTips)).toEqual({
      ok: true,
      value: [{ id: '00000000-0000-4000-8000-0000000005a1', tip: 'Drink water before meals.', language: 'en' }, english],
    });
  });

  it('refuses the anonymous caller', async () => {
    expect(await read('anon', tips('hi'), seedTips)).toEqual({
      ok: false,
      code: '42501',
      message: 'permission denied for function health_tips_localized',
    });
  });

  it('gives news and tags the same way, tags under their policy (an app user reads active ones)', async () => {
    const setup = (tx: Queryable) =>
      tx.exec(`delete from public.tags;
        insert into public.tags (key, label, icon, color, category, is_active, translations) values
          ('organic', 'Organic', 'leaf', '#22c55e', 'general', true, '{"hi": {"label": "जैविक"}}'),
          ('old', 'Old', 'leaf', '#22c55e', 'general', false, '{"hi": {"label": "पुराना"}}');
        delete from public.news;
        insert into public.news (title, content, source_url, translations) values
          ('Millets', 'Eat millets.', 'https://example.com/m', '{"hi": {"title": "मोटा अनाज", "content": "मोटा अनाज खाएँ।"}}')`);
    const tags = `select key, label, language from public.tags_localized('hi') order by key`;
    expect(await read('appUser', tags, setup)).toEqual({
      ok: true,
      value: [{ key: 'organic', label: 'जैविक', language: 'hi' }],
    });
    expect(await read('editor', tags, setup)).toEqual({
      ok: true,
      value: [
        { key: 'old', label: 'पुराना', language: 'hi' },
        { key: 'organic', label: 'जैविक', language: 'hi' },
      ],
    });
    const news = `select title, content, source_url, language from public.news_localized('hi')`;
    expect(await read('appUser', news, setup)).toEqual({
      ok: true,
      value: [{ title: 'मोटा अनाज', content: 'मोटा अनाज खाएँ।', source_url: 'https://example.com/m', language: 'hi' }],
    });
  });

  it('lets an app user write no translation (the policies of the English columns hold)', async () => {
    const update = `update public.health_tips set translations = '{"hi": {"tip": "कुछ और लिखा हुआ"}}' returning id`;
    expect(await read('appUser', update, seedTips)).toEqual({ ok: true, value: [] });
    expect(await read('support', update, seedTips)).toEqual({ ok: true, value: [] });
    expect(await read('editor', update, seedTips)).toMatchObject({ ok: true, value: [{}, {}] });
  });
});

describe('the palette finds Hindi text', () => {
  it.each(['editor', 'owner', 'support'] as const)('as %s, by a Hindi word of a tip, title or label, shown by its Hindi text', async (who) => {
    const setup = async (tx: Queryable) => {
      await seedTips(tx);
      await tx.exec(`insert into public.news (title, content, source_url, translations) values
          ('Kodo millets', 'Eat millets.', 'https://example.com/m', '{"hi": {"title": "मोटा अनाज का साल", "content": "खाएँ"}}');
        insert into public.tags (key, label, icon, color, category, translations) values
          ('millet', 'Kodo millet', 'leaf', '#22c55e', 'general', '{"hi": {"label": "मोटा अनाज"}}')`);
    };
    const hits = (q: string) =>
      read(who, `select kind, title from public.admin_search('${q}', 5) order by kind`, setup);
    expect(await hits('पानी')).toEqual({
      ok: true,
      value: [{ kind: 'health-tips', title: 'भोजन से पहले पानी पिएँ।' }],
    });
    expect(await hits('मोटा अनाज')).toEqual({
      ok: true,
      value: [
        { kind: 'news', title: 'मोटा अनाज का साल' },
        { kind: 'tags', title: 'मोटा अनाज' },
      ],
    });
    // Found by its English text: shown by it.
    expect(await hits('Kodo')).toEqual({
      ok: true,
      value: [
        { kind: 'news', title: 'Kodo millets' },
        { kind: 'tags', title: 'Kodo millet' },
      ],
    });
  });
});
