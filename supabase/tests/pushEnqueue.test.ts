import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withIdentity, type Database, type RequestIdentity } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { attempt, count, ROLES, sentDeliveries } from './fixtures';

/**
 * public.push_start_due enqueues a send in batches of people (supabase/schemas/49_push_queue.sql):
 * the send records how far it got in the same transaction as the messages, so a call that dies
 * enqueues nothing and the next resumes, each device once.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  // 20 people with the allergy "Batch": the first five with two devices, 25 devices in all.
  await db.exec(`
    update public.push_sends set status = 'cancelled' where status in ('waiting_for_approval', 'scheduled');
    insert into auth.users (id, email) select md5('batch-' || g)::uuid, 'batch-' || g || '@example.com' from generate_series(1, 20) g;
    insert into public.profiles (user_id, name, allergies) select md5('batch-' || g)::uuid, 'B' || g, '{Batch}' from generate_series(1, 20) g;
    insert into public.user_devices (user_id, token) select md5('batch-' || g)::uuid, 'batch-token-' || g from generate_series(1, 20) g;
    insert into public.user_devices (user_id, token, locale) select md5('batch-' || g)::uuid, 'batch-token-b' || g, 'hi' from generate_series(1, 5) g;`);
});
afterAll(() => db.close());

const SERVICE: RequestIdentity = { role: 'service_role', claims: { role: 'service_role' } };
const BATCH = { allergies: ['Batch'] };

const createSend = async (definition: object) => {
  const { rows } = await withIdentity(db, ROLES.owner, (tx) =>
    tx.query<{ id: string; people: number; devices: number }>(
      `select id, people::int, devices::int from public.push_send_create($1::jsonb, 'Batch', 'A batch push', urgent => true)`,
      [JSON.stringify(definition)],
    ),
  );
  return rows[0];
};
/** One worker call, committed: how many sends still have people to enqueue. */
const startDue = async (batchSize: number) =>
  Number(
    (
      await withIdentity(db, SERVICE, (tx) =>
        tx.query<{ n: number }>(`select public.push_start_due($1) n`, [batchSize]),
      )
    ).rows[0].n,
  );
const progress = async (id: string) =>
  (
    await db.query<{ status: string; queued: number; enqueued: boolean }>(
      `select status, queued::int, enqueued_at is not null enqueued from public.push_sends where id = $1`,
      [id],
    )
  ).rows[0];
/** The devices the queue holds a message for, for this send: one entry per message. */
const queuedDevices = async (id: string) =>
  (
    await db.query<{ token: string }>(
      `select d.token from pgmq.q_push q join public.user_devices d on d.id = (q.message ->> 'd')::uuid
        where (q.message ->> 's')::uuid = $1 order by d.token`,
      [id],
    )
  ).rows.map((r) => r.token);
const batchTokens = [
  ...Array.from({ length: 20 }, (_, i) => `batch-token-${i + 1}`),
  ...Array.from({ length: 5 }, (_, i) => `batch-token-b${i + 1}`),
].sort();

describe('push_start_due in batches', () => {
  it('enqueues 10 people per call, resumes after a call that died, and queues each device once', async () => {
    const send = await createSend(BATCH);
    expect(send).toMatchObject({ people: 20, devices: 25 });
    expect(await startDue(10)).toBe(1);
    const first = await progress(send.id);
    expect(first).toMatchObject({ status: 'sending', enqueued: false });
    expect((await queuedDevices(send.id)).length).toBe(first.queued);

    // A second call dies mid-batch (killed, or past the statement timeout): its transaction rolls
    // back with the messages it had sent and the cursor it had moved.
    const killed = await attempt(db, SERVICE, async (tx) => {
      await tx.query(`select public.push_start_due(10)`);
      await tx.query(`select set_config('role', 'none', true)`);
      return count(tx, `select count(*) n from pgmq.q_push where (message ->> 's')::uuid = $1`, [send.id]);
    });
    expect(killed).toEqual({ ok: true, value: 25 });
    expect(await progress(send.id)).toEqual(first);
    expect((await queuedDevices(send.id)).length).toBe(first.queued);

    // The next worker resumes where the last committed call stopped.
    expect(await startDue(10)).toBe(1);
    expect(await startDue(10)).toBe(0);
    expect(await progress(send.id)).toEqual({ status: 'sending', queued: 25, enqueued: true });
    expect(await queuedDevices(send.id)).toEqual(batchTokens);
    expect(await startDue(10)).toBe(0);
    expect(await queuedDevices(send.id)).toEqual(batchTokens);
  });

  it('is not done while people remain to enqueue, even with every queued push answered', async () => {
    await db.exec(`delete from pgmq.q_push; delete from public.push_deliveries;`);
    const send = await createSend(BATCH);
    expect(await startDue(7)).toBe(1);
    const answer = async () => {
      for (;;) {
        const claimed = await withIdentity(db, SERVICE, (tx) =>
          tx.query<{ msg_id: number; send_id: string; device_id: string }>(
            `select msg_id, send_id, device_id from public.push_claim(100, 60)`,
          ),
        );
        if (claimed.rows.length === 0) return;
        const results = claimed.rows.map((c) => ({ ...c, outcome: 'sent', message_id: 'm' }));
        await withIdentity(db, SERVICE, async (tx) => {
          await tx.query(`select public.push_mark_sending($1::jsonb)`, [JSON.stringify(results)]);
          await tx.query(`select public.push_record($1::jsonb)`, [JSON.stringify(results)]);
        });
      }
    };
    await answer();
    expect((await progress(send.id)).status).toBe('sending');
    while ((await startDue(7)) > 0) await answer();
    await answer();
    expect(await progress(send.id)).toEqual({ status: 'done', queued: 25, enqueued: true });
    expect(await sentDeliveries(db, send.id)).toBe(25);
  });

  it('queues no device for an audience of people without a device', async () => {
    await db.exec(`delete from pgmq.q_push`);
    const send = await createSend({ ...BATCH, has_device: false });
    expect(send).toMatchObject({ people: 0, devices: 0 });
    expect(await startDue(10)).toBe(0);
    expect(await progress(send.id)).toEqual({ status: 'done', queued: 0, enqueued: true });
    expect(await queuedDevices(send.id)).toEqual([]);
  });

  it("is the service role's alone: an owner calling it is refused", async () => {
    const refused = await attempt(db, ROLES.owner, (tx) => tx.query(`select public.push_start_due(100000)`));
    expect(refused).toMatchObject({ ok: false, code: '42501' });
  });
});
