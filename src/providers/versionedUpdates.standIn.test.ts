import type { Tables } from '../database.types';
import { createDataProvider } from '../adminDataProvider';
import { DEMO_ACCOUNTS } from '../../mocks/supabase/demoAccounts';
import { DEMO, setUpStandInServer, signIn } from '../test/standInServer';
import { supabaseClient } from './supabaseClient';
import { refusalOf, type VersionRefusal } from './versionedUpdates';

const server = setUpStandInServer();
const provider = createDataProvider(supabaseClient);
const support = DEMO_ACCOUNTS.find((a) => a.email.startsWith('support@'))!;

type TagRow = Pick<Tables<'tags'>, 'id' | 'label' | 'is_active' | 'updated_at'>;

/** Three tags of this file's own, as the list would have read them. */
async function freshTags(): Promise<TagRow[]> {
  const { rows } = await server.db().query<TagRow>(
    `insert into public.tags (key, label, category, sort_order, icon, color)
     select 'zv-' || n || '-' || gen_random_uuid(), 'zv tag ' || n, 'general', n, 'star', '#123456' from generate_series(1, 3) n
     returning id, label, is_active, updated_at::text`,
  );
  // The version as PostgREST writes it (the list's record), not as PGlite's text cast does.
  const { data } = await provider.getMany<TagRow>('tags', { ids: rows.map((r) => r.id) });
  return rows.map((r) => data.find((d) => d.id === r.id)!);
}

/** Someone else's save, straight in the database: a newer version. */
const theirSave = (id: string, label: string) =>
  server.db().query(`update public.tags set label = $2 where id = $1`, [id, label]);

async function refusal(promise: Promise<unknown>): Promise<VersionRefusal & { status: number }> {
  const error = await promise.then(
    () => {
      throw new Error('the update was not refused');
    },
    (e: unknown) => e,
  );
  const body = refusalOf(error);
  if (!body) throw error;
  return { ...body, status: (error as { status: number }).status };
}

const labelOf = async (id: string) =>
  (await server.db().query<{ label: string }>(`select label from public.tags where id = $1`, [id])).rows[0]
    .label;

describe('versioned updates through the data provider and the stand-in', () => {
  afterAll(async () => {
    await server.db().query(`delete from public.tags where key like 'zv-%'`);
  });
  beforeEach(() => signIn(DEMO.admin));

  it('saves an update made from the current version and answers the new version', async () => {
    const [tag] = await freshTags();
    const { data } = await provider.update<TagRow>('tags', {
      id: tag.id,
      data: { label: 'zv mine' },
      previousData: tag,
    });
    expect(data.label).toBe('zv mine');
    expect(Date.parse(data.updated_at)).toBeGreaterThan(Date.parse(tag.updated_at));
    expect(await labelOf(tag.id)).toBe('zv mine');
  });

  it('refuses an update made from a version someone changed since, answering theirs', async () => {
    const [tag] = await freshTags();
    await theirSave(tag.id, 'zv theirs');
    const refused = await refusal(
      provider.update('tags', { id: tag.id, data: { label: 'zv mine' }, previousData: tag }),
    );
    expect(refused.status).toBe(409);
    expect(refused.reason).toBe('conflict');
    expect(refused.refused).toHaveLength(1);
    expect(refused.refused[0].current?.label).toBe('zv theirs');
    expect(await labelOf(tag.id)).toBe('zv theirs');
    // "Save mine": written deliberately against the newer version it was shown.
    const { data } = await provider.update<TagRow>('tags', {
      id: tag.id,
      data: { label: 'zv mine' },
      previousData: tag,
      meta: { version: refused.refused[0].current?.updated_at },
    });
    expect(data.label).toBe('zv mine');
    expect(await labelOf(tag.id)).toBe('zv mine');
  });

  it('of two saves made from the same version at the same moment, exactly one wins', async () => {
    const [tag] = await freshTags();
    const outcomes = await Promise.allSettled(
      ['zv first', 'zv second'].map((label) =>
        provider.update('tags', { id: tag.id, data: { label }, previousData: tag }),
      ),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o) => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(refusalOf((lost[0] as PromiseRejectedResult).reason)?.reason).toBe('conflict');
    expect(await labelOf(tag.id)).toBe((won[0] as PromiseFulfilledResult<{ data: TagRow }>).value.data.label);
  });

  it('tells a deleted row apart', async () => {
    const [tag] = await freshTags();
    await server.db().query(`delete from public.tags where id = $1`, [tag.id]);
    const refused = await refusal(
      provider.update('tags', { id: tag.id, data: { label: 'zv mine' }, previousData: tag }),
    );
    expect(refused).toEqual({
      status: 409,
      reason: 'deleted',
      refused: [{ id: tag.id, reason: 'deleted' }],
      saved: [],
    });
  });

  it('tells a row the operator may read but not update apart (not allowed)', async () => {
    const [tag] = await freshTags();
    await signIn(support);
    const refused = await refusal(
      provider.update('tags', { id: tag.id, data: { label: 'zv mine' }, previousData: tag }),
    );
    expect(refused.status).toBe(409);
    expect(refused.reason).toBe('not_allowed');
    expect(refused.refused.map((r) => [r.id, r.reason])).toEqual([[tag.id, 'not_allowed']]);
    expect(await labelOf(tag.id)).toBe(tag.label);
  });

  it('bulk: saves the rows still at their version and names the ones refused, and why', async () => {
    const [kept, changed, gone] = await freshTags();
    await theirSave(changed.id, 'zv theirs');
    await server.db().query(`delete from public.tags where id = $1`, [gone.id]);
    const versions = Object.fromEntries([kept, changed, gone].map((t) => [t.id, t.updated_at]));
    const refused = await refusal(
      provider.updateMany('tags', {
        ids: [kept.id, changed.id, gone.id],
        data: { is_active: false },
        meta: { versions },
      }),
    );
    expect(refused.status).toBe(409);
    expect(refused.reason).toBe('conflict');
    expect(refused.saved).toEqual([kept.id]);
    expect(refused.refused.map((r) => [r.id, r.reason])).toEqual([
      [changed.id, 'conflict'],
      [gone.id, 'deleted'],
    ]);
    const { rows } = await server
      .db()
      .query<{ id: string; is_active: boolean }>(
        `select id, is_active from public.tags where id = any($1) order by sort_order`,
        [[kept.id, changed.id]],
      );
    expect(rows).toEqual([
      { id: kept.id, is_active: false },
      { id: changed.id, is_active: true },
    ]);
  });

  it('bulk: saves every row when none changed, and refuses a row whose version it was not told', async () => {
    const [a, b, c] = await freshTags();
    const { data } = await provider.updateMany('tags', {
      ids: [a.id, b.id],
      data: { is_active: false },
      meta: { versions: { [a.id]: a.updated_at, [b.id]: b.updated_at } },
    });
    expect([...(data ?? [])].sort()).toEqual([a.id, b.id].sort());
    const refused = await refusal(
      provider.updateMany('tags', { ids: [c.id], data: { is_active: false }, meta: { versions: {} } }),
    );
    expect(refused.refused.map((r) => [r.id, r.reason])).toEqual([[c.id, 'conflict']]);
  });

  it('refuses a stale contact message status, whose updated_at the database now keeps', async () => {
    const { rows } = await server.db().query<{ id: string }>(
      `insert into public.contact_messages (first_name, last_name, email, subject, message)
       values ('Zv', 'Test', 'zv@example.com', 'zv', 'zv message') returning id`,
    );
    const { data: message } = await provider.getOne('contact-messages', { id: rows[0].id });
    expect(typeof message.updated_at).toBe('string');
    const { data: read } = await provider.update('contact-messages', {
      id: message.id,
      data: { status: 'read' },
      previousData: message,
    });
    expect(read.status).toBe('read');
    expect(Date.parse(read.updated_at)).toBeGreaterThan(Date.parse(message.updated_at));
    const refused = await refusal(
      provider.update('contact-messages', {
        id: message.id,
        data: { status: 'archived' },
        previousData: message,
      }),
    );
    expect(refused.reason).toBe('conflict');
    await server.db().query(`delete from public.contact_messages where id = $1`, [message.id]);
  });
});
