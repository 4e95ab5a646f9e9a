import { createDataProvider } from '../adminDataProvider';
import { DEMO_ACCOUNTS } from '../../mocks/supabase/demoAccounts';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../mocks/supabase/keys';
import { MAX_OBJECTS_PER_REQUEST } from '../domain/storage';
import { supabaseClient } from '../providers/supabaseClient';
import { bucketObjects, DEMO, setUpStandInServer, signIn } from '../test/standInServer';

/**
 * The trash through the admin's data provider and the stand-in (supabase-js over HTTP, the real
 * migrations): a restored article equals the deleted one field by field with its file's bytes,
 * deleting forever and the scheduled purge remove the files, and only the schedule may purge.
 */
const server = setUpStandInServer();
const provider = createDataProvider();
const editor = DEMO_ACCOUNTS.find((a) => a.email.startsWith('editor@'))!;
const support = DEMO_ACCOUNTS.find((a) => a.email.startsWith('support@'))!;
const FUNCTIONS = 'http://localhost:54321/functions/v1';
const PUBLIC = 'http://localhost:54321/storage/v1/object/public/news-screenshots/';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

const objects = () => bucketObjects(server.db(), 'news-screenshots');
/** The id of the newest entry a delete of the row `id` made (entries have ids of their own). */
const entryOf = async (id: unknown) =>
  (
    await server
      .db()
      .query<{ id: string }>(
        `select id::text from public.trash where record_id = $1 order by deleted_at desc`,
        [id],
      )
  ).rows[0].id;

async function articleWithScreenshot(title: string) {
  const { data } = await provider.create('news', {
    data: {
      title,
      content: 'An article that will be deleted and restored.',
      source_url: 'https://example.com/trash',
      source_url_screenshot: null,
      screenshot_file: new File([PNG], 'shot.png', { type: 'image/png' }),
    },
  });
  return (await provider.getOne('news', { id: data.id })).data;
}

const purge = (key: string) =>
  fetch(`${FUNCTIONS}/purge-trash`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, apikey: key },
  });

describe('the trash through the data provider', { timeout: 60_000 }, () => {
  it("restores a deleted article equal to what was deleted, field by field, with its screenshot's bytes", async () => {
    await signIn(editor);
    const before = await articleWithScreenshot('Trash: restored whole');
    const shot = String(before.source_url_screenshot).slice(PUBLIC.length);
    expect(provider.hasTrash('news')).toBe(true);
    expect(provider.hasTrash('scans')).toBe(false);

    await provider.delete('news', { id: before.id, previousData: before });
    await expect(provider.getOne('news', { id: before.id })).rejects.toThrow();
    // The file waits with its article.
    expect(await objects()).toContain(shot);
    const { data: entries } = await provider.getList('trash', {
      filter: { q: 'Trash: restored whole' },
      sort: { field: 'deleted_at', order: 'DESC' },
      pagination: { page: 1, perPage: 5 },
    });
    expect(entries.map((e) => [e.record_id, e.resource, e.label, e.deleted_by_email])).toEqual([
      [before.id, 'news', 'Trash: restored whole', editor.email],
    ]);

    expect(await provider.restoreFromTrash([entries[0].id])).toEqual({
      restored: [entries[0].id],
      refused: [],
      id_taken: [],
    });
    const { data: after } = await provider.getOne('news', { id: before.id });
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    expect(new Uint8Array(await (await fetch(String(after.source_url_screenshot))).arrayBuffer())).toEqual(
      PNG,
    );
    await provider.delete('news', { id: before.id, previousData: after });
  });

  it('restores several rows deleted together (a bulk delete and its Undo)', async () => {
    await signIn(editor);
    const { data: page } = await provider.getList('health-tips', {
      filter: {},
      sort: { field: 'created_at', order: 'DESC' },
      pagination: { page: 1, perPage: 3 },
    });
    const ids = page.map((r) => String(r.id));
    await provider.deleteMany('health-tips', { ids });
    expect((await provider.getMany('health-tips', { ids })).data).toEqual([]);
    // The toast's Undo names the records; it restores the entries their delete made.
    const { restored, refused, id_taken } = await provider.undoDelete('health-tips', ids);
    expect(restored.length).toBe(3);
    expect({ refused, id_taken }).toEqual({ refused: [], id_taken: [] });
    expect((await provider.getMany('health-tips', { ids })).data.map((r) => r.id).sort()).toEqual(
      [...ids].sort(),
    );
  });

  it('an owner deletes forever: the entry and its file go; an editor may not', async () => {
    await signIn(editor);
    const article = await articleWithScreenshot('Trash: deleted forever');
    const shot = String(article.source_url_screenshot).slice(PUBLIC.length);
    await provider.delete('news', { id: article.id, previousData: article });
    const entry = await entryOf(article.id);
    await expect(provider.deleteForever([entry])).rejects.toMatchObject({ status: 403 });
    expect(await objects()).toContain(shot);

    await signIn(DEMO.admin);
    expect(await provider.deleteForever([entry])).toEqual({ deleted: 1 });
    expect(await objects()).not.toContain(shot);
    expect(await provider.restoreFromTrash([entry])).toEqual({
      restored: [],
      refused: [entry],
      id_taken: [],
    });
  });

  it('the scheduled purge removes expired entries with their files and orphan objects; only the service key may run it', async () => {
    await signIn(editor);
    const expired = await articleWithScreenshot('Trash: expired');
    const kept = await articleWithScreenshot('Trash: kept');
    const name = (a: typeof expired) => String(a.source_url_screenshot).slice(PUBLIC.length);
    await provider.deleteMany('news', { ids: [expired.id, kept.id] });
    const db = server.db();
    await db.query(`update public.trash set deleted_at = now() - interval '31 days' where record_id = $1`, [
      expired.id,
    ]);
    // An object no row names, uploaded two days ago (a save that failed to clean up after itself).
    await db.query(
      `insert into storage.objects (bucket_id, name, created_at, metadata)
       values ('news-screenshots', 'left-behind.png', now() - interval '2 days', '{"size": 3}')`,
    );

    expect((await purge(LOCAL_ANON_KEY)).status).toBe(401);
    expect(await objects()).toContain(name(expired));

    const response = await purge(LOCAL_SERVICE_ROLE_KEY);
    expect(await response.json()).toEqual({ purged: 1, filesRemoved: 1, orphansRemoved: 1 });
    const left = await objects();
    expect(left).not.toContain(name(expired));
    expect(left).not.toContain('left-behind.png');
    expect(left).toContain(name(kept));
    const keptEntry = await entryOf(kept.id);
    expect(await provider.restoreFromTrash([keptEntry])).toEqual({
      restored: [keptEntry],
      refused: [],
      id_taken: [],
    });
  });

  it("an editor's tag made with the id of support's trashed contact message and deleted leaves that entry whole: each Undo brings back its own row", async () => {
    await signIn(support);
    const { data: inbox } = await provider.getList('contact-messages', {
      filter: {},
      sort: { field: 'created_at', order: 'ASC' },
      pagination: { page: 1, perPage: 1 },
    });
    const message = inbox[0];
    await provider.delete('contact-messages', { id: message.id, previousData: message });

    await signIn(editor);
    // POST /rest/v1/tags {"id": <the message's id>, ...}, then DELETE /rest/v1/tags?id=eq.<id>.
    const made = await supabaseClient.from('tags').insert({
      id: String(message.id),
      key: 'bait',
      label: 'Bait',
      icon: 'tag',
      color: '#123456',
      category: 'general',
    });
    expect(made.error).toBeNull();
    expect((await supabaseClient.from('tags').delete().eq('id', String(message.id))).error).toBeNull();
    const tagUndo = await provider.undoDelete('tags', [String(message.id)]);
    expect({ ...tagUndo, restored: tagUndo.restored.length }).toEqual({
      restored: 1,
      refused: [],
      id_taken: [],
    });
    expect((await provider.getOne('tags', { id: message.id })).data.label).toBe('Bait');
    await provider.delete('tags', { id: message.id, previousData: { id: message.id } });

    await signIn(support);
    const undo = await provider.undoDelete('contact-messages', [String(message.id)]);
    expect({ ...undo, restored: undo.restored.length }).toEqual({ restored: 1, refused: [], id_taken: [] });
    const { data: back } = await provider.getOne('contact-messages', { id: message.id });
    expect(JSON.stringify(back)).toBe(JSON.stringify(message));
  });

  it("neither Delete forever nor the purge removes an app user's label photo or avatar that a deleted article names", async () => {
    const db = server.db();
    const user = DEMO.user;
    const { rows } = await db.query<{ id: string }>(`select id::text from auth.users where email = $1`, [
      user.email,
    ]);
    const scan = `${rows[0].id}/label-photo.jpg`;
    const avatar = `${rows[0].id}/avatar.png`;
    await db.query(
      `insert into storage.objects (bucket_id, name, created_at, metadata)
       values ('scan-images', $1, now() - interval '2 days', '{"size": 3}'),
              ('avatars', $2, now() - interval '2 days', '{"size": 3}')`,
      [scan, avatar],
    );
    const FOREIGN = 'https://elsewhere.example/storage/v1/object/public';
    const OWN = 'http://localhost:54321/storage/v1/object/public';
    await signIn(editor);
    const baits = [];
    for (const [title, shot, content] of [
      ['Bait: forever', `${FOREIGN}/scan-images/${scan}`, `${FOREIGN}/avatars/${avatar}`],
      ['Bait: purged', `${OWN}/avatars/${avatar}`, `${OWN}/scan-images/${scan}`],
    ])
      baits.push(
        (
          await provider.create('news', {
            data: { title, content, source_url: 'https://example.com/bait', source_url_screenshot: shot },
          })
        ).data,
      );
    await provider.deleteMany('news', { ids: baits.map((b) => b.id) });

    await signIn(DEMO.admin);
    expect(await provider.deleteForever([await entryOf(baits[0].id)])).toEqual({ deleted: 1 });
    await db.query(`update public.trash set deleted_at = now() - interval '31 days' where record_id = $1`, [
      baits[1].id,
    ]);
    expect(await (await purge(LOCAL_SERVICE_ROLE_KEY)).json()).toEqual({
      purged: 1,
      filesRemoved: 0,
      orphansRemoved: 0,
    });
    expect(await bucketObjects(db, 'scan-images')).toContain(scan);
    expect(await bucketObjects(db, 'avatars')).toContain(avatar);
  });

  it('the purge removes more objects than one Storage request may name, in requests of at most 1,000', async () => {
    const db = server.db();
    const count = MAX_OBJECTS_PER_REQUEST + 1;
    // Objects no row names, older than a day: the purge's orphan sweep.
    await db.query(
      `insert into storage.objects (bucket_id, name, created_at, metadata)
       select 'news-screenshots', 'stray-' || i || '.png', now() - interval '2 days', '{"size": 3}'
         from generate_series(1, $1) i`,
      [count],
    );
    expect(await (await purge(LOCAL_SERVICE_ROLE_KEY)).json()).toEqual({
      purged: 0,
      filesRemoved: 0,
      orphansRemoved: count,
    });
    expect((await objects()).filter((name) => name.startsWith('stray-'))).toEqual([]);
  });

  it("a run that Storage refuses is recorded as failed, the Trash's data says so, and the next run removes the files and succeeds", async () => {
    const db = server.db();
    await db.query(
      `insert into storage.objects (bucket_id, name, created_at, metadata)
       values ('news-screenshots', 'refused-1.png', now() - interval '2 days', '{"size": 3}')`,
    );
    // Storage's delete fails in the database, as when the object store refuses it.
    await db.exec(`
      create function public.test_refuse_delete() returns trigger language plpgsql as $$
      begin raise exception 'object store unavailable'; end $$;
      create trigger test_refuse_delete before delete on storage.objects
        for each row when (old.name like 'refused-%') execute function public.test_refuse_delete();`);
    try {
      const refused = await purge(LOCAL_SERVICE_ROLE_KEY);
      expect(refused.status).toBe(502);
    } finally {
      await db.exec(
        `drop trigger test_refuse_delete on storage.objects; drop function public.test_refuse_delete()`,
      );
    }
    await signIn(support);
    const failure = await provider.lastPurgeFailure();
    expect(failure).toEqual({
      ranAt: expect.any(String),
      reason: expect.stringMatching(/^Could not remove objects from news-screenshots: /),
    });
    expect((await objects()).filter((name) => name.startsWith('refused-'))).toEqual(['refused-1.png']);

    expect(await (await purge(LOCAL_SERVICE_ROLE_KEY)).json()).toEqual({
      purged: 0,
      filesRemoved: 0,
      orphansRemoved: 1,
    });
    expect(await provider.lastPurgeFailure()).toBeNull();
    expect((await objects()).filter((name) => name.startsWith('refused-'))).toEqual([]);
    const runs = (
      await db.query<{ succeeded: boolean; orphans_removed: number }>(
        `select succeeded, orphans_removed from public.trash_purge_runs order by id desc limit 2`,
      )
    ).rows;
    expect(runs).toEqual([
      { succeeded: true, orphans_removed: 1 },
      { succeeded: false, orphans_removed: 0 },
    ]);
  });

  it('every operator reads the retention; owners change it within its range', async () => {
    await signIn(editor);
    expect(await provider.trashRetentionDays()).toBe(30);
    await expect(provider.setTrashRetentionDays(7)).rejects.toMatchObject({ status: 403 });
    await signIn(DEMO.admin);
    expect(await provider.setTrashRetentionDays(7)).toBe(7);
    await expect(provider.setTrashRetentionDays(0)).rejects.toMatchObject({ status: 400 });
    expect(await provider.setTrashRetentionDays(30)).toBe(30);
  });
});
