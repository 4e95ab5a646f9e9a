import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withIdentity, type Database, type Queryable, type RequestIdentity } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { PUSH_ROLES } from '../../src/domain/operatorRoles';
import { ADMIN_ID, attempt, count, ROLES, USER_ID, type Role, sentDeliveries } from './fixtures';
import type { ClaimedPush } from '../functions/push-worker/worker';

/**
 * Push audiences and sends (supabase/schemas/47_push_audiences.sql): who may count, see, create and
 * approve; approval past the threshold by a second owner; the queue's worker RPCs: locale fallback,
 * quiet hours, the daily cap, pause, and exactly one delivery per device when a worker dies.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

/** The seed's second owner (mfa-admin), at aal2 as their sessions are. */
const SECOND_OWNER_ID = '00000000-0000-4000-8000-000000000004';
const SECOND_OWNER: RequestIdentity = {
  role: 'authenticated',
  claims: { sub: SECOND_OWNER_ID, role: 'authenticated', aud: 'authenticated', aal: 'aal2' },
};
const SERVICE: RequestIdentity = { role: 'service_role', claims: { role: 'service_role' } };

/** Commits, as a request does. */
const as = <T>(identity: RequestIdentity, fn: (tx: Queryable) => Promise<T>) =>
  withIdentity(db, identity, fn);
const rpc = async <T>(identity: RequestIdentity, sql: string, params: unknown[] = []) =>
  (await as(identity, (tx) => tx.query<T>(sql, params))).rows;

const PEANUTS = { allergies: ['Peanuts'] };
const json = (value: unknown) => JSON.stringify(value);

const create = (identity: RequestIdentity, definition: object, extra = '') =>
  rpc<{ id: string; status: string; needs_approval: boolean; people: number; devices: number }>(
    identity,
    `select id, status, needs_approval, people::int, devices::int
       from public.push_send_create($1::jsonb, 'Recall', 'A product was recalled', 'वापसी', 'एक उत्पाद वापस लिया गया'${extra})`,
    [json(definition)],
  ).then((rows) => rows[0]);

describe('user_devices.locale', () => {
  it('defaults to en and refuses a locale the app does not know', async () => {
    const added = await attempt(db, ROLES.appUser, async (tx) => {
      const { rows } = await tx.query<{ locale: string }>(
        `insert into public.user_devices (user_id, token) values ($1, 'locale-test-token') returning locale`,
        [USER_ID],
      );
      return rows[0].locale;
    });
    expect(added).toEqual({ ok: true, value: 'en' });
    const french = await attempt(db, ROLES.appUser, (tx) =>
      tx.query(`insert into public.user_devices (user_id, token, locale) values ($1, 't2', 'fr')`, [USER_ID]),
    );
    expect(french).toMatchObject({
      ok: false,
      code: '23514',
      message: expect.stringContaining('user_devices_locale_known'),
    });
  });
});

describe('audiences', () => {
  it.each([
    [{ flavour: ['x'] }, 'unknown key: flavour'],
    [{ allergies: [] }, 'allergies: a list of 1 to 50 texts'],
    [{ locales: ['fr'] }, 'locales: en or hi'],
    [{ scanned_within_days: 0 }, 'scanned_within_days: a whole number of days from 1 to 3650'],
    [{ signed_up_after: '2024-13' }, 'signed_up_after: a date (YYYY-MM-DD)'],
    [{ has_device: 'yes' }, 'has_device: true or false'],
    [{ allergies: ['Peanuts'], locales: ['hi'], platforms: ['android'], has_device: true }, null],
  ])('%j: %s', async (definition, issue) => {
    const { rows } = await db.query<{ issue: string | null }>(
      `select private.push_audience_issue($1::jsonb) issue`,
      [json(definition)],
    );
    expect(rows[0].issue).toBe(issue);
  });

  it('counts the people and devices a definition reaches, as a plain query counts them', async () => {
    const definitions = [
      {},
      PEANUTS,
      { conditions: ['Asthma', 'Hypertension'] },
      { platforms: ['ios'] },
      { signed_up_after: '2000-01-01', not_scanned_within_days: 30 },
      { scanned_within_days: 30, allergies: ['Peanuts'] },
    ];
    for (const definition of definitions) {
      const [counted] = await rpc<{ c: { people: number; devices: number } }>(
        ROLES.owner,
        `select public.push_audience_count($1::jsonb) c`,
        [json(definition)],
      );
      // The reference: every device of a live user, filtered in TypeScript from plain rows.
      const { rows } = await db.query<{
        user_id: string;
        platform: string;
        allergies: string[];
        conditions: string[];
        created_at: Date;
        recent: boolean;
      }>(
        `select d.user_id, d.platform, u.created_at,
                coalesce((select array_agg(a) from public.profiles p, unnest(p.allergies) a where p.user_id = u.id), '{}') allergies,
                coalesce((select array_agg(a) from public.profiles p, unnest(p.health_conditions) a where p.user_id = u.id), '{}') conditions,
                exists (select 1 from public.scans s where s.user_id = u.id and s.created_at >= now() - interval '30 days') recent
           from public.user_devices d join auth.users u on u.id = d.user_id where u.deleted_at is null`,
      );
      const d = definition as Record<string, unknown>;
      const hits = rows.filter(
        (r) =>
          (!d.allergies || (d.allergies as string[]).some((a) => r.allergies.includes(a))) &&
          (!d.conditions || (d.conditions as string[]).some((a) => r.conditions.includes(a))) &&
          (!d.platforms || (d.platforms as string[]).includes(r.platform)) &&
          (!d.scanned_within_days || r.recent) &&
          (!d.not_scanned_within_days || !r.recent),
      );
      expect({ definition, ...counted.c }).toEqual({
        definition,
        people: new Set(hits.map((h) => h.user_id)).size,
        devices: hits.length,
      });
    }
  });
});

describe("the count's per-person summary (private.push_people)", () => {
  it('follows every write that changes a count, as a rebuild from the tables computes it', async () => {
    const summary = `select to_jsonb(p) r from private.push_people p order by p.user_id`;
    const undo = new Error('undo the writes');
    const done = db.transaction(async (tx) => {
      await tx.exec(`
        insert into public.user_devices (user_id, token, locale, platform) values ('${USER_ID}', 'summary-hi', 'hi', 'ios');
        update public.user_devices set locale = 'hi' where token like 'demo-fcm-token-1-%';
        delete from public.user_devices where token like 'demo-fcm-token-3-%';
        update public.profiles set allergies = '{Sesame}' where user_id = md5('labellens-user-1')::uuid;
        delete from public.profiles where user_id = md5('labellens-user-5')::uuid;
        insert into public.scans (user_id, name, created_at) values (md5('labellens-user-9')::uuid, 'Summary', now());
        delete from public.scans where user_id = md5('labellens-user-11')::uuid;
        update auth.users set deleted_at = now() where id = md5('labellens-user-13')::uuid;
        insert into auth.users (id, email) values ('00000000-0000-4000-8000-00000000c0de', 'summary@example.com');`);
      const kept = (await tx.query<{ r: unknown }>(summary)).rows;
      await tx.query(`select private.push_people_rebuild()`);
      const rebuilt = (await tx.query<{ r: unknown }>(summary)).rows;
      expect(kept.length).toBeGreaterThan(30);
      expect(kept).toEqual(rebuilt);
      throw undo;
    });
    await expect(done).rejects.toBe(undo);
  });

  it('follows statements of many rows and people, as a rebuild computes it', async () => {
    const summary = `select to_jsonb(p) r from private.push_people p order by p.user_id`;
    const undo = new Error('undo the writes');
    const done = db.transaction(async (tx) => {
      await tx.exec(`
        insert into public.scans (user_id, name, created_at)
          select md5('labellens-user-' || (i % 7 + 1))::uuid, 'Bulk ' || i, now() + make_interval(secs => i)
            from generate_series(1, 200) i;
        update public.scans set user_id = md5('labellens-user-2')::uuid where user_id = md5('labellens-user-3')::uuid;
        update public.scans set name = 'Renamed' where user_id = md5('labellens-user-4')::uuid;
        update public.user_devices set platform = 'web' where token like 'demo-fcm-token-2%';
        update public.profiles set health_conditions = health_conditions || '{Bulk}' where user_id in
          (md5('labellens-user-6')::uuid, md5('labellens-user-8')::uuid);
        delete from public.scans where name like 'Bulk %' and user_id = md5('labellens-user-1')::uuid;
        insert into public.user_devices (user_id, token, locale, platform)
          select md5('labellens-user-12')::uuid, d.token, 'hi', 'android' from public.user_devices d
           where d.user_id = (select x.user_id from public.user_devices x where x.user_id <> md5('labellens-user-12')::uuid
                               group by 1 order by count(*) desc, 1 limit 1)
          union all select md5('labellens-user-12')::uuid, 'bulk-new-device', 'en', 'ios'
        on conflict (token) do update set user_id = excluded.user_id, locale = excluded.locale;
        delete from auth.users where id = md5('labellens-user-10')::uuid;
        insert into auth.users (id, email, created_at)
          select ('00000000-0000-4000-8000-0000000b' || lpad(i::text, 4, '0'))::uuid, 'bulk' || i || '@example.com', now()
            from generate_series(1, 3) i;`);
      const kept = (await tx.query<{ r: unknown }>(summary)).rows;
      await tx.query(`select private.push_people_rebuild()`);
      expect(kept).toEqual((await tx.query<{ r: unknown }>(summary)).rows);
      throw undo;
    });
    await expect(done).rejects.toBe(undo);
  });

  it('refreshes each person once per statement, not once per row', async () => {
    // A 1,000-row insert for two people: one trigger call and one refresh of both.
    const undo = new Error('undo the writes');
    const done = db.transaction(async (tx) => {
      await tx.exec(`set local track_functions = 'all'`);
      await tx.exec(`
        insert into public.scans (user_id, name, created_at)
          select md5('labellens-user-' || (i % 2 + 1))::uuid, 'Bulk ' || i, now() from generate_series(1, 1000) i`);
      const calls = await tx.query<{ proname: string; n: number }>(
        `select p.proname, pg_stat_get_xact_function_calls(p.oid)::int as n from pg_proc p
          where p.pronamespace = 'private'::regnamespace and p.proname like 'push_people_%'
            and pg_stat_get_xact_function_calls(p.oid) > 0 order by p.proname`,
      );
      expect(calls.rows).toEqual([
        { proname: 'push_people_follow', n: 1 },
        { proname: 'push_people_refresh', n: 1 },
      ]);
      throw undo;
    });
    await expect(done).rejects.toBe(undo);
  });
});

describe('who may do what (PUSH_ROLES create, owners approve, the users list readers see people)', () => {
  const cells = (['owner', 'support', 'editor', 'appUser', 'anon'] as Role[]).map((role) => [role] as const);
  it.each(cells)('%s', async (role) => {
    const identity = ROLES[role];
    const ok = (o: { ok: boolean }) => o.ok;
    const countCell = await attempt(db, identity, (tx) =>
      tx.query(`select public.push_audience_count('{}')`),
    );
    const sampleCell = await attempt(db, identity, (tx) =>
      tx.query(`select * from public.push_audience_sample('{}')`),
    );
    const createCell = await attempt(db, identity, (tx) =>
      tx.query(`select public.push_send_create('{"allergies":["Peanuts"]}', 'T', 'B')`),
    );
    const saveCell = await attempt(db, identity, (tx) =>
      tx.query(
        `insert into public.push_audiences (name, definition) values ('Peanuts ' || $1, '{"allergies":["Peanuts"]}')`,
        [role],
      ),
    );
    const pushRole = (PUSH_ROLES as readonly string[]).includes(role);
    expect({
      count: ok(countCell),
      sample: ok(sampleCell),
      create: ok(createCell),
      save: ok(saveCell),
    }).toEqual({
      count: pushRole,
      sample: role === 'owner' || role === 'support',
      create: pushRole,
      save: pushRole,
    });
    for (const cell of [countCell, sampleCell, createCell, saveCell])
      if (!cell.ok) expect((cell as { code: string }).code).toBe('42501');
  });

  it('lets an owner other than the author approve, and no one else', async () => {
    const send = await create(ROLES.support, {});
    expect(send).toMatchObject({ status: 'waiting_for_approval', needs_approval: true });
    const approve = (identity: RequestIdentity) =>
      attempt(db, identity, (tx) => tx.query(`select (public.push_send_approve($1)).status`, [send.id]));
    expect(await approve(ROLES.support)).toMatchObject({ ok: false, code: '42501' });
    expect(await approve(ROLES.editor)).toMatchObject({ ok: false, code: '42501' });
    expect(await approve(ROLES.appUser)).toMatchObject({ ok: false, code: '42501' });
    expect(await approve(ROLES.owner)).toMatchObject({
      ok: true,
      value: { rows: [{ status: 'scheduled' }] },
    });

    const own = await create(ROLES.owner, {});
    const self = await attempt(db, ROLES.owner, (tx) =>
      tx.query(`select public.push_send_approve($1)`, [own.id]),
    );
    expect(self).toMatchObject({
      ok: false,
      code: '42501',
      message: 'An owner other than its author approves a send',
    });
    const [approved] = await rpc<{ status: string; approved_by: string }>(
      SECOND_OWNER,
      `select status, approved_by from public.push_send_approve($1)`,
      [own.id],
    );
    expect(approved).toEqual({ status: 'scheduled', approved_by: SECOND_OWNER_ID });
    // Audited as an approval by the second owner.
    expect(
      await count(
        db,
        `select count(*) n from public.audit_log where resource = 'push_sends' and record_id = $1 and action = 'approve' and actor_id = $2`,
        [own.id, SECOND_OWNER_ID],
      ),
    ).toBe(1);
  });

  it('holds the rule in the table itself: no start without an approval, no self-approval', async () => {
    const send = await create(ROLES.owner, {});
    const start = await attempt(db, SERVICE, (tx) =>
      tx.query(`update public.push_sends set status = 'scheduled' where id = $1`, [send.id]),
    );
    expect(start).toMatchObject({
      ok: false,
      code: '23514',
      message: expect.stringContaining('push_sends_approved_before_start'),
    });
    const selfApproved = await attempt(db, SERVICE, (tx) =>
      tx.query(`update public.push_sends set status = 'scheduled', approved_by = $2 where id = $1`, [
        send.id,
        ADMIN_ID,
      ]),
    );
    expect(selfApproved).toMatchObject({
      ok: false,
      code: '23514',
      message: expect.stringContaining('push_sends_second_operator'),
    });
    const direct = await attempt(db, ROLES.owner, (tx) =>
      tx.query(`update public.push_sends set status = 'scheduled' where id = $1`, [send.id]),
    );
    expect(direct).toMatchObject({ ok: false, code: '42501' });
  });

  it("asks for approval past the owners' threshold, which only owners change", async () => {
    expect(await create(ROLES.support, PEANUTS)).toMatchObject({
      status: 'scheduled',
      needs_approval: false,
    });
    const bySupport = await attempt(db, ROLES.support, (tx) =>
      tx.query(`select public.update_push_settings(approval_threshold => 0)`),
    );
    expect(bySupport).toMatchObject({ ok: false, code: '42501' });
    await rpc(ROLES.owner, `select public.update_push_settings(approval_threshold => 0)`);
    expect(await create(ROLES.support, PEANUTS)).toMatchObject({
      status: 'waiting_for_approval',
      needs_approval: true,
    });
    await rpc(ROLES.owner, `select public.update_push_settings(approval_threshold => 1000)`);
  });
});

describe('the queue', () => {
  const IST_NOON = '2026-11-28T12:00:00+05:30';
  const IST_23 = '2026-11-28T23:00:00+05:30';
  /** The worker's RPCs as the service role, at `clock`. */
  const worker = <T>(sql: string, params: unknown[] = [], clock = IST_NOON) =>
    as(SERVICE, async (tx) => {
      await tx.query(`select set_config('labellens.push_clock', $1, true)`, [clock]);
      return (await tx.query<T>(sql, params)).rows;
    });
  const claim = (qty: number, visibility: number, clock = IST_NOON) =>
    worker<ClaimedPush>(`select * from public.push_claim($1, $2)`, [qty, visibility], clock);
  /** Marks the claimed rows sending (as the worker does before calling FCM), then records the answers. */
  const record = async (results: { send_id: string; device_id: string }[]) => {
    await worker(`select * from public.push_mark_sending($1::jsonb)`, [
      json(results.map(({ send_id, device_id }) => ({ send_id, device_id }))),
    ]);
    return worker(`select public.push_record($1::jsonb)`, [json(results)]);
  };
  const sent = (c: ClaimedPush) => ({
    msg_id: c.msg_id,
    send_id: c.send_id,
    device_id: c.device_id,
    outcome: 'sent',
    message_id: `m/${c.token}`,
  });

  /** Three devices of three new users with a peanut allergy: two in Hindi, one in English. */
  let tokens: string[];
  beforeAll(async () => {
    await db.exec(`
      update public.push_sends set status = 'cancelled' where status in ('waiting_for_approval', 'scheduled');
      insert into auth.users (id, email, created_at) select md5('push-q-' || g)::uuid, 'push-q-' || g || '@example.com', now() - interval '10 days' from generate_series(1, 3) g;
      insert into public.profiles (user_id, name, allergies) select md5('push-q-' || g)::uuid, 'Q' || g, '{Sesame}' from generate_series(1, 3) g;
      insert into public.user_devices (user_id, token, locale) select md5('push-q-' || g)::uuid, 'push-q-token-' || g, case when g < 3 then 'hi' else 'en' end from generate_series(1, 3) g;`);
    tokens = ['push-q-token-1', 'push-q-token-2', 'push-q-token-3'];
  });
  const drainAll = async () => {
    for (;;) {
      const batch = await claim(100, 60);
      if (batch.length === 0) return;
      await record(batch.map(sent));
    }
  };

  it('enqueues one message per device and gives each its language, English where Hindi is missing', async () => {
    await drainAll();
    const send = await create(ROLES.owner, { allergies: ['Sesame'] });
    const noHindi = (
      await rpc<{ id: string }>(
        ROLES.owner,
        `select id from public.push_send_create('{"allergies":["Sesame"]}', 'Only English', 'Body')`,
      )
    )[0];
    expect(send).toMatchObject({ status: 'scheduled', people: 3, devices: 3 });
    expect(await worker<{ n: number }>(`select public.push_start_due() n`)).toEqual([{ n: 0 }]);
    const batch = await claim(100, 60);
    const byToken = (id: string) =>
      Object.fromEntries(batch.filter((c) => c.send_id === id).map((c) => [c.token, c.title]));
    expect(byToken(send.id)).toEqual({ [tokens[0]]: 'वापसी', [tokens[1]]: 'वापसी', [tokens[2]]: 'Recall' });
    expect(byToken(noHindi.id)).toEqual({
      [tokens[0]]: 'Only English',
      [tokens[1]]: 'Only English',
      [tokens[2]]: 'Only English',
    });
    await record(batch.map(sent));
    const [counts] = await rpc(
      ROLES.owner,
      `select status, queued::int, sent::int, failed::int from public.push_sends where id = $1`,
      [send.id],
    );
    expect(counts).toEqual({ status: 'done', queued: 3, sent: 3, failed: 0 });
  });

  it('delivers each device exactly once when a worker dies mid-batch', async () => {
    const send = await create(ROLES.owner, { allergies: ['Sesame'] }, `, urgent => true`);
    await worker(`select public.push_start_due()`);
    const delivered: string[] = [];
    // Worker 1 claims all three with no time to live (its visibility runs out at once, as when it
    // dies), sends one and records it, and dies before sending the other two.
    const first = await claim(100, 0);
    expect(first).toHaveLength(3);
    delivered.push(first[0].token);
    await record([sent(first[0])]);
    // Worker 2 finds the two unanswered ones (and not the recorded one) and sends them.
    const second = await claim(100, 60);
    expect(second.map((c) => c.token).sort()).toEqual([first[1].token, first[2].token].sort());
    delivered.push(...second.map((c) => c.token));
    await record(second.map(sent));
    // A late answer from worker 1 for a message worker 2 delivered changes nothing.
    expect(await record([sent(first[1])])).toEqual([{ push_record: 0 }]);
    expect(delivered.sort()).toEqual([...tokens].sort());
    const [row] = await rpc(
      ROLES.owner,
      `select status, sent::int, skipped::int from public.push_sends where id = $1`,
      [send.id],
    );
    expect(row).toEqual({ status: 'done', sent: 3, skipped: 0 });
    expect(await sentDeliveries(db, send.id)).toBe(3);
  });

  it('never sends twice a push whose worker died between marking it sending and recording the answer', async () => {
    await db.exec(`delete from public.push_deliveries`); // no cap reached yet
    const send = await create(ROLES.owner, { allergies: ['Sesame'] }, `, urgent => true`);
    await worker(`select public.push_start_due()`);
    const first = await claim(100, 0);
    // Marked sending (FCM may have it), then the worker died.
    await worker(`select * from public.push_mark_sending($1::jsonb)`, [
      json([{ send_id: first[0].send_id, device_id: first[0].device_id }]),
    ]);
    const second = await claim(100, 60);
    expect(second.map((c) => c.token).sort()).toEqual([first[1].token, first[2].token].sort());
    await record(second.map(sent));
    // The dead worker's late answer is ignored too.
    expect(await record([sent(first[0])])).toEqual([{ push_record: 0 }]);
    const [row] = await rpc(
      ROLES.owner,
      `select status, sent::int, failed::int from public.push_sends where id = $1`,
      [send.id],
    );
    expect(row).toEqual({ status: 'done', sent: 2, failed: 1 });
    const [unknown] = await rpc(
      ROLES.owner,
      `select status, error from public.push_deliveries where send_id = $1 and device_id = $2`,
      [send.id, first[0].device_id],
    );
    expect(unknown).toEqual({
      status: 'failed',
      error: 'The worker stopped while sending: delivery unknown',
    });
  });

  it('drops a second message for a delivered (send, device) unsent', async () => {
    const send = await create(ROLES.owner, { allergies: ['Sesame'] }, `, urgent => true`);
    await worker(`select public.push_start_due()`);
    await record((await claim(100, 60)).map(sent));
    await db.query(
      `select pgmq.send('push', jsonb_build_object('s', $1::uuid, 'd', (select id from public.user_devices where token = $2)))`,
      [send.id, tokens[0]],
    );
    expect(await claim(100, 60)).toEqual([]);
  });

  it('holds non-urgent pushes through quiet hours (22:00-08:00 local) and lets urgent ones through', async () => {
    const { rows } = await db.query<{ quiet: string; noon: string; urgent: string }>(
      `select private.push_release_at($1, 'Asia/Kolkata', false) at time zone 'Asia/Kolkata' quiet,
              private.push_release_at($2, 'Asia/Kolkata', false) at time zone 'Asia/Kolkata' noon,
              private.push_release_at($1, 'Asia/Kolkata', true) at time zone 'Asia/Kolkata' urgent`,
      [IST_23, IST_NOON],
    );
    expect(rows[0]).toEqual({
      quiet: new Date('2026-11-29T08:00:00Z'),
      noon: new Date('2026-11-28T12:00:00Z'),
      urgent: new Date('2026-11-28T23:00:00Z'),
    });
    await db.exec(`delete from public.push_deliveries`); // no cap reached yet
    const calm = await create(ROLES.owner, { allergies: ['Sesame'] });
    const urgent = await create(ROLES.owner, { allergies: ['Sesame'] }, `, urgent => true`);
    await worker(`select public.push_start_due()`, [], IST_23);
    const at23 = await claim(100, 60, IST_23);
    expect(new Set(at23.map((c) => c.send_id))).toEqual(new Set([urgent.id]));
    await record(at23.map(sent));
    // The calm ones wait, invisible, until 08:00 IST.
    expect(
      await count(
        db,
        `select count(*) n from pgmq.q_push where (message ->> 's')::uuid = $1 and vt > now() + interval '1 hour'`,
        [calm.id],
      ),
    ).toBe(3);
  });

  it("caps each person's pushes per local day, when sending", async () => {
    await db.exec(`delete from pgmq.q_push`);
    await rpc(ROLES.owner, `select public.update_push_settings(daily_cap => 1)`);
    expect(await count(db, `select count(*) n from public.push_deliveries where status = 'sent'`)).toBe(3);
    const capped = await create(ROLES.owner, { allergies: ['Sesame'] }, `, urgent => true`);
    await worker(`select public.push_start_due()`);
    // Each of the three already had a push today (the sends above).
    expect(await claim(100, 60)).toEqual([]);
    const [row] = await rpc(
      ROLES.owner,
      `select status, sent::int, skipped::int from public.push_sends where id = $1`,
      [capped.id],
    );
    expect(row).toEqual({ status: 'done', sent: 0, skipped: 3 });
    await rpc(ROLES.owner, `select public.update_push_settings(daily_cap => 3)`);
  });

  it('pauses and resumes a send', async () => {
    await db.exec(`delete from public.push_deliveries`);
    const send = await create(ROLES.owner, { allergies: ['Sesame'] }, `, urgent => true`);
    await worker(`select public.push_start_due()`);
    await rpc(ROLES.support, `select public.push_send_set_status($1, 'paused')`, [send.id]);
    expect(await claim(100, 60)).toEqual([]);
    await rpc(ROLES.support, `select public.push_send_set_status($1, 'sending')`, [send.id]);
    await db.exec(`update pgmq.q_push set vt = now()`);
    expect(await claim(100, 60)).toHaveLength(3);
  });
});
