import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import type { Database } from '../../mocks/supabase/db';
import {
  CONTACT_LIMITS,
  HEALTH_TIP_LIMITS,
  NEWS_LIMITS,
  NOTIFICATION_LIMITS,
  TAG_LIMITS,
} from '../../src/domain/limits';
import { HEX_COLOR_PATTERN, TAG_CATEGORIES, TAG_COLOR_PRESETS } from '../../src/domain/tags';
import { attempt, USER_ID } from './fixtures';

/**
 * The check constraints behind the validation rules (docs/product-rules.md), each at its edges, with the numbers of src/domain: the
 * database refuses exactly what the forms refuse (SQLSTATE 23514, 23502 or 23505).
 */
type Row = Record<string, unknown>;

const BASE: Record<string, Row> = {
  news: { title: 'Title', content: 'Content', source_url: 'https://example.com/article' },
  health_tips: { tip: 'Drink water first.' },
  tags: { key: 'test-key', label: 'Label', icon: 'leaf', color: '#ef4444', category: 'general' },
  contact_messages: { first_name: 'Asha', email: 'asha@example.in', message: 'Hello' },
  notifications: {
    user_id: USER_ID,
    title: 'Title',
    body: 'Body',
    status: 'sent',
    message_id: 'projects/p/messages/1',
  },
  scans: { name: 'Scan' },
  payments: { user_id: USER_ID, amount: 10 },
};

let db: Database;
let chatId: string;
beforeAll(async () => {
  db = await openTestDatabase();
  chatId = (await db.query<{ id: string }>('select id from public.chats limit 1')).rows[0].id;
});
afterAll(() => db.close());

/** Inserts one row as the superuser (constraints apply to every role) and rolls back. */
async function insert(table: string, overrides: Row) {
  const row = {
    ...(table === 'messages' ? { chat_id: chatId, content: 'Hi', role: 'user' } : BASE[table]),
    ...overrides,
  };
  const columns = Object.keys(row);
  const sql = `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`;
  return attempt(db, 'superuser', async (tx) => (await tx.query(sql, Object.values(row))).affectedRows);
}

const accepted = { ok: true, value: 1 };
const refusedBy = (constraint: string) => ({
  ok: false,
  code: '23514',
  message: expect.stringContaining(constraint),
});
const x = (n: number) => 'x'.repeat(n);

type Case = [description: string, table: string, overrides: Row, expected: object];

const cases: Case[] = [
  ['news title empty', 'news', { title: '' }, refusedBy('news_title_length')],
  ['news title blank', 'news', { title: '   ' }, refusedBy('news_title_length')],
  ['news title of 1', 'news', { title: 'A' }, accepted],
  [`news title of ${NEWS_LIMITS.titleMax}`, 'news', { title: x(NEWS_LIMITS.titleMax) }, accepted],
  [
    `news title of ${NEWS_LIMITS.titleMax + 1}`,
    'news',
    { title: x(NEWS_LIMITS.titleMax + 1) },
    refusedBy('news_title_length'),
  ],
  ['news content empty', 'news', { content: '' }, refusedBy('news_content_not_blank')],
  ['news content blank', 'news', { content: ' \n ' }, refusedBy('news_content_not_blank')],
  ['news source http', 'news', { source_url: 'http://example.com' }, accepted],
  [
    'news source https with path and query',
    'news',
    { source_url: 'https://example.com/a/b?c=d#e' },
    accepted,
  ],
  ['news source without scheme', 'news', { source_url: 'example.com' }, refusedBy('news_source_url_http')],
  [
    'news source javascript:',
    'news',
    { source_url: 'javascript:alert(1)' },
    refusedBy('news_source_url_http'),
  ],
  ['news source ftp', 'news', { source_url: 'ftp://example.com/file' }, refusedBy('news_source_url_http')],
  ['news source with no host', 'news', { source_url: 'https://' }, refusedBy('news_source_url_http')],
  [
    'news source with a space',
    'news',
    { source_url: 'https://example.com/a b' },
    refusedBy('news_source_url_http'),
  ],
  ['news screenshot null', 'news', { source_url_screenshot: null }, accepted],
  ['news screenshot https', 'news', { source_url_screenshot: 'https://example.com/a.png' }, accepted],
  [
    'news screenshot empty (stored as null)',
    'news',
    { source_url_screenshot: '' },
    refusedBy('news_source_url_screenshot_http'),
  ],
  [
    'news screenshot data:',
    'news',
    { source_url_screenshot: 'data:image/png;base64,AAAA' },
    refusedBy('news_source_url_screenshot_http'),
  ],

  [
    `tip of ${HEALTH_TIP_LIMITS.tipMin - 1}`,
    'health_tips',
    { tip: x(HEALTH_TIP_LIMITS.tipMin - 1) },
    refusedBy('health_tips_tip_length'),
  ],
  [`tip of ${HEALTH_TIP_LIMITS.tipMin}`, 'health_tips', { tip: x(HEALTH_TIP_LIMITS.tipMin) }, accepted],
  [`tip of ${HEALTH_TIP_LIMITS.tipMax}`, 'health_tips', { tip: x(HEALTH_TIP_LIMITS.tipMax) }, accepted],
  [
    `tip of ${HEALTH_TIP_LIMITS.tipMax + 1}`,
    'health_tips',
    { tip: x(HEALTH_TIP_LIMITS.tipMax + 1) },
    refusedBy('health_tips_tip_length'),
  ],

  ['tag key empty', 'tags', { key: '' }, refusedBy('tags_key_length')],
  [`tag key of ${TAG_LIMITS.keyMax}`, 'tags', { key: x(TAG_LIMITS.keyMax) }, accepted],
  [
    `tag key of ${TAG_LIMITS.keyMax + 1}`,
    'tags',
    { key: x(TAG_LIMITS.keyMax + 1) },
    refusedBy('tags_key_length'),
  ],
  ['tag label empty', 'tags', { label: '' }, refusedBy('tags_label_length')],
  [`tag label of ${TAG_LIMITS.labelMax}`, 'tags', { label: x(TAG_LIMITS.labelMax) }, accepted],
  [
    `tag label of ${TAG_LIMITS.labelMax + 1}`,
    'tags',
    { label: x(TAG_LIMITS.labelMax + 1) },
    refusedBy('tags_label_length'),
  ],
  ['tag icon empty', 'tags', { icon: '' }, refusedBy('tags_icon_length')],
  [`tag icon of ${TAG_LIMITS.iconMax}`, 'tags', { icon: x(TAG_LIMITS.iconMax) }, accepted],
  [
    `tag icon of ${TAG_LIMITS.iconMax + 1}`,
    'tags',
    { icon: x(TAG_LIMITS.iconMax + 1) },
    refusedBy('tags_icon_length'),
  ],
  ['tag category empty', 'tags', { category: '' }, refusedBy('tags_category')],
  [
    `tag category of ${TAG_LIMITS.categoryMax + 1}`,
    'tags',
    { category: x(TAG_LIMITS.categoryMax + 1) },
    refusedBy('tags_category'),
  ],
  ['tag category unknown', 'tags', { category: 'snacks' }, refusedBy('tags_category_known')],
  ['tag category in capitals', 'tags', { category: 'General' }, refusedBy('tags_category_known')],
  [
    `tag sort order ${TAG_LIMITS.sortOrderMin - 1}`,
    'tags',
    { sort_order: TAG_LIMITS.sortOrderMin - 1 },
    refusedBy('tags_sort_order_non_negative'),
  ],
  [`tag sort order ${TAG_LIMITS.sortOrderMin}`, 'tags', { sort_order: TAG_LIMITS.sortOrderMin }, accepted],
  ['tag sort order null', 'tags', { sort_order: null }, { ok: false, code: '23502' }],

  [
    'contact first name blank',
    'contact_messages',
    { first_name: ' ' },
    refusedBy('contact_messages_first_name_length'),
  ],
  [
    `contact first name of ${CONTACT_LIMITS.firstNameMax}`,
    'contact_messages',
    { first_name: x(CONTACT_LIMITS.firstNameMax) },
    accepted,
  ],
  [
    `contact first name of ${CONTACT_LIMITS.firstNameMax + 1}`,
    'contact_messages',
    { first_name: x(CONTACT_LIMITS.firstNameMax + 1) },
    refusedBy('contact_messages_first_name_length'),
  ],
  [
    `contact last name of ${CONTACT_LIMITS.lastNameMax}`,
    'contact_messages',
    { last_name: x(CONTACT_LIMITS.lastNameMax) },
    accepted,
  ],
  [
    `contact last name of ${CONTACT_LIMITS.lastNameMax + 1}`,
    'contact_messages',
    { last_name: x(CONTACT_LIMITS.lastNameMax + 1) },
    refusedBy('contact_messages_last_name_length'),
  ],
  [
    `contact email of ${CONTACT_LIMITS.emailMax}`,
    'contact_messages',
    { email: `${x(CONTACT_LIMITS.emailMax - 11)}@example.in` },
    accepted,
  ],
  [
    `contact email of ${CONTACT_LIMITS.emailMax + 1}`,
    'contact_messages',
    { email: `${x(CONTACT_LIMITS.emailMax - 10)}@example.in` },
    refusedBy('contact_messages_email_valid'),
  ],
  [
    'contact email without @',
    'contact_messages',
    { email: 'asha.example.in' },
    refusedBy('contact_messages_email_valid'),
  ],
  [
    'contact email without a dot in the domain',
    'contact_messages',
    { email: 'asha@localhost' },
    refusedBy('contact_messages_email_valid'),
  ],
  [
    'contact email with a space',
    'contact_messages',
    { email: 'asha @example.in' },
    refusedBy('contact_messages_email_valid'),
  ],
  [
    `contact subject of ${CONTACT_LIMITS.subjectMax}`,
    'contact_messages',
    { subject: x(CONTACT_LIMITS.subjectMax) },
    accepted,
  ],
  [
    `contact subject of ${CONTACT_LIMITS.subjectMax + 1}`,
    'contact_messages',
    { subject: x(CONTACT_LIMITS.subjectMax + 1) },
    refusedBy('contact_messages_subject_length'),
  ],
  [
    'contact message blank',
    'contact_messages',
    { message: '  ' },
    refusedBy('contact_messages_message_length'),
  ],
  [
    `contact message of ${CONTACT_LIMITS.messageMax}`,
    'contact_messages',
    { message: x(CONTACT_LIMITS.messageMax) },
    accepted,
  ],
  [
    `contact message of ${CONTACT_LIMITS.messageMax + 1}`,
    'contact_messages',
    { message: x(CONTACT_LIMITS.messageMax + 1) },
    refusedBy('contact_messages_message_length'),
  ],
  ['contact status read', 'contact_messages', { status: 'read' }, accepted],
  [
    'contact status unknown',
    'contact_messages',
    { status: 'spam' },
    refusedBy('contact_messages_status_known'),
  ],

  [
    `notification title of ${NOTIFICATION_LIMITS.titleMax}`,
    'notifications',
    { title: x(NOTIFICATION_LIMITS.titleMax) },
    accepted,
  ],
  [
    `notification title of ${NOTIFICATION_LIMITS.titleMax + 1}`,
    'notifications',
    { title: x(NOTIFICATION_LIMITS.titleMax + 1) },
    refusedBy('notifications_title_length'),
  ],
  ['notification title blank', 'notifications', { title: ' ' }, refusedBy('notifications_title_length')],
  [
    `notification body of ${NOTIFICATION_LIMITS.bodyMax}`,
    'notifications',
    { body: x(NOTIFICATION_LIMITS.bodyMax) },
    accepted,
  ],
  [
    `notification body of ${NOTIFICATION_LIMITS.bodyMax + 1}`,
    'notifications',
    { body: x(NOTIFICATION_LIMITS.bodyMax + 1) },
    refusedBy('notifications_body_length'),
  ],
  [
    'notification status failed',
    'notifications',
    { status: 'failed', message_id: null, error: 'UNREGISTERED' },
    accepted,
  ],
  [
    'notification status unknown',
    'notifications',
    { status: 'queued' },
    refusedBy('notifications_status_known'),
  ],
  [
    'notification data not an object',
    'notifications',
    { data: '[1]' },
    refusedBy('notifications_data_object'),
  ],

  ['scan score -1', 'scans', { health_score: -1 }, refusedBy('scans_health_score_range')],
  ['scan score 0', 'scans', { health_score: 0 }, accepted],
  ['scan score 100', 'scans', { health_score: 100 }, accepted],
  ['scan score 101', 'scans', { health_score: 101 }, refusedBy('scans_health_score_range')],
  ['scan score missing', 'scans', { health_score: null }, accepted],
  [
    'scan image javascript:',
    'scans',
    { image_url: 'javascript:alert(1)' },
    refusedBy('scans_image_url_http'),
  ],

  ['message role blank', 'messages', { role: ' ' }, refusedBy('messages_role_not_blank')],
  ['message role assistant', 'messages', { role: 'assistant' }, accepted],

  ['payment of 0', 'payments', { amount: 0 }, refusedBy('payments_amount_positive')],
];

describe('check constraints', () => {
  it.each(cases)('%s', async (_description, table, overrides, expected) => {
    expect(await insert(table, overrides)).toMatchObject(expected);
  });

  it.each(TAG_CATEGORIES)('accepts the tag category %s', async (category) => {
    expect(await insert('tags', { category })).toEqual(accepted);
  });

  it('agrees with HEX_COLOR_PATTERN on colours, presets included', async () => {
    const colours = [
      ...TAG_COLOR_PRESETS,
      '#fff',
      '#FFF',
      '#AbC123',
      '#ffff',
      '#fffff',
      '#1234567',
      'fff',
      'red',
      '#ggg',
      '',
      ' #fff',
    ];
    for (const color of colours) {
      const outcome = await insert('tags', { color });
      expect({ color, ok: outcome.ok }).toEqual({ color, ok: HEX_COLOR_PATTERN.test(color) });
    }
  });

  it('defaults a tag to sort order 0 and active, and keeps keys unique', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const { rows } = await tx.query(
        `insert into public.tags (key, label, icon, color, category) values ('new-key', 'New', 'leaf', '#fff', 'general')
         returning sort_order, is_active`,
      );
      return rows[0];
    });
    expect(outcome).toEqual({ ok: true, value: { sort_order: 0, is_active: true } });
    expect(await insert('tags', { key: 'organic' })).toMatchObject({ ok: false, code: '23505' });
  });

  it('defaults a contact message to status new', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const { rows } = await tx.query(
        `insert into public.contact_messages (first_name, email, message) values ('A', 'a@example.in', 'Hi') returning status, last_name, subject`,
      );
      return rows[0];
    });
    expect(outcome).toEqual({ ok: true, value: { status: 'new', last_name: '', subject: '' } });
  });

  it('refreshes updated_at on every update', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const { rows } = await tx.query<{ before: Date; after: Date }>(
        `with target as (select id, updated_at from public.chats order by updated_at limit 1),
              changed as (update public.chats c set title = 'Renamed' from target where c.id = target.id returning c.updated_at)
         select (select updated_at from target) as before, (select updated_at from changed) as after`,
      );
      return rows[0].after > rows[0].before;
    });
    expect(outcome).toEqual({ ok: true, value: true });
  });
});
