import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../mocks/supabase/db';
import { assumeIdentity, isPgError } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { OPERATOR_ROLES, operatorCan, type AccessTable } from '../../src/domain/operatorRoles';
import { baseTable } from '../../src/providers/resourceData';
import { OPERATOR_ACCESS, PALETTE_KINDS, RESOURCE_DATA, RESOURCES } from '../../src/resources';
import { attempt, ROLES, type Role } from './fixtures';
import { CALLERS, sampleRow, tabled, writeMismatches } from './registryAccess';
import { schemaFileOf } from './sqlLists';

/**
 * The registry (src/resources/: each resource's `access`, `writes` and `publicWrites`) and the
 * database, cell by cell: every resource × caller × write is tried and compared with what the
 * registry allows, and every kind the palette (admin_search) and a person's page (admin_person)
 * answer is compared role by role with the registry's `list` access. No role list is restated here.
 */

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

/** fn in a transaction as the superuser that always rolls back. */
async function rolledBack<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const outcome = await attempt(db, 'superuser', fn);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.value;
}

describe('writes: the registry and the policies agree on every cell', () => {
  it('every resource with a table has a sample row to try, written or read from the catalog', async () => {
    for (const data of tabled(RESOURCE_DATA)) {
      const { insert } = await sampleRow(db, baseTable(data));
      const outcome = await attempt(db, 'superuser', (tx) => tx.query(insert).then(() => 'inserted'));
      expect(
        outcome,
        `${insert}: add a line for ${baseTable(data)} to SAMPLES in supabase/tests/registryAccess.ts`,
      ).toEqual({ ok: true, value: 'inserted' });
    }
  });

  it("every resource's writes are its screens' (create: insert, edit: update, trash: delete)", () => {
    const declared = RESOURCES.map(({ data }) => ({
      name: data.name,
      insert: (data.writes ?? []).includes('insert'),
      update: (data.writes ?? []).includes('update'),
      delete: (data.writes ?? []).includes('delete'),
    }));
    const screens = RESOURCES.map(({ data, screens: s }) => ({
      name: data.name,
      insert: Boolean(s.dialogs?.create),
      // An edit dialog updates; so does the inbox's status change, which has none.
      update: Boolean(s.dialogs?.edit) || (data.writes ?? []).includes('update'),
      delete: Boolean(data.trash),
    }));
    expect(declared).toEqual(screens);
  });

  it.each(tabled(RESOURCE_DATA).map((data) => [data.name, data] as const))('%s', async (_, data) => {
    expect(await rolledBack((tx) => writeMismatches(tx, OPERATOR_ACCESS, data))).toEqual([]);
  });

  it("fails, naming each cell, when a content table's write policies let every operator write", async () => {
    const news = RESOURCE_DATA.find((data) => data.name === 'news')!;
    const found = await rolledBack(async (tx) => {
      for (const [verb, policy] of [
        ['insert', 'Writers add news'],
        ['update', 'Writers change news'],
        ['delete', 'Writers remove news'],
      ]) {
        await tx.query(`drop policy "${policy}" on public.news`);
        const using = verb === 'insert' ? '' : 'using ((select public.is_admin()))';
        const check = verb === 'delete' ? '' : 'with check ((select public.is_admin()))';
        await tx.query(
          `create policy "${policy}" on public.news for ${verb} to authenticated ${using} ${check}`,
        );
      }
      return writeMismatches(tx, OPERATOR_ACCESS, news);
    });
    expect(found).toEqual(
      ['insert', 'update', 'delete'].map(
        (write) =>
          `news: support ${write}: the registry refuses it, the database allows it; ` +
          'edit access or writes in src/resources/news/index.ts, or the policies on public.news in supabase/schemas/41_content_policies.sql',
      ),
    );
  });

  it('fails when the registry grants a write the policies refuse', async () => {
    const tags = RESOURCE_DATA.find((data) => data.name === 'tags')!;
    const access: AccessTable = { ...OPERATOR_ACCESS, tags: { ...OPERATOR_ACCESS.tags, support: '*' } };
    expect(await rolledBack((tx) => writeMismatches(tx, access, tags))).toEqual(
      ['insert', 'update', 'delete'].map(
        (write) =>
          `tags: support ${write}: the registry allows it, the database refuses it; ` +
          'edit access or writes in src/resources/tags/index.ts, or the policies on public.tags in supabase/schemas/41_content_policies.sql',
      ),
    );
  });
});

/** The palette's kinds (and a person's page's screens) that `who` lists, as the registry says. */
const listed = (access: AccessTable, who: Role, screens: readonly string[]) =>
  OPERATOR_ROLES.some((role) => role === who)
    ? screens.filter((screen) => operatorCan(access, who as (typeof OPERATOR_ROLES)[number], screen, 'list'))
    : null;

/** A record of every palette kind whose text holds PROBE (the team's: an operator whose address does). */
const PROBE = 'qqkindprobe';
async function recordsOfEveryKind(tx: Queryable) {
  const user = '00000000-0000-4000-8000-0000000000c1';
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', '${PROBE}@example.test', '', now(), now())`,
    [user],
  );
  await tx.query(`insert into public.admin_users (user_id, role) values ($1, 'support')`, [user]);
  await tx.query(`insert into public.profiles (user_id, name) values ($1, '${PROBE}')`, [user]);
  await tx.query(`insert into public.scans (user_id, name) values ($1, '${PROBE}')`, [user]);
  await tx.query(`insert into public.chats (user_id, title) values ($1, '${PROBE}')`, [user]);
  await tx.query(
    `insert into public.contact_messages (first_name, email, message) values ('${PROBE}', 'a@example.in', 'Hello')`,
  );
  await tx.query(
    `insert into public.news (title, content, source_url) values ('${PROBE}', 'x', 'https://example.com/k')`,
  );
  await tx.query(`insert into public.health_tips (tip) values ('${PROBE}')`);
  await tx.query(
    `insert into public.tags (key, label, icon, color, category) values ('${PROBE}', '${PROBE}', 'tag', '#123456', 'general')`,
  );
  return user;
}

/** The kinds admin_search answers `who` for PROBE (null: refused), with records of every kind. */
async function searchedKinds(tx: Queryable, who: Role) {
  await tx.query('savepoint kinds');
  try {
    await assumeIdentity(tx, ROLES[who]);
    const { rows } = await tx.query<{ kind: string }>(
      `select distinct kind from public.admin_search($1, 5)`,
      [PROBE],
    );
    return rows.map((r) => r.kind).sort();
  } catch (error) {
    if (isPgError(error) && error.code === '42501') return null;
    throw error;
  } finally {
    await tx.query('rollback to savepoint kinds');
    await tx.query('release savepoint kinds');
  }
}

/** admin_person's sections and the screen each one shows (the account and its devices: Users). */
const SECTION_SCREENS: Readonly<Record<string, string>> = {
  user: 'users',
  devices: 'users',
  profiles: 'profiles',
  scans: 'scans',
  chats: 'chats',
  notifications: 'notifications',
  contact_messages: 'contact-messages',
  audit: 'audit-log',
};

/** The sections admin_person answers `who` about a person (null: refused). */
async function personSections(tx: Queryable, who: Role, person: string) {
  await tx.query('savepoint person');
  try {
    await assumeIdentity(tx, ROLES[who]);
    const { rows } = await tx.query<{ p: Record<string, unknown> }>(
      'select public.admin_person($1, 5) as p',
      [person],
    );
    return Object.keys(rows[0].p).sort();
  } catch (error) {
    if (isPgError(error) && error.code === '42501') return null;
    throw error;
  } finally {
    await tx.query('rollback to savepoint person');
    await tx.query('release savepoint person');
  }
}

/** Every caller whose answers differ from the registry's, named. */
/** Where a kind the registry searches and admin_search lacks (or the reverse) is fixed. */
const SEARCH_HINT = `; a kind missing for every role needs its branch in public.admin_search (${schemaFileOf('public.admin_search')})`;

async function kindMismatches(tx: Queryable, access: AccessTable) {
  const person = await recordsOfEveryKind(tx);
  const kinds = [...PALETTE_KINDS.keys()].sort();
  const sections = Object.keys(SECTION_SCREENS).sort();
  const found: string[] = [];
  for (const who of CALLERS) {
    const search = listed(access, who, kinds);
    const expectedSearch = search && search.length > 0 ? search : null;
    const searched = await searchedKinds(tx, who);
    if (JSON.stringify(searched) !== JSON.stringify(expectedSearch))
      found.push(
        `admin_search as ${who}: ${JSON.stringify(searched)}, the registry ${JSON.stringify(expectedSearch)}${SEARCH_HINT}`,
      );
    const page = listed(access, who, ['users'])?.length
      ? sections.filter((section) => listed(access, who, [SECTION_SCREENS[section]])!.length > 0)
      : null;
    const answered = await personSections(tx, who, person);
    if (JSON.stringify(answered) !== JSON.stringify(page))
      found.push(`admin_person as ${who}: ${JSON.stringify(answered)}, the registry ${JSON.stringify(page)}`);
  }
  return found;
}

describe("reads: the palette's kinds and a person's sections are the registry's list access", () => {
  it('private.list_readers() is the registry, screen by screen', async () => {
    const { rows } = await db.query<{ screen: string; roles: string[] }>(
      'select screen, roles from private.list_readers() order by screen',
    );
    expect(Object.fromEntries(rows.map((r) => [r.screen, r.roles]))).toEqual(
      Object.fromEntries(
        rows.map((r) => [
          r.screen,
          OPERATOR_ROLES.filter((role) => operatorCan(OPERATOR_ACCESS, role, r.screen, 'list')),
        ]),
      ),
    );
    // Every kind the palette shows and every screen a person's page shows is in the list.
    const screens = new Set(rows.map((r) => r.screen));
    expect(
      [...PALETTE_KINDS.keys(), ...Object.values(SECTION_SCREENS)].filter((s) => !screens.has(s)),
    ).toEqual([]);
  });

  it('admin_search and admin_person answer each caller what the registry lists', async () => {
    expect(await rolledBack((tx) => kindMismatches(tx, OPERATOR_ACCESS))).toEqual([]);
  });

  it('fail when the database hands out a kind the registry took away', async () => {
    const found = await rolledBack(async (tx) => {
      await tx.query(`create or replace function private.list_readers() returns table (screen text, roles text[])
        language sql immutable set search_path = '' as $$
          select r.screen, case when r.screen = 'scans' then array['owner'] else r.roles end
            from (values ('users', array['owner', 'support']), ('profiles', array['owner', 'support']),
                         ('scans', array['owner', 'support']), ('chats', array['owner', 'support']),
                         ('notifications', array['owner', 'support']), ('contact-messages', array['owner', 'support']),
                         ('news', array['owner', 'editor', 'support']), ('health-tips', array['owner', 'editor', 'support']),
                         ('tags', array['owner', 'editor', 'support']), ('audit-log', array['owner', 'editor', 'support']),
                         ('team', array['owner'])) r(screen, roles) $$`);
      return kindMismatches(tx, OPERATOR_ACCESS);
    });
    expect(found).toEqual([
      'admin_search as support: ["chats","contact-messages","health-tips","news","profiles","tags","users"], the registry ["chats","contact-messages","health-tips","news","profiles","scans","tags","users"]; a kind missing for every role needs its branch in public.admin_search (supabase/schemas/31_app_data_admin_reads.sql)',
      'admin_person as support: ["audit","chats","contact_messages","devices","notifications","profiles","user"], the registry ["audit","chats","contact_messages","devices","notifications","profiles","scans","user"]',
    ]);
  });

  it('fail when the registry takes a kind away and the database still hands it out', async () => {
    const access: AccessTable = { ...OPERATOR_ACCESS, chats: { owner: '*' } };
    expect(await rolledBack((tx) => kindMismatches(tx, access))).toEqual([
      'admin_search as support: ["chats","contact-messages","health-tips","news","profiles","scans","tags","users"], the registry ["contact-messages","health-tips","news","profiles","scans","tags","users"]; a kind missing for every role needs its branch in public.admin_search (supabase/schemas/31_app_data_admin_reads.sql)',
      'admin_person as support: ["audit","chats","contact_messages","devices","notifications","profiles","scans","user"], the registry ["audit","contact_messages","devices","notifications","profiles","scans","user"]',
    ]);
  });
});
