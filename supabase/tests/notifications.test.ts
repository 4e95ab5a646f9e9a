import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, RequestIdentity } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { dataBytes, dataIssue, NOTIFICATION_LIMITS } from '../../src/domain/notification';
import { ADMIN_ID, attempt, IDENTITIES, USER_ID } from './fixtures';

/**
 * The notifications table's rules (supabase/schemas/45_notifications.sql) agree with
 * src/domain/notification.ts, and its admin view shows emails to active admins only.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

/** The send-notification function writes with the service role. */
const SERVICE_ROLE: RequestIdentity = { role: 'service_role', claims: { role: 'service_role' } };

const insertAsService = (row: Record<string, unknown>) =>
  attempt(db, SERVICE_ROLE, async (tx) => {
    const full = { user_id: USER_ID, title: 'Title', body: 'Body', status: 'pending', ...row };
    const columns = Object.keys(full);
    const { rows } = await tx.query<{ status: string }>(
      `insert into public.notifications (${columns.join(', ')})
       values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning status`,
      Object.values(full).map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : v)),
    );
    return rows[0].status;
  });

const refusedBy = (constraint: string) => ({
  ok: false,
  code: '23514',
  message: expect.stringContaining(constraint),
});

describe('notifications constraints', () => {
  const atCap = { blob: 'é'.repeat((NOTIFICATION_LIMITS.dataMaxBytes - 4) / 2) };
  const overCap = { blob: 'é'.repeat((NOTIFICATION_LIMITS.dataMaxBytes - 4) / 2), x: '' };

  it('counts data bytes as the domain does', () => {
    expect(dataBytes(atCap)).toBe(NOTIFICATION_LIMITS.dataMaxBytes);
    expect(dataBytes(overCap)).toBe(NOTIFICATION_LIMITS.dataMaxBytes + 1);
    expect(dataIssue(atCap)).toBeUndefined();
    expect(dataIssue(overCap)).toBe('dataTooLarge');
  });

  it.each([
    ['a pending attempt', {}, { ok: true, value: 'pending' }],
    ['data at the cap', { data: atCap }, { ok: true, value: 'pending' }],
    ['data one byte over', { data: overCap }, refusedBy('notifications_data_size')],
    ['a number in data', { data: { count: 3 } }, refusedBy('notifications_data_strings')],
    ['sent with its message id', { status: 'sent', message_id: 'm/1' }, { ok: true, value: 'sent' }],
    ['sent without a message id', { status: 'sent' }, refusedBy('notifications_outcome_recorded')],
    ['failed with its reason', { status: 'failed', error: 'UNREGISTERED' }, { ok: true, value: 'failed' }],
    ['failed without a reason', { status: 'failed' }, refusedBy('notifications_outcome_recorded')],
    ['an unknown status', { status: 'queued' }, refusedBy('notifications_status_known')],
  ])('%s', async (_, row, expected) => {
    expect(await insertAsService(row)).toEqual(expected);
  });

  it('refuses NUL in the title, as the function does before sending', async () => {
    expect(await insertAsService({ title: 'Hi\u0000' })).toMatchObject({ ok: false });
  });
});

describe('admin_notifications', () => {
  const read = (who: keyof typeof IDENTITIES) =>
    attempt(db, IDENTITIES[who], async (tx) => {
      const { rows } = await tx.query<{ recipient_email: string; sender_email: string }>(
        `select recipient_email, sender_email from public.admin_notifications
          where user_id = $1 and sent_by = $2 order by created_at limit 1`,
        [USER_ID, ADMIN_ID],
      );
      return rows;
    });

  it('shows an active admin the recipient and sender emails', async () => {
    expect(await read('admin')).toEqual({
      ok: true,
      value: [{ recipient_email: 'user@labellens.dev', sender_email: 'admin@labellens.dev' }],
    });
  });

  it('shows an app user and an inactive admin nothing, and anon is refused', async () => {
    expect(await read('user')).toEqual({ ok: true, value: [] });
    expect(await read('inactiveAdmin')).toEqual({ ok: true, value: [] });
    expect(await read('anon')).toMatchObject({ ok: false, code: '42501' });
  });

  it('is read-only, and the table stays unwritable for signed-in users', async () => {
    const write = (sql: string) => attempt(db, IDENTITIES.admin, (tx) => tx.query(sql));
    // a view over a join is not updatable at all (55000), whatever the grants
    expect(await write(`delete from public.admin_notifications`)).toMatchObject({ ok: false, code: '55000' });
    expect(
      await write(
        `insert into public.notifications (user_id, title, body, status) values ('${USER_ID}', 'T', 'B', 'pending')`,
      ),
    ).toMatchObject({ ok: false, code: '42501' });
    expect(await write(`update public.notifications set status = 'sent'`)).toMatchObject({
      ok: false,
      code: '42501',
    });
  });
});
