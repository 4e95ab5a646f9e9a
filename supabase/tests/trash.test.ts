import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assumeIdentity, type Database, type Queryable } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { TRASH_RETENTION_DAYS } from '../../src/domain/limits';
import { OPERATOR_ROLES } from '../../src/domain/operatorRoles';
import { baseTable } from '../../src/providers/resourceData';
import { canOperate, RESOURCE_DATA } from '../../src/resources';
import { ADMIN_ID, attempt, ROLES, type Role } from './fixtures';

/**
 * The trash (supabase/migrations/20241101002900_trash.sql): who may trash, restore, delete forever
 * and see the trash, for every role; a restored row equals the deleted one field by field; the
 * purge keeps what is younger than the retention period. Each test rolls back.
 */

const WHO = ROLES;
type Who = Role;

/** The trashed resources' tables, by their descriptors (src/resources/). */
const TABLES = RESOURCE_DATA.filter((data) => data.trash).map(baseTable);
type Table = string;
/** Who may delete (and so restore) rows of each table: the roles its descriptor lets delete. */
const DELETERS: Record<Table, Who[]> = Object.fromEntries(
  RESOURCE_DATA.filter((data) => data.trash).map((data) => [
    baseTable(data),
    OPERATOR_ROLES.filter((role) => canOperate(role, data.name, 'delete')),
  ]),
);

const rowOf = async (tx: Queryable, table: Table, id: string) =>
  (
    await tx.query<{ row: Record<string, unknown> | null }>(
      `select (select to_jsonb(t) from public.${table} t where t.id = $1) as row`,
      [id],
    )
  ).rows[0].row;
const firstIds = async (tx: Queryable, table: Table, n = 1) =>
  (
    await tx.query<{ id: string }>(
      `select id::text as id from public.${table} order by created_at, id limit ${n}`,
    )
  ).rows.map((r) => r.id);
const asSuperuser = (tx: Queryable) => tx.query(`select set_config('role', 'none', true)`);
const trashed = async (tx: Queryable, id: string) =>
  (
    await tx.query<{ resource: string; record: Record<string, unknown>; label: string; deleted_by: string }>(
      `select resource, record, label, deleted_by::text from public.trash where id = $1`,
      [id],
    )
  ).rows[0];
const entries = async (tx: Queryable, id: string) =>
  (
    await tx.query<{ action: string; actor_id: string | null; record_label: string }>(
      `select action, actor_id::text, record_label from public.audit_log where record_id = $1 order by occurred_at, id`,
      [id],
    )
  ).rows;

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('deleting moves the row to the trash', () => {
  it.each(
    TABLES.flatMap((table) => (['owner', 'editor', 'support'] as const).map((who) => [table, who] as const)),
  )('%s deleted by %s', async (table, who) => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const [id] = await firstIds(tx, table);
      const before = await rowOf(tx, table, id);
      await assumeIdentity(tx, WHO[who]);
      const deleted = (await tx.query(`delete from public.${table} where id = $1 returning id`, [id])).rows
        .length;
      await asSuperuser(tx);
      return {
        id,
        before,
        deleted,
        after: await rowOf(tx, table, id),
        entry: await trashed(tx, id),
        trail: await entries(tx, id),
      };
    });
    if (!outcome.ok) throw new Error(outcome.message);
    const { before, deleted, after, entry, trail } = outcome.value;
    if (DELETERS[table].includes(who)) {
      expect(deleted).toBe(1);
      expect(after).toBeNull();
      // The whole row, every field as it was.
      expect(entry.record).toEqual(before);
      expect(entry.resource).toBe(table);
      expect(entry.deleted_by).toBe(WHO[who].claims.sub);
      expect(trail.at(-1)).toMatchObject({ action: 'delete', actor_id: WHO[who].claims.sub });
    } else {
      // The delete policy leaves the row alone (PostgREST answers an empty delete).
      expect(deleted).toBe(0);
      expect(after).toEqual(before);
      expect(entry).toBeUndefined();
      expect(trail.filter((e) => e.action === 'delete')).toEqual([]);
    }
  });

  it('app users cannot delete, and a trashed row is gone for them as a deleted one was (anon reads no news)', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const [id] = await firstIds(tx, 'news');
      await assumeIdentity(tx, WHO.appUser);
      const userDelete = (await tx.query(`delete from public.news where id = $1 returning id`, [id])).rows
        .length;
      const seenBefore = (await tx.query(`select 1 from public.news where id = $1`, [id])).rows.length;
      await asSuperuser(tx);
      await assumeIdentity(tx, WHO.editor);
      await tx.query(`delete from public.news where id = $1`, [id]);
      await asSuperuser(tx);
      await assumeIdentity(tx, WHO.appUser);
      const seenAfter = (await tx.query(`select 1 from public.news where id = $1`, [id])).rows.length;
      const trashSeen = (await tx.query(`select 1 from public.trash where id = $1`, [id])).rows.length;
      return { userDelete, seenBefore, seenAfter, trashSeen };
    });
    expect(outcome).toEqual({
      ok: true,
      value: { userDelete: 0, seenBefore: 1, seenAfter: 0, trashSeen: 0 },
    });
    expect(await attempt(db, WHO.anon, (tx) => tx.query(`select 1 from public.news`))).toMatchObject({
      ok: false,
      code: '42501',
    });
  });
});

describe('who sees the trash', () => {
  const visible = async (who: Who) =>
    attempt(db, 'superuser', async (tx) => {
      for (const table of TABLES)
        await tx.query(`delete from public.${table} where id = any ($1)`, [await firstIds(tx, table, 2)]);
      await assumeIdentity(tx, WHO[who]);
      return (
        await tx.query<{ resource: string; n: number }>(
          `select resource, count(*)::int as n from public.trash group by resource order by resource`,
        )
      ).rows;
    });

  it('owners see every entry, editors content, support the inbox, app users none', async () => {
    expect(await visible('owner')).toEqual({
      ok: true,
      value: [
        { resource: 'contact_messages', n: 2 },
        { resource: 'health_tips', n: 2 },
        { resource: 'news', n: 2 },
        { resource: 'tags', n: 2 },
      ],
    });
    expect(await visible('editor')).toEqual({
      ok: true,
      value: [
        { resource: 'health_tips', n: 2 },
        { resource: 'news', n: 2 },
        { resource: 'tags', n: 2 },
      ],
    });
    expect(await visible('support')).toEqual({ ok: true, value: [{ resource: 'contact_messages', n: 2 }] });
    expect(await visible('appUser')).toEqual({ ok: true, value: [] });
  });

  it('anon has no access to the table at all', async () => {
    expect(await visible('anon')).toMatchObject({ ok: false, code: '42501' });
  });
});

describe('restoring', () => {
  it.each(TABLES)(
    'the restored %s row equals the deleted one, field by field, and the trail says so',
    async (table) => {
      const restorer = DELETERS[table][1];
      const outcome = await attempt(db, 'superuser', async (tx) => {
        const [id] = await firstIds(tx, table);
        const before = await rowOf(tx, table, id);
        await assumeIdentity(tx, WHO[restorer]);
        await tx.query(`delete from public.${table} where id = $1`, [id]);
        const answer = (await tx.query(`select public.admin_restore_trashed($1) as a`, [[id]])).rows[0].a;
        await asSuperuser(tx);
        return {
          id,
          before,
          answer,
          after: await rowOf(tx, table, id),
          entry: await trashed(tx, id),
          trail: await entries(tx, id),
        };
      });
      if (!outcome.ok) throw new Error(outcome.message);
      const { id, before, answer, after, entry, trail } = outcome.value;
      expect(answer).toEqual({ restored: [id], refused: [] });
      expect(JSON.stringify(after)).toBe(JSON.stringify(before));
      expect(entry).toBeUndefined();
      expect(trail.slice(-2).map((e) => [e.action, e.actor_id])).toEqual([
        ['delete', WHO[restorer].claims.sub],
        ['undelete', WHO[restorer].claims.sub],
      ]);
    },
  );

  it('an operator whose role may not delete a row may not restore it; app users and anon are refused', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const [newsId] = await firstIds(tx, 'news');
      const [messageId] = await firstIds(tx, 'contact_messages');
      await tx.query(`delete from public.news where id = $1`, [newsId]);
      await tx.query(`delete from public.contact_messages where id = $1`, [messageId]);
      const answers: Record<string, unknown> = {};
      for (const who of ['support', 'editor'] as const) {
        await asSuperuser(tx);
        await assumeIdentity(tx, WHO[who]);
        await tx.query('savepoint s');
        answers[who] = (
          await tx.query(`select public.admin_restore_trashed($1) as a`, [[newsId, messageId]])
        ).rows[0].a;
        await tx.query('rollback to savepoint s');
      }
      return { newsId, messageId, answers };
    });
    if (!outcome.ok) throw new Error(outcome.message);
    const { newsId, messageId, answers } = outcome.value;
    expect(answers.support).toEqual({ restored: [messageId], refused: [newsId] });
    expect(answers.editor).toEqual({ restored: [newsId], refused: [messageId] });
    for (const who of ['appUser', 'anon'] as const) {
      const refused = await attempt(db, WHO[who], (tx) =>
        tx.query(`select public.admin_restore_trashed($1)`, [[newsId]]),
      );
      expect(refused).toMatchObject({ ok: false, code: '42501' });
    }
  });

  it('a tag whose key was taken meanwhile stays in the trash and is reported as refused', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const [id] = await firstIds(tx, 'tags');
      const { key } = (await tx.query<{ key: string }>(`select key from public.tags where id = $1`, [id]))
        .rows[0];
      await assumeIdentity(tx, WHO.editor);
      await tx.query(`delete from public.tags where id = $1`, [id]);
      await tx.query(
        `insert into public.tags (key, label, icon, color, category) values ($1, 'Taken', 'tag', '#123456', 'general')`,
        [key],
      );
      const answer = (await tx.query(`select public.admin_restore_trashed($1) as a`, [[id]])).rows[0].a;
      await asSuperuser(tx);
      return { id, answer, entry: await trashed(tx, id) };
    });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.value.answer).toEqual({ restored: [], refused: [outcome.value.id] });
    expect(outcome.value.entry.resource).toBe('tags');
  });
});

describe('deleting forever', () => {
  const SHOT = 'http://127.0.0.1:54321/storage/v1/object/public/news-screenshots/4f1c.png';

  it('is for owners: the entry goes, the trail says who, the answer names the files to remove', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const [id] = await firstIds(tx, 'news');
      await tx.query(`update public.news set source_url_screenshot = $2 where id = $1`, [id, SHOT]);
      await assumeIdentity(tx, WHO.editor);
      await tx.query(`delete from public.news where id = $1`, [id]);
      await tx.query('savepoint s');
      const editor = await tx.query(`select public.admin_delete_forever($1)`, [[id]]).then(
        () => 'allowed',
        (error: { code?: string }) => error.code,
      );
      await tx.query('rollback to savepoint s');
      await asSuperuser(tx);
      await assumeIdentity(tx, WHO.owner);
      const answer = (await tx.query(`select public.admin_delete_forever($1) as a`, [[id]])).rows[0].a;
      await asSuperuser(tx);
      return { editor, answer, entry: await trashed(tx, id), trail: await entries(tx, id) };
    });
    if (!outcome.ok) throw new Error(outcome.message);
    const { editor, answer, entry, trail } = outcome.value;
    expect(editor).toBe('42501');
    expect(answer).toEqual({ deleted: 1, files: [{ bucket_id: 'news-screenshots', name: '4f1c.png' }] });
    expect(entry).toBeUndefined();
    expect(trail.at(-1)).toMatchObject({ action: 'delete_forever', actor_id: ADMIN_ID });
  });
  it("never answers a file another row still names: an article given a foreign host's URL to a live article's screenshot", async () => {
    // 20241101003300_trash_files_named_elsewhere.sql: before it, the answer named 'live.png', and the
    // owner's client (or the purge) removed the live article's screenshot.
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const [live, bait] = await firstIds(tx, 'news', 2);
      await tx.query(`update public.news set source_url_screenshot = $2 where id = $1`, [
        live,
        'http://127.0.0.1:54321/storage/v1/object/public/news-screenshots/live.png',
      ]);
      await assumeIdentity(tx, WHO.editor);
      await tx.query(`update public.news set source_url_screenshot = $2 where id = $1`, [
        bait,
        'https://elsewhere.example/storage/v1/object/public/news-screenshots/live.png',
      ]);
      await tx.query(`delete from public.news where id = $1`, [bait]);
      await asSuperuser(tx);
      await assumeIdentity(tx, WHO.owner);
      return (await tx.query(`select public.admin_delete_forever($1) as a`, [[bait]])).rows[0].a;
    });
    expect(outcome).toEqual({ ok: true, value: { deleted: 1, files: [] } });
  });
});

describe('the retention purge', () => {
  it(`purges entries older than the retention (default ${TRASH_RETENTION_DAYS.default} days), keeps younger ones`, async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const ids = await firstIds(tx, 'health_tips', 2);
      await tx.query(`delete from public.health_tips where id = any ($1)`, [ids]);
      await tx.query(`update public.trash set deleted_at = now() - interval '31 days' where id = $1`, [
        ids[0],
      ]);
      await tx.query(`update public.trash set deleted_at = now() - interval '29 days' where id = $1`, [
        ids[1],
      ]);
      const retention = (
        await tx.query<{ d: number }>(`select trash_retention_days as d from public.admin_settings`)
      ).rows[0].d;
      await assumeIdentity(tx, { role: 'service_role', claims: { role: 'service_role' } });
      const answer = (await tx.query(`select public.purge_trash() as a`)).rows[0].a;
      await asSuperuser(tx);
      const left = (await tx.query(`select id::text from public.trash where id = any ($1)`, [ids])).rows;
      return { ids, retention, answer, left, trail: await entries(tx, ids[0]) };
    });
    if (!outcome.ok) throw new Error(outcome.message);
    const { ids, retention, answer, left, trail } = outcome.value;
    expect(retention).toBe(TRASH_RETENTION_DAYS.default);
    expect(answer).toEqual({ purged: 1, files: [] });
    expect(left).toEqual([{ id: ids[1] }]);
    expect(trail.at(-1)).toMatchObject({ action: 'purge', actor_id: null });
  });

  it('only the service role runs the purge', async () => {
    for (const who of ['owner', 'anon', 'appUser'] as const)
      expect(await attempt(db, WHO[who], (tx) => tx.query(`select public.purge_trash()`))).toMatchObject({
        ok: false,
        code: '42501',
      });
  });

  it(`owners set the retention between ${TRASH_RETENTION_DAYS.min} and ${TRASH_RETENTION_DAYS.max} days; editors may not`, async () => {
    const set = (who: Who, days: number) =>
      attempt(
        db,
        WHO[who],
        async (tx) =>
          (
            await tx.query<{ d: number }>(
              `select (public.update_admin_settings(trash_retention_days => $1)).trash_retention_days as d`,
              [days],
            )
          ).rows[0].d,
      );
    expect(await set('owner', TRASH_RETENTION_DAYS.max)).toEqual({
      ok: true,
      value: TRASH_RETENTION_DAYS.max,
    });
    expect(await set('owner', TRASH_RETENTION_DAYS.max + 1)).toMatchObject({ ok: false, code: '23514' });
    expect(await set('owner', TRASH_RETENTION_DAYS.min - 1)).toMatchObject({ ok: false, code: '23514' });
    expect(await set('editor', 7)).toMatchObject({ ok: false, code: '42501' });
  });
});

describe('files follow their records', () => {
  it("the orphan check's upload columns are the registry's upload fields", async () => {
    const { rows } = await db.query<{ src: string }>(
      `select pg_get_functiondef('private.named_objects()'::regprocedure) as src`,
    );
    const uploads = RESOURCE_DATA.flatMap((r) => (r.upload ? [{ table: baseTable(r), ...r.upload }] : []));
    expect(uploads).toEqual([
      {
        table: 'news',
        fileField: 'screenshot_file',
        urlField: 'source_url_screenshot',
        bucket: 'news-screenshots',
      },
    ]);
    for (const u of uploads) {
      expect(rows[0].src).toContain(`from public.${u.table} n`);
      expect(rows[0].src).toContain(`n.${u.urlField}`);
      expect(rows[0].src).toContain(`'${u.bucket}'`);
    }
  });

  it('lists objects no row and no trash entry names, and none that one does', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const [kept, trashedId] = await firstIds(tx, 'news', 2);
      for (const name of ['kept.png', 'trashed.png', 'orphan.png'])
        await tx.query(
          `insert into storage.objects (bucket_id, name, created_at) values ('news-screenshots', $1, now() - interval '2 days')`,
          [name],
        );
      const url = (name: string) =>
        `http://127.0.0.1:54321/storage/v1/object/public/news-screenshots/${name}`;
      await tx.query(`update public.news set source_url_screenshot = $2 where id = $1`, [
        kept,
        url('kept.png'),
      ]);
      await tx.query(`update public.news set source_url_screenshot = $2 where id = $1`, [
        trashedId,
        url('trashed.png'),
      ]);
      await tx.query(`delete from public.news where id = $1`, [trashedId]);
      return (
        await tx.query(
          `select bucket_id, name from public.orphan_objects() where name like '%.png' order by name`,
        )
      ).rows;
    });
    expect(outcome).toEqual({ ok: true, value: [{ bucket_id: 'news-screenshots', name: 'orphan.png' }] });
  });
});

describe('the trash is no API for outsiders', () => {
  it.each(['appUser', 'editor'] as const)('%s cannot write trash entries directly', async (who) => {
    const outcome = await attempt(db, WHO[who], (tx) =>
      tx.query(
        `insert into public.trash (id, resource, record, restorers) values (gen_random_uuid(), 'news', '{}', '{editor}')`,
      ),
    );
    expect(outcome).toMatchObject({ ok: false, code: '42501' });
  });
});

describe('what the trash may name', () => {
  it.each(['admin_users', 'scans', 'no_such_table', 'news" ; drop table public.news; --'])(
    'refuses an entry naming %s, a table without a trash trigger (23514), whoever writes it',
    async (resource) => {
      const outcome = await attempt(db, 'superuser', (tx) =>
        tx.query(
          `insert into public.trash (id, resource, record, restorers) values (gen_random_uuid(), $1, '{}', '{owner}')`,
          [resource],
        ),
      );
      expect(outcome).toMatchObject({ ok: false, code: '23514' });
    },
  );

  it('takes a new table once it has a move_to_trash trigger, and no API role writes entries itself', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await tx.query(`create table public.allergen_guides (id uuid primary key default gen_random_uuid(), title text)`);
      await tx.query(
        `create trigger allergen_guides_to_trash after delete on public.allergen_guides
           referencing old table as gone for each statement
           execute function private.move_to_trash('title', 'owner,editor')`,
      );
      await tx.query(`insert into public.allergen_guides (title) values ('Peanuts')`);
      await tx.query(`delete from public.allergen_guides`);
      const { rows } = await tx.query<{ resource: string; label: string }>(
        `select resource, label from public.trash where resource = 'allergen_guides'`,
      );
      const { rows: rights } = await tx.query<{ who: string; insert: boolean }>(
        `select r as who, has_table_privilege(r, 'public.trash', 'insert') as insert
           from unnest(array['anon', 'authenticated']) r`,
      );
      return { rows, rights };
    });
    expect(outcome).toEqual({
      ok: true,
      value: {
        rows: [{ resource: 'allergen_guides', label: 'Peanuts' }],
        rights: [
          { who: 'anon', insert: false },
          { who: 'authenticated', insert: false },
        ],
      },
    });
  });
});
