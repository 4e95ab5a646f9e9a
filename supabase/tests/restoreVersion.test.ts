import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assumeIdentity, type Database, type Queryable, type RequestIdentity } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { ADMIN_ID, attempt, EDITOR_ID, IDENTITIES, ROLES, SUPPORT_ID } from './fixtures';

/**
 * Every version restorable (supabase/schemas/20_audit.sql): who may read
 * and restore a version, and that a restored row equals the old version field by field. Each test
 * runs in its own transaction, which always rolls back.
 */

const signedIn = (sub: string): RequestIdentity => ({
  role: 'authenticated',
  claims: { sub, role: 'authenticated', aud: 'authenticated', aal: 'aal1' },
});

const ROW_SQL: Record<string, string> = {
  news: `select to_jsonb(t) - 'updated_at' as row from public.news t where t.id::text = $1`,
  health_tips: `select to_jsonb(t) - 'updated_at' as row from public.health_tips t where t.id::text = $1`,
  tags: `select to_jsonb(t) - 'updated_at' as row from public.tags t where t.id::text = $1`,
  admin_settings: `select to_jsonb(t) - 'updated_at' - 'updated_by' as row from public.admin_settings t where t.id::text = $1`,
};
const rowOf = async (tx: Queryable, table: string, id: string) =>
  (await tx.query<{ row: Record<string, unknown> }>(ROW_SQL[table], [id])).rows[0].row;
const lastEntry = async (tx: Queryable, table: string, id: string) =>
  (
    await tx.query<{ id: number; action: string; changes: Record<string, unknown>; actor_id: string }>(
      `select id::int, action, changes, actor_id from public.audit_log
        where resource = $1 and record_id = $2 order by occurred_at desc, id desc limit 1`,
      [table, id],
    )
  ).rows[0];
const restore = async (tx: Queryable, table: string, id: string, entry: number) =>
  (
    await tx.query<{ row: Record<string, unknown> }>(
      `select public.admin_restore_version($1, $2, $3, (select t.updated_at from public.${table} t where t.id::text = $2)) - 'updated_at' as row`,
      [table, id, entry],
    )
  ).rows[0].row;

/** Three versions of a record, written by `writer`: returns the entry ids and rows after each. */
const EDITS: Record<string, Array<Record<string, unknown>>> = {
  news: [
    { title: 'Version one', content: 'The first text of the article.', source_url_screenshot: null },
    { title: 'Version two', content: 'The second text, longer than the first one.' },
    { content: 'The third text.', source_url_screenshot: 'https://example.com/shot.png' },
  ],
  health_tips: [
    { tip: 'Drink a glass of water with every meal.' },
    { tip: 'Eat vegetables of five colours each day.' },
    { tip: 'Walk twenty minutes after dinner.' },
  ],
  tags: [
    { label: 'Label one', color: '#112233', is_active: true, sort_order: 3 },
    { label: 'Label two', sort_order: 7 },
    { color: '#abcdef', is_active: false },
  ],
};
const FIRST_ID: Record<string, string> = {
  news: 'select id::text as id from public.news order by created_at, id limit 1',
  health_tips: 'select id::text as id from public.health_tips order by created_at, id limit 1',
  tags: 'select id::text as id from public.tags order by sort_order, id limit 1',
};

async function writeVersions(tx: Queryable, table: string, id: string) {
  const versions: Array<{ entry: number; row: Record<string, unknown> }> = [];
  for (const edit of EDITS[table]) {
    const keys = Object.keys(edit);
    await tx.query(
      `update public.${table} set ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')} where id::text = $1`,
      [id, ...keys.map((k) => edit[k])],
    );
    versions.push({ entry: (await lastEntry(tx, table, id)).id, row: await rowOf(tx, table, id) });
  }
  return versions;
}

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('restoring a version of news, health tips and tags', () => {
  it.each(['news', 'health_tips', 'tags'])(
    'an editor restores the first of three versions of %s: the row equals it field by field, audited as a restore',
    async (table) => {
      const outcome = await attempt(db, 'superuser', async (tx) => {
        const id = (await tx.query<{ id: string }>(FIRST_ID[table])).rows[0].id;
        await assumeIdentity(tx, signedIn(EDITOR_ID));
        const versions = await writeVersions(tx, table, id);
        const read = (
          await tx.query(`select public.admin_record_version($1, $2, $3) as v`, [
            table,
            id,
            versions[0].entry,
          ])
        ).rows[0].v;
        const before = await rowOf(tx, table, id);
        const returned = await restore(tx, table, id, versions[0].entry);
        const after = await rowOf(tx, table, id);
        const entry = await lastEntry(tx, table, id);
        return { versions, read, before, returned, after, entry };
      });
      if (!outcome.ok) throw new Error(outcome.message);
      const { versions, read, before, returned, after, entry } = outcome.value;
      // Field by field, JSON-compared: the whole row (id and created_at included) is the first version.
      expect(after).toEqual(versions[0].row);
      expect(returned).toEqual(versions[0].row);
      // The version read for the History tab is the first version's editable fields.
      expect(read).toEqual(
        Object.fromEntries(Object.keys(read as object).map((k) => [k, versions[0].row[k]])),
      );
      const changed = Object.keys(before).filter(
        (k) => JSON.stringify(before[k]) !== JSON.stringify(versions[0].row[k]),
      );
      expect(changed.length).toBeGreaterThan(0);
      expect(entry).toEqual({
        id: entry.id,
        action: 'restore',
        actor_id: EDITOR_ID,
        changes: {
          ...Object.fromEntries(changed.map((k) => [k, { old: before[k], new: versions[0].row[k] }])),
          restored_from: versions[0].entry,
        },
      });
    },
  );

  it('refuses a restore after a colleague’s save (PT409), leaving the colleague’s text', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const id = (await tx.query<{ id: string }>(FIRST_ID.health_tips)).rows[0].id;
      await assumeIdentity(tx, signedIn(EDITOR_ID));
      const versions = await writeVersions(tx, 'health_tips', id);
      // The editor compares with now: the version the comparison was made against.
      const compared = (
        await tx.query<{ v: string }>(`select updated_at::text as v from public.health_tips where id = $1`, [
          id,
        ])
      ).rows[0].v;
      // The owner saves meanwhile.
      await assumeIdentity(tx, signedIn(ADMIN_ID));
      await tx.query(`update public.health_tips set tip = 'The owner’s newer text.' where id = $1`, [id]);
      await assumeIdentity(tx, signedIn(EDITOR_ID));
      await tx.query('savepoint s');
      let refused: unknown = null;
      try {
        await tx.query(`select public.admin_restore_version('health_tips', $1, $2, $3::timestamptz)`, [
          id,
          versions[0].entry,
          compared,
        ]);
      } catch (error) {
        refused = { code: (error as { code: string }).code, message: (error as Error).message };
        await tx.query('rollback to savepoint s');
      }
      const tip = (await tx.query<{ tip: string }>(`select tip from public.health_tips where id = $1`, [id]))
        .rows[0].tip;
      return { refused, tip };
    });
    expect(outcome).toEqual({
      ok: true,
      value: {
        refused: { code: 'PT409', message: 'This record changed since the version was compared' },
        tip: 'The owner’s newer text.',
      },
    });
  });

  it('rebuilds a version in the trail’s id order: a writer that waited on the row lock follows, whatever its start', async () => {
    // Two writers, interleaved as on PostgreSQL: B starts first (its now() is earlier) but waits on
    // the row lock A holds, so A's entry comes first by id and B's second; PGlite has one connection,
    // so the entries' occurred_at are set as the two transactions' starts would have set them.
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const id = (await tx.query<{ id: string }>(FIRST_ID.health_tips)).rows[0].id;
      await assumeIdentity(tx, signedIn(ADMIN_ID));
      await tx.query(`update public.health_tips set tip = 'A wrote this first.' where id = $1`, [id]);
      const a = (await lastEntry(tx, 'health_tips', id)).id;
      await tx.query(`update public.health_tips set tip = 'B wrote this after waiting.' where id = $1`, [id]);
      const b = (await lastEntry(tx, 'health_tips', id)).id;
      // The trail is append-only (a trigger refuses updates): it is bypassed for this test's rewrite.
      await tx.query(`reset role`);
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(`update public.audit_log set occurred_at = now() + interval '1 second' where id = $1`, [
        a,
      ]);
      await tx.query(`update public.audit_log set occurred_at = now() where id = $1`, [b]);
      await tx.query(`set local session_replication_role = origin`);
      await assumeIdentity(tx, signedIn(ADMIN_ID));
      const after = async (entry: number) =>
        (
          await tx.query<{ v: { tip: string } }>(
            `select public.admin_record_version('health_tips', $1, $2) as v`,
            [id, entry],
          )
        ).rows[0].v.tip;
      return { a: await after(a), b: await after(b) };
    });
    expect(outcome).toEqual({
      ok: true,
      value: { a: 'A wrote this first.', b: 'B wrote this after waiting.' },
    });
  });

  it('updated_at strictly increases within a row: two saves in one transaction, and after a version stamped ahead of the clock', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const id = (await tx.query<{ id: string }>(FIRST_ID.health_tips)).rows[0].id;
      const stamp = async () =>
        (
          await tx.query<{ v: string }>(
            `select updated_at::text as v from public.health_tips where id = $1`,
            [id],
          )
        ).rows[0].v;
      await tx.query(`update public.health_tips set tip = 'First of two saves.' where id = $1`, [id]);
      const first = await stamp();
      await tx.query(`update public.health_tips set tip = 'Second of two saves.' where id = $1`, [id]);
      const second = await stamp();
      // A version stamped ahead of this clock (another server's, or a transaction's): the next is later still.
      await tx.query(`alter table public.health_tips disable trigger health_tips_set_updated_at`);
      await tx.query(
        `update public.health_tips set updated_at = '2999-01-01 00:00:00+00', tip = 'A save stamped far ahead of the clock.' where id = $1`,
        [id],
      );
      await tx.query(`alter table public.health_tips enable trigger health_tips_set_updated_at`);
      await tx.query(`update public.health_tips set tip = 'After the one ahead.' where id = $1`, [id]);
      const afterAhead = (
        await tx.query<{ v: string }>(
          `select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as v from public.health_tips where id = $1`,
          [id],
        )
      ).rows[0].v;
      return { increases: Date.parse(second) > Date.parse(first) || second > first, afterAhead };
    });
    expect(outcome).toEqual({
      ok: true,
      value: { increases: true, afterAhead: '2999-01-01 00:00:00.000001' },
    });
  });

  it('restores the version in the middle, and a version made by a restore', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const id = (await tx.query<{ id: string }>(FIRST_ID.health_tips)).rows[0].id;
      await assumeIdentity(tx, signedIn(ADMIN_ID));
      const versions = await writeVersions(tx, 'health_tips', id);
      const middle = await restore(tx, 'health_tips', id, versions[1].entry);
      const restoreEntry = (await lastEntry(tx, 'health_tips', id)).id;
      await tx.query(`update public.health_tips set tip = 'One more text after the restore.' where id = $1`, [
        id,
      ]);
      const again = await restore(tx, 'health_tips', id, restoreEntry);
      return { versions, middle: middle.tip, again: again.tip };
    });
    expect(outcome).toEqual({
      ok: true,
      value: expect.objectContaining({
        middle: 'Eat vegetables of five colours each day.',
        again: 'Eat vegetables of five colours each day.',
      }),
    });
  });

  it('refuses a delete entry, another record’s entry and an unknown resource', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const [a, b] = (
        await tx.query<{ id: string }>(`select id::text as id from public.tags order by id limit 2`)
      ).rows;
      await assumeIdentity(tx, signedIn(ADMIN_ID));
      await tx.query(`update public.tags set label = 'Changed' where id = $1`, [a.id]);
      const entryOfA = (await lastEntry(tx, 'tags', a.id)).id;
      const tries: Record<string, string> = {};
      for (const [name, sql, params] of [
        ['other record', `select public.admin_restore_version('tags', $1, $2, now())`, [b.id, entryOfA]],
        [
          'unknown resource',
          `select public.admin_restore_version('admin_users', $1, $2, now())`,
          [a.id, entryOfA],
        ],
        [
          'table name as text',
          `select public.admin_restore_version('tags; drop table public.tags', $1, $2, now())`,
          [a.id, entryOfA],
        ],
      ] as const) {
        await tx.query('savepoint s');
        try {
          await tx.query(sql, [...params]);
          tries[name] = 'ok';
        } catch (error) {
          tries[name] = (error as { code: string }).code;
          await tx.query('rollback to savepoint s');
        }
      }
      return tries;
    });
    expect(outcome).toEqual({
      ok: true,
      value: { 'other record': 'P0002', 'unknown resource': '22023', 'table name as text': '22023' },
    });
  });

  it('refuses a deleted row’s delete entry', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await assumeIdentity(tx, signedIn(ADMIN_ID));
      const { id } = (
        await tx.query<{ id: string }>(
          `insert into public.health_tips (tip) values ('A tip that will be deleted.') returning id::text as id`,
        )
      ).rows[0];
      await tx.query(`delete from public.health_tips where id = $1`, [id]);
      const entry = await lastEntry(tx, 'health_tips', id);
      await tx.query(`select public.admin_restore_version('health_tips', $1, $2, now())`, [id, entry.id]);
    });
    expect(outcome).toMatchObject({ ok: false, code: 'P0002' });
  });
});

describe('a news screenshot', () => {
  const SHOT = (name: string) => `http://127.0.0.1:54321/storage/v1/object/public/news-screenshots/${name}`;
  it.each([
    ['still in Storage, is restored', true, 'old.png'],
    ['gone from Storage, is not: the row keeps its screenshot', false, 'new.png'],
  ] as const)('the version’s screenshot, %s', async (_, kept, expected) => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      // The old object is gone when the admin removed it after the replace (src/storage/uploads.ts).
      await tx.query(
        `insert into storage.objects (bucket_id, name) select 'news-screenshots', unnest($1::text[])`,
        [kept ? ['old.png', 'new.png'] : ['new.png']],
      );
      const id = (await tx.query<{ id: string }>(FIRST_ID.news)).rows[0].id;
      await assumeIdentity(tx, signedIn(ADMIN_ID));
      await tx.query(
        `update public.news set title = 'With the old shot', source_url_screenshot = $2 where id = $1`,
        [id, SHOT('old.png')],
      );
      const entry = (await lastEntry(tx, 'news', id)).id;
      await tx.query(
        `update public.news set title = 'With the new shot', source_url_screenshot = $2 where id = $1`,
        [id, SHOT('new.png')],
      );
      const row = await restore(tx, 'news', id, entry);
      return { title: row.title, shot: row.source_url_screenshot };
    });
    expect(outcome).toEqual({ ok: true, value: { title: 'With the old shot', shot: SHOT(expected) } });
  });
});

describe('who may restore', () => {
  const WHO = ['owner', 'editor', 'support', 'appUser'] as const;
  it.each(
    WHO.flatMap((who) => ['news', 'health_tips', 'tags', 'admin_settings'].map((t) => [who, t] as const)),
  )('%s restores %s', async (who, table) => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      // The version to restore, written by the owner (as the superuser's stand-in for a colleague).
      await assumeIdentity(tx, signedIn(ADMIN_ID));
      let id: string;
      if (table === 'admin_settings') {
        id = '1';
        await tx.query('select public.update_admin_settings(audit_retention_days => 400)');
        const entry = (await lastEntry(tx, table, id)).id;
        await tx.query('select public.update_admin_settings(audit_retention_days => 500)');
        await assumeIdentity(tx, ROLES[who]);
        return (await restore(tx, table, id, entry)).audit_retention_days;
      }
      id = (await tx.query<{ id: string }>(FIRST_ID[table])).rows[0].id;
      const versions = await writeVersions(tx, table, id);
      await assumeIdentity(tx, ROLES[who]);
      const row = await restore(tx, table, id, versions[0].entry);
      return JSON.stringify(row) === JSON.stringify(versions[0].row);
    });
    const allowed = who === 'owner' || (who === 'editor' && table !== 'admin_settings');
    if (!allowed) expect(outcome).toMatchObject({ ok: false, code: '42501' });
    else expect(outcome).toEqual({ ok: true, value: table === 'admin_settings' ? 400 : true });
  });

  it('an owner’s settings restore is audited as a restore and keeps the settings’ own rules', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await assumeIdentity(tx, signedIn(ADMIN_ID));
      await tx.query('select public.update_admin_settings(audit_retention_days => 400)');
      const entry = (await lastEntry(tx, 'admin_settings', '1')).id;
      await tx.query('select public.update_admin_settings(audit_retention_days => 90)');
      await restore(tx, 'admin_settings', '1', entry);
      return lastEntry(tx, 'admin_settings', '1');
    });
    expect(outcome).toMatchObject({
      ok: true,
      value: {
        action: 'restore',
        actor_id: ADMIN_ID,
        changes: { audit_retention_days: { old: 90, new: 400 }, restored_from: expect.any(Number) },
      },
    });
  });

  it.each(['admin_restore_version', 'admin_record_version'])('anon may not call %s', async (fn) => {
    const outcome = await attempt(db, IDENTITIES.anon, async (tx) => {
      await tx.query(`select public.${fn}('tags', '1', 1${fn === 'admin_restore_version' ? ', now()' : ''})`);
    });
    expect(outcome).toMatchObject({ ok: false, code: '42501' });
  });

  it('support may not read a version either', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await assumeIdentity(tx, signedIn(SUPPORT_ID));
      await tx.query(`select public.admin_record_version('tags', '1', 1)`);
    });
    expect(outcome).toMatchObject({ ok: false, code: '42501' });
  });
});
