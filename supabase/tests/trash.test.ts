import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assumeIdentity, type Database, type Queryable } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { TRASH_RETENTION_DAYS } from '../../src/domain/limits';
import { OPERATOR_ROLES } from '../../src/domain/operatorRoles';
import { bucketId } from '../../src/domain/storage';
import { baseTable } from '../../src/providers/resourceData';
import { canOperate, RESOURCE_DATA } from '../../src/resources';
import { ADMIN_ID, attempt, ROLES, USER_ID, type Role } from './fixtures';

/**
 * The trash (supabase/schemas/25_trash.sql): who may trash, restore, delete forever
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
      `select resource, record, label, deleted_by::text from public.trash where record_id = $1`,
      [id],
    )
  ).rows[0];
/** The id of the entry a row's delete made (the caller must see it). */
const entryOf = async (tx: Queryable, table: Table, id: string) =>
  (
    await tx.query<{ id: string }>(
      `select id::text from public.trash where resource = $1 and record_id = $2 order by deleted_at desc limit 1`,
      [table, id],
    )
  ).rows[0]?.id;
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
      const trashSeen = (await tx.query(`select 1 from public.trash where record_id = $1`, [id])).rows.length;
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

  it('each role sees the entries of the tables its access lets it delete from, app users none', async () => {
    // With today's registry: owners every entry, editors content, support the inbox.
    expect(DELETERS.news).toEqual(['owner', 'editor']);
    expect(DELETERS.contact_messages).toEqual(['owner', 'support']);
    for (const role of OPERATOR_ROLES) {
      const value = TABLES.filter((table) => DELETERS[table].includes(role))
        .sort()
        .map((resource) => ({ resource, n: 2 }));
      expect(
        await visible(role),
        `${role}'s trash: public.trash's policy (supabase/schemas/25_trash.sql) and private.move_to_trash's roles in the table's trigger must match its descriptor's access`,
      ).toEqual({ ok: true, value });
    }
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
        const entry = await entryOf(tx, table, id);
        const answer = (await tx.query(`select public.admin_restore_trashed($1) as a`, [[entry]])).rows[0].a;
        await asSuperuser(tx);
        return {
          id: entry,
          before,
          answer,
          after: await rowOf(tx, table, id),
          entry: await trashed(tx, id),
          trail: await entries(tx, id),
        };
      });
      if (!outcome.ok) throw new Error(outcome.message);
      const { id, before, answer, after, entry, trail } = outcome.value;
      expect(answer).toEqual({ restored: [id], refused: [], id_taken: [] });
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
      const newsEntry = await entryOf(tx, 'news', newsId);
      const messageEntry = await entryOf(tx, 'contact_messages', messageId);
      const answers: Record<string, unknown> = {};
      for (const who of ['support', 'editor'] as const) {
        await asSuperuser(tx);
        await assumeIdentity(tx, WHO[who]);
        await tx.query('savepoint s');
        answers[who] = (
          await tx.query(`select public.admin_restore_trashed($1) as a`, [[newsEntry, messageEntry]])
        ).rows[0].a;
        await tx.query('rollback to savepoint s');
      }
      return { newsId: newsEntry, messageId: messageEntry, answers };
    });
    if (!outcome.ok) throw new Error(outcome.message);
    const { newsId, messageId, answers } = outcome.value;
    expect(answers.support).toEqual({ restored: [messageId], refused: [newsId], id_taken: [] });
    expect(answers.editor).toEqual({ restored: [newsId], refused: [messageId], id_taken: [] });
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
      const entryId = await entryOf(tx, 'tags', id);
      const answer = (await tx.query(`select public.admin_restore_trashed($1) as a`, [[entryId]])).rows[0].a;
      await asSuperuser(tx);
      return { id: entryId, answer, entry: await trashed(tx, id) };
    });
    if (!outcome.ok) throw new Error(outcome.message);
    // Its id is free; its key is not.
    expect(outcome.value.answer).toEqual({ restored: [], refused: [outcome.value.id], id_taken: [] });
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
      const entry = await entryOf(tx, 'news', id);
      await tx.query('savepoint s');
      const editor = await tx.query(`select public.admin_delete_forever($1)`, [[entry]]).then(
        () => 'allowed',
        (error: { code?: string }) => error.code,
      );
      await tx.query('rollback to savepoint s');
      await asSuperuser(tx);
      await assumeIdentity(tx, WHO.owner);
      const answer = (await tx.query(`select public.admin_delete_forever($1) as a`, [[entry]])).rows[0].a;
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
    // supabase/schemas/25_trash.sql: an answer that read the name from the row would name 'live.png', and the
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
      const entry = await entryOf(tx, 'news', bait);
      await assumeIdentity(tx, WHO.owner);
      return (await tx.query(`select public.admin_delete_forever($1) as a`, [[entry]])).rows[0].a;
    });
    expect(outcome).toEqual({ ok: true, value: { deleted: 1, files: [] } });
  });
});

describe('the retention purge', () => {
  it(`purges entries older than the retention (default ${TRASH_RETENTION_DAYS.default} days), keeps younger ones`, async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const ids = await firstIds(tx, 'health_tips', 2);
      await tx.query(`delete from public.health_tips where id = any ($1)`, [ids]);
      await tx.query(`update public.trash set deleted_at = now() - interval '31 days' where record_id = $1`, [
        ids[0],
      ]);
      await tx.query(`update public.trash set deleted_at = now() - interval '29 days' where record_id = $1`, [
        ids[1],
      ]);
      const retention = (
        await tx.query<{ d: number }>(`select trash_retention_days as d from public.admin_settings`)
      ).rows[0].d;
      await assumeIdentity(tx, { role: 'service_role', claims: { role: 'service_role' } });
      const answer = (await tx.query(`select public.purge_trash() as a`)).rows[0].a;
      await asSuperuser(tx);
      const left = (
        await tx.query(`select record_id::text as id from public.trash where record_id = any ($1)`, [ids])
      ).rows;
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

  it("each purge run's outcome is kept: every operator reads it, only the service role records it", async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await assumeIdentity(tx, { role: 'service_role', claims: { role: 'service_role' } });
      await tx.query(
        `select public.record_purge_run(false, 'Could not remove objects from news-screenshots: refused')`,
      );
      await tx.query(`select public.record_purge_run(true, null, 2, 3, 4)`);
      await asSuperuser(tx);
      const read = async (who: Who) => {
        await assumeIdentity(tx, WHO[who]);
        const rows = (
          await tx.query(
            `select succeeded, reason, purged, files_removed, orphans_removed from public.trash_purge_runs order by id`,
          )
        ).rows;
        await asSuperuser(tx);
        return rows;
      };
      return {
        owner: await read('owner'),
        editor: await read('editor'),
        support: await read('support'),
        appUser: await read('appUser'),
      };
    });
    if (!outcome.ok) throw new Error(outcome.message);
    const runs = [
      {
        succeeded: false,
        reason: 'Could not remove objects from news-screenshots: refused',
        purged: 0,
        files_removed: 0,
        orphans_removed: 0,
      },
      { succeeded: true, reason: null, purged: 2, files_removed: 3, orphans_removed: 4 },
    ];
    expect(outcome.value).toEqual({ owner: runs, editor: runs, support: runs, appUser: [] });
    expect(
      await attempt(db, WHO.anon, (tx) => tx.query(`select 1 from public.trash_purge_runs`)),
    ).toMatchObject({
      ok: false,
      code: '42501',
    });
    for (const who of ['owner', 'editor', 'support', 'appUser', 'anon'] as const) {
      expect(
        await attempt(db, WHO[who], (tx) => tx.query(`select public.record_purge_run(false, 'forged')`)),
      ).toMatchObject({ ok: false, code: '42501' });
      expect(
        await attempt(db, WHO[who], (tx) =>
          tx.query(`insert into public.trash_purge_runs (succeeded, reason) values (false, 'forged')`),
        ),
      ).toMatchObject({ ok: false, code: '42501' });
    }
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
  it("the upload fields the trash's file clean-up reads are the registry's", async () => {
    // Declared once, by a comment on the URL column (private.upload_fields); named_objects,
    // owned_objects and orphan_objects read that declaration.
    const { rows } = await db.query<{ resource: string; url_field: string; bucket_id: string }>(
      'select resource, url_field, bucket_id from private.upload_fields() order by 1, 2',
    );
    const uploads = RESOURCE_DATA.flatMap((r) => (r.upload ? [{ table: baseTable(r), ...r.upload }] : []));
    expect(uploads.length).toBeGreaterThan(0);
    expect(rows).toEqual(
      uploads
        .map((u) => ({ resource: u.table, url_field: u.urlField, bucket_id: bucketId(u.bucket) }))
        .sort((x, y) => `${x.resource} ${x.url_field}`.localeCompare(`${y.resource} ${y.url_field}`)),
    );
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
        `insert into public.trash (record_id, resource, record, restorers) values (gen_random_uuid(), 'news', '{}', '{editor}')`,
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
      await tx.query(
        `create table public.label_warnings (id uuid primary key default gen_random_uuid(), title text)`,
      );
      await tx.query(
        `create trigger label_warnings_to_trash after delete on public.label_warnings
           referencing old table as gone for each statement
           execute function private.move_to_trash('title', 'owner,editor')`,
      );
      await tx.query(`insert into public.label_warnings (title) values ('Peanut oil')`);
      await tx.query(`delete from public.label_warnings`);
      const { rows } = await tx.query<{ resource: string; label: string }>(
        `select resource, label from public.trash where resource = 'label_warnings'`,
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
        rows: [{ resource: 'label_warnings', label: 'Peanut oil' }],
        rights: [
          { who: 'anon', insert: false },
          { who: 'authenticated', insert: false },
        ],
      },
    });
  });
});

describe('each entry is its own: no delete changes another entry', () => {
  /** The entries whose deleted row had `recordId`, by table (the row's id, whatever the entry's own). */
  const entriesOfRow = async (tx: Queryable, recordId: string) =>
    (
      await tx.query<{ id: string; resource: string; record: Record<string, unknown> }>(
        `select id::text, resource, record from public.trash where record ->> 'id' = $1 order by resource`,
        [recordId],
      )
    ).rows;
  const restore = async (tx: Queryable, who: Who, ids: string[]) => {
    await asSuperuser(tx);
    await assumeIdentity(tx, WHO[who]);
    const answer = (await tx.query(`select public.admin_restore_trashed($1) as a`, [ids])).rows[0].a;
    await asSuperuser(tx);
    return answer as Record<string, string[]>;
  };

  it("an editor's tag, article and tip made with a trashed contact message's id and deleted leave support's entry intact, restorable, and restorable in bulk", async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const [messageId] = await firstIds(tx, 'contact_messages');
      const message = await rowOf(tx, 'contact_messages', messageId);
      await assumeIdentity(tx, WHO.support);
      await tx.query(`delete from public.contact_messages where id = $1`, [messageId]);
      await asSuperuser(tx);
      // What the editor sent: POST /rest/v1/<table> {"id": "<the message's id>", ...}, then
      // DELETE /rest/v1/<table>?id=eq.<the message's id>, for a tag, a news article and a tip.
      await assumeIdentity(tx, WHO.editor);
      await tx.query(
        `insert into public.tags (id, key, label, icon, color, category) values ($1, 'bait', 'Bait', 'tag', '#123456', 'general')`,
        [messageId],
      );
      await tx.query(`delete from public.tags where id = $1`, [messageId]);
      await tx.query(
        `insert into public.news (id, title, content, source_url) values ($1, 'Bait', 'A bait article.', 'https://example.com/bait')`,
        [messageId],
      );
      await tx.query(`delete from public.news where id = $1`, [messageId]);
      await tx.query(`insert into public.health_tips (id, tip) values ($1, 'A bait health tip.')`, [
        messageId,
      ]);
      await tx.query(`delete from public.health_tips where id = $1`, [messageId]);
      // The editor may do nothing to support's entry: not see it, not restore it.
      const editorSees = (
        await tx.query(
          `select 1 from public.trash where resource = 'contact_messages' and record ->> 'id' = $1`,
          [messageId],
        )
      ).rows.length;
      await asSuperuser(tx);
      const entries = await entriesOfRow(tx, messageId);
      const inbox = entries.find((e) => e.resource === 'contact_messages');
      const editorRestore = await restore(tx, 'editor', [inbox?.id ?? messageId]);
      const afterEditor = await entriesOfRow(tx, messageId);

      await tx.query('savepoint one');
      const supportRestore = await restore(tx, 'support', [inbox?.id ?? messageId]);
      const restoredMessage = await rowOf(tx, 'contact_messages', messageId);
      await tx.query('rollback to savepoint one');

      const bulk = await restore(
        tx,
        'owner',
        entries.map((e) => e.id),
      );
      const back = Object.fromEntries(
        await Promise.all(
          ['contact_messages', 'health_tips', 'news', 'tags'].map(
            async (t) => [t, (await rowOf(tx, t, messageId))?.id ?? null] as const,
          ),
        ),
      );
      return {
        message,
        messageId,
        entries,
        editorSees,
        editorRestore,
        afterEditor,
        supportRestore,
        restoredMessage,
        bulk,
        back,
        left: await entriesOfRow(tx, messageId),
      };
    });
    if (!outcome.ok) throw new Error(outcome.message);
    const v = outcome.value;
    // Four entries, one per delete, each with the row its own delete took.
    expect(v.entries.map((e) => [e.resource, e.record.id])).toEqual([
      ['contact_messages', v.messageId],
      ['health_tips', v.messageId],
      ['news', v.messageId],
      ['tags', v.messageId],
    ]);
    expect(new Set(v.entries.map((e) => e.id)).size).toBe(4);
    const inbox = v.entries[0];
    expect(inbox.record).toEqual(v.message);
    expect(v.editorSees).toBe(0);
    expect(v.editorRestore).toEqual({ restored: [], refused: [inbox.id], id_taken: [] });
    expect(v.afterEditor).toEqual(v.entries);
    expect(v.supportRestore).toEqual({ restored: [inbox.id], refused: [], id_taken: [] });
    expect(v.restoredMessage).toEqual(v.message);
    expect({ ...v.bulk, restored: [...v.bulk.restored].sort() }).toEqual({
      restored: v.entries.map((e) => e.id).sort(),
      refused: [],
      id_taken: [],
    });
    expect(v.back).toEqual({
      contact_messages: v.messageId,
      health_tips: v.messageId,
      news: v.messageId,
      tags: v.messageId,
    });
    expect(v.left).toEqual([]);
  });

  it('a row whose id is taken again is refused as such and its entry stays; a row deleted twice keeps both entries, the newer restored first', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const [newsId] = await firstIds(tx, 'news');
      const article = await rowOf(tx, 'news', newsId);
      await assumeIdentity(tx, WHO.editor);
      await tx.query(`delete from public.news where id = $1`, [newsId]);
      // The id taken again by a new article (POST /rest/v1/news {"id": ...}).
      await tx.query(
        `insert into public.news (id, title, content, source_url) values ($1, 'Same id', 'Another article.', 'https://example.com/same')`,
        [newsId],
      );
      await asSuperuser(tx);
      const [first] = await entriesOfRow(tx, newsId);
      const taken = await restore(tx, 'editor', [first.id]);
      const stays = await entriesOfRow(tx, newsId);
      // That article deleted too, later (this test's one transaction would give both deletes the
      // same now()): a second entry, the first unchanged.
      await tx.query(`update public.trash set deleted_at = deleted_at - interval '1 minute' where id = $1`, [
        first.id,
      ]);
      await assumeIdentity(tx, WHO.editor);
      await tx.query(`delete from public.news where id = $1`, [newsId]);
      await asSuperuser(tx);
      const both = await entriesOfRow(tx, newsId);
      const second = both.find((e) => e.id !== first.id)!;
      const together = await restore(tx, 'editor', [first.id, second.id]);
      return { article, first, taken, stays, both, second, together, now: await rowOf(tx, 'news', newsId) };
    });
    if (!outcome.ok) throw new Error(outcome.message);
    const v = outcome.value;
    expect(v.first.record).toEqual(v.article);
    expect(v.taken).toEqual({ restored: [], refused: [v.first.id], id_taken: [v.first.id] });
    expect(v.stays).toEqual([v.first]);
    expect(v.both.length).toBe(2);
    expect(v.both).toContainEqual(v.first);
    expect(v.second.record.title).toBe('Same id');
    expect(v.together).toEqual({ restored: [v.second.id], refused: [v.first.id], id_taken: [v.first.id] });
    expect(v.now?.title).toBe('Same id');
  });
  it('two deletes of one id in one transaction: the later entry is the newer one, however their random ids fall', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const [id] = await firstIds(tx, 'health_tips');
      await assumeIdentity(tx, WHO.editor);
      await tx.query(`delete from public.health_tips where id = $1`, [id]);
      await asSuperuser(tx);
      // The id taken again by a new tip (POST /rest/v1/health_tips {"id": ...}), deleted too.
      await assumeIdentity(tx, WHO.editor);
      await tx.query(
        `insert into public.health_tips (id, tip) values ($1, 'Changed between the two deletes.')`,
        [id],
      );
      await tx.query(`delete from public.health_tips where id = $1`, [id]);
      await asSuperuser(tx);
      const { rows } = await tx.query<{ tip: string; later: boolean }>(
        `select record ->> 'tip' as tip, deleted_at > lead(deleted_at) over (order by deleted_at desc, id desc) as later
           from public.trash where resource = 'health_tips' and record_id = $1 order by deleted_at desc, id desc`,
        [id],
      );
      // Undo's choice (admin_restore_trashed: the newest deletion of the row) brings the later one back.
      const both = rows.length;
      const undo = await restore(
        tx,
        'editor',
        (
          await tx.query<{ id: string }>(`select id::text from public.trash where record_id = $1`, [id])
        ).rows.map((r) => r.id),
      );
      const tip = (await tx.query<{ tip: string }>(`select tip from public.health_tips where id = $1`, [id]))
        .rows[0].tip;
      return { rows, both, restored: undo.restored.length, tip };
    });
    expect(outcome).toEqual({
      ok: true,
      value: {
        rows: [
          { tip: 'Changed between the two deletes.', later: true },
          { tip: expect.any(String), later: null },
        ],
        both: 2,
        restored: 1,
        tip: 'Changed between the two deletes.',
      },
    });
  });
});

describe('files follow only their own records', () => {
  const OWN = 'http://127.0.0.1:54321/storage/v1/object/public';
  const FOREIGN = 'https://elsewhere.example/storage/v1/object/public';
  const SCAN = `${USER_ID}/label.jpg`;
  const AVATAR = `${USER_ID}/avatar.png`;

  it("delete forever and the purge answer only what a row's upload field names in its bucket: no other field's, no other bucket's, none a live row or another entry names", async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const [foreign, otherBucket, sharedLive, sharedEntry, keptEntry, own, live] = await firstIds(
        tx,
        'news',
        7,
      );
      const [tip] = await firstIds(tx, 'health_tips');
      const set = (id: string, column: string, value: string) =>
        tx.query(`update public.news set ${column} = $2 where id = $1`, [id, value]);
      await assumeIdentity(tx, WHO.editor);
      // PATCH /rest/v1/news?id=eq.<id> with URLs naming an app user's label photo and avatar.
      await set(foreign, 'source_url_screenshot', `${FOREIGN}/scan-images/${SCAN}`);
      await set(foreign, 'source_url', `${FOREIGN}/avatars/${AVATAR}`);
      await set(otherBucket, 'source_url_screenshot', `${OWN}/avatars/${AVATAR}`);
      await set(otherBucket, 'content', `${OWN}/scan-images/${SCAN}`);
      await tx.query(`update public.health_tips set tip = $2 where id = $1`, [
        tip,
        `${FOREIGN}/avatars/${AVATAR}`,
      ]);
      await set(sharedLive, 'source_url_screenshot', `${OWN}/news-screenshots/shared-live.png`);
      await set(live, 'source_url_screenshot', `${OWN}/news-screenshots/shared-live.png`);
      await set(sharedEntry, 'source_url_screenshot', `${FOREIGN}/news-screenshots/shared-entry.png`);
      await set(keptEntry, 'source_url_screenshot', `${OWN}/news-screenshots/shared-entry.png`);
      await set(own, 'source_url_screenshot', `${OWN}/news-screenshots/own.png`);
      await tx.query(`delete from public.news where id = any ($1)`, [
        [foreign, otherBucket, sharedLive, sharedEntry, keptEntry, own],
      ]);
      await tx.query(`delete from public.health_tips where id = $1`, [tip]);
      await asSuperuser(tx);
      const ids = (
        await tx.query<{ id: string }>(`select id::text from public.trash where record_id = any ($1)`, [
          [foreign, otherBucket, sharedLive, sharedEntry, own, tip],
        ])
      ).rows.map((r) => r.id);

      await tx.query('savepoint forever');
      await assumeIdentity(tx, WHO.owner);
      const forever = (await tx.query(`select public.admin_delete_forever($1) as a`, [ids])).rows[0].a;
      await tx.query('rollback to savepoint forever');

      await tx.query(`update public.trash set deleted_at = now() - interval '31 days' where id = any ($1)`, [
        ids,
      ]);
      await assumeIdentity(tx, { role: 'service_role', claims: { role: 'service_role' } });
      const purge = (await tx.query(`select public.purge_trash() as a`)).rows[0].a;
      return { forever, purge };
    });
    const files = [{ bucket_id: 'news-screenshots', name: 'own.png' }];
    expect(outcome).toEqual({
      ok: true,
      value: { forever: { deleted: 6, files }, purge: { purged: 6, files } },
    });
  });

  it.each([
    ['http://127.0.0.1:54321/storage/v1/object/public/news-screenshots/a.png', 'a.png'],
    ['https://abc.supabase.co/storage/v1/object/public/news-screenshots/b%20c.png', 'b%20c.png'],
    ['https://elsewhere.example/x/storage/v1/object/public/news-screenshots/a.png', null],
    ['https://elsewhere.example/storage/v1/object/public/news-screenshots/a.png?download', null],
    ['https://elsewhere.example/storage/v1/object/public/news-screenshotsX/a.png', null],
    ['https://elsewhere.example/storage/v1/object/public/scan-images/a.png', null],
    ['ftp://elsewhere.example/storage/v1/object/public/news-screenshots/a.png', null],
  ])('%s names %s in news-screenshots', async (url, name) => {
    const { rows } = await db.query<{ name: string | null }>(
      `select private.storage_object_name('news-screenshots', $1) as name`,
      [url],
    );
    expect(rows[0].name).toBe(name);
  });
});
