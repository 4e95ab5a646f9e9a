import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { assumeIdentity, type Queryable } from '../../mocks/supabase/db';
import { signJwt } from '../../mocks/supabase/jwt';
import { LOCAL_ANON_KEY } from '../../mocks/supabase/keys';
import { OPERATOR_ROLES, operatorCan, type OperatorRole } from '../../src/domain/operatorRoles';
import { baseTable } from '../../src/providers/resourceData';
import { OPERATOR_ACCESS, RESOURCE_DATA } from '../../src/resources';
import { ADMIN_ID, attempt, EDITOR_ID, ROLES, SUPPORT_ID, USER_ID, type Role } from './fixtures';
import { standInForFile } from '../../mocks/supabase/testing/standInForFile';

/**
 * One rule for who sees a record's history (supabase/schemas/20_audit.sql):
 * whoever may restore a record's versions reads every entry of it, whichever operator made it, and
 * nobody else reads any, by any path. The History tab's read (public.audit_log under its policy) and
 * admin_record_version / admin_restore_version must answer the same entries, role by role.
 */

const stack = standInForFile();

const inProcess: typeof fetch = async (input, init) => {
  const response = await stack.standIn.handle(new Request(input, init));
  if (!response) throw new TypeError('not a stand-in path');
  return response;
};

/** supabase-js as the admin app uses it, with an access token of `sub` (aal1: no factor enrolled). */
async function clientOf(sub: string): Promise<SupabaseClient> {
  const token = await signJwt(
    { sub, role: 'authenticated', aud: 'authenticated', aal: 'aal1' },
    { expiresInSeconds: 3600 },
  );
  return createClient('http://history.test', LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: inProcess },
    realtime: { transport: ws as unknown as typeof WebSocket },
    accessToken: async () => token,
  });
}

/** The History tab's read (RecordHistory: getList on audit-log filtered by resource and record). */
const historyRead = (client: SupabaseClient, resource: string, id: string) =>
  client.from('audit_log').select('id, actor_id').eq('resource', resource).eq('record_id', id).order('id');

/** Commits an entry on a record as if `actor` had made the change (the trail is append-only). */
async function entryBy(actor: string, resource: string, id: string, changes: object = {}): Promise<number> {
  const { rows } = await stack.db.query<{ id: number }>(
    `insert into public.audit_log (actor_id, action, resource, record_id, changes)
     values ($1, 'update', $2, $3, $4) returning id::int`,
    [actor, resource, id, JSON.stringify(changes)],
  );
  return rows[0].id;
}

describe("an editor and another operator's edit of a news item", () => {
  it('rpc/admin_record_version and the History tab both show the owner’s entry to an editor (who may restore it)', async () => {
    // The owner edits a news item (committed, as through PostgREST: role and claims set).
    const { rows } = await stack.db.query<{ id: string }>(
      'select id::text from public.news order by id limit 1',
    );
    const newsId = rows[0].id;
    await stack.db.transaction(async (tx) => {
      await assumeIdentity(tx, ROLES.owner);
      await tx.query(`update public.news set title = 'The owner’s title' where id = $1`, [newsId]);
    });
    const ownerEntry = (
      await stack.db.query<{ id: number }>(
        `select id::int from public.audit_log where resource = 'news' and record_id = $1 and actor_id = $2
          order by id desc limit 1`,
        [newsId, ADMIN_ID],
      )
    ).rows[0].id;

    const editor = await clientOf(EDITOR_ID);
    const version = await editor.rpc('admin_record_version', {
      resource: 'news',
      record_id: newsId,
      entry_id: ownerEntry,
    });
    expect(version.error).toBeNull();
    expect(version.data).toMatchObject({ title: 'The owner’s title' });
    // Before the one rule, the trail's policy hid the owner's entry from the editor's History.
    const history = await historyRead(editor, 'news', newsId);
    expect(history.error).toBeNull();
    expect(history.data).toContainEqual({ id: ownerEntry, actor_id: ADMIN_ID });
  });

  it('support, who may not restore news, reads neither its History nor its versions, their own entry included', async () => {
    const { rows } = await stack.db.query<{ id: string }>(
      'select id::text from public.news order by id desc limit 1',
    );
    const newsId = rows[0].id;
    // An entry of support's own on the item (made while they were an editor, say).
    const ownEntry = await entryBy(SUPPORT_ID, 'news', newsId);
    const support = await clientOf(SUPPORT_ID);
    const version = await support.rpc('admin_record_version', {
      resource: 'news',
      record_id: newsId,
      entry_id: ownEntry,
    });
    expect(version.error).toMatchObject({ code: '42501', message: 'Admin privileges required' });
    // Before the one rule, the policy showed support their own entry of a history they may not restore.
    expect(await historyRead(support, 'news', newsId)).toMatchObject({ error: null, data: [] });
  });
});

/**
 * The versioned resources as the registry declares them (`versions`: History compares and restores),
 * their restorers the roles it lets edit them; the settings page's row is the owners' alone.
 */
const VERSIONED: Record<string, readonly OperatorRole[]> = {
  ...Object.fromEntries(
    RESOURCE_DATA.filter((data) => data.versions).map((data) => [
      baseTable(data),
      OPERATOR_ROLES.filter((role) => operatorCan(OPERATOR_ACCESS, role, data.name, 'edit')),
    ]),
  ),
  admin_settings: ['owner'],
};

const FIRST_ID: Record<string, string> = {
  news: 'select id::text as id from public.news order by id limit 1',
  health_tips: 'select id::text as id from public.health_tips order by id limit 1',
  tags: 'select id::text as id from public.tags order by id limit 1',
  admin_settings: `select '1' as id`,
};

describe('the one rule, role by role', () => {
  // Before asking who the caller is: Compare must not answer 42501 for a resource without versions,
  // and the answer names nothing else (the same for a table that is not there).
  it.each(
    (['owner', 'support', 'appUser'] as const).flatMap((who) =>
      ['contact_messages', 'no_such_table', 'audit_log'].map((resource) => [who, resource] as const),
    ),
  )(
    'rpc/admin_record_version as %s for %s: 400 "This resource has no versions" (22023)',
    async (who, resource) => {
      const sub = { owner: ADMIN_ID, support: SUPPORT_ID, appUser: USER_ID }[who];
      const { error, status } = await (
        await clientOf(sub)
      ).rpc('admin_record_version', {
        resource,
        record_id: '1',
        entry_id: 1,
      });
      expect({
        status,
        code: error?.code,
        message: error?.message,
        details: error?.details,
        hint: error?.hint,
      }).toEqual({
        status: 400,
        code: '22023',
        message: 'This resource has no versions',
        details: null,
        hint: null,
      });
    },
  );

  it('private.versions() names the registry’s restorers', async () => {
    const { rows } = await stack.db.query<{ resource: string; restorers: string[] }>(
      'select resource, restorers from private.versions() order by resource',
    );
    expect(Object.fromEntries(rows.map((r) => [r.resource, r.restorers]))).toEqual(VERSIONED);
  });

  const WHO: Role[] = ['owner', 'editor', 'support', 'appUser', 'anon'];
  it.each(WHO.flatMap((who) => Object.keys(VERSIONED).map((table) => [who, table] as const)))(
    '%s on %s: the History read, admin_record_version and admin_restore_version answer the same entries',
    async (who, table) => {
      const outcome = await attempt(stack.db, 'superuser', async (tx) => {
        const id = (await tx.query<{ id: string }>(FIRST_ID[table])).rows[0].id;
        // One entry by each operator role on the record.
        const entries: number[] = [];
        for (const actor of [ADMIN_ID, EDITOR_ID, SUPPORT_ID]) {
          const { rows } = await tx.query<{ id: number }>(
            `insert into public.audit_log (actor_id, action, resource, record_id, changes)
             values ($1, 'update', $2, $3, '{}') returning id::int`,
            [actor, table, id],
          );
          entries.push(rows[0].id);
        }
        await assumeIdentity(tx, ROLES[who]);
        const listed = await savepointed(tx, async () =>
          (
            await tx.query<{ id: number }>(
              `select id::int from public.audit_log where resource = $1 and record_id = $2 and id = any ($3) order by id`,
              [table, id, entries],
            )
          ).rows.map((r) => r.id),
        );
        const versions: number[] = [];
        const restores: number[] = [];
        for (const entry of entries) {
          const read = await savepointed(tx, () =>
            tx.query('select public.admin_record_version($1, $2, $3)', [table, id, entry]),
          );
          if (read !== undefined) versions.push(entry);
          const restored = await savepointed(tx, () =>
            tx.query(
              `select public.admin_restore_version($1, $2, $3, (select t.updated_at from public.${table} t where t.id::text = $2))`,
              [table, id, entry],
            ),
          );
          if (restored !== undefined) restores.push(entry);
        }
        return { listed: listed ?? [], versions, restores, all: entries };
      });
      if (!outcome.ok) throw new Error(outcome.message);
      const { listed, versions, restores, all } = outcome.value;
      const restorer = who !== 'appUser' && who !== 'anon' && VERSIONED[table].includes(who);
      const expected = restorer ? all : [];
      expect({ listed, versions, restores }).toEqual({
        listed: expected,
        versions: expected,
        restores: expected,
      });
    },
  );
});

/** fn's result, or undefined when it raised (rolled back to a savepoint, so the transaction goes on). */
async function savepointed<T>(tx: Queryable, fn: () => Promise<T>): Promise<T | undefined> {
  await tx.query('savepoint attempt');
  try {
    const value = await fn();
    await tx.query('release savepoint attempt');
    return value;
  } catch {
    await tx.query('rollback to savepoint attempt');
    return undefined;
  }
}
