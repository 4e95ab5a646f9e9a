import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../mocks/supabase/db';
import type { PaletteHit } from '../../src/providers/paletteMethods';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { personSchema } from '../../src/providers/person';
import { ADMIN_ID, attempt, ROLES, SUPPORT_ID, USER_ID, type Outcome, type Role } from './fixtures';

/**
 * The command palette's search (admin_search) and a person's page (admin_person) per role
 * (supabase/schemas/31_app_data_admin_reads.sql): owners read everything, support everything but
 * the team, editors only content, anyone else nothing. One database for the whole file.
 */

const WHO = ROLES;
type Who = Role;

/** What the tests read of a hit (all but its time, which the seed does not fix). */
type Hit = Omit<PaletteHit, 'at'>;

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const search = (who: Who, q: string, setup?: (tx: Queryable) => Promise<unknown>): Promise<Outcome<Hit[]>> =>
  attempt(db, 'superuser', async (tx) => {
    if (setup) await setup(tx);
    await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      WHO[who].role,
      JSON.stringify(WHO[who].claims),
    ]);
    const { rows } = await tx.query<Hit>(
      'select kind, id, title, detail, owner_id, owner_email from public.admin_search($1, 5)',
      [q],
    );
    return rows;
  });

const kinds = (outcome: Outcome<Hit[]>) =>
  outcome.ok ? [...new Set(outcome.value.map((hit) => hit.kind))] : outcome;

const DENIED = { ok: false, code: '42501' };

describe('admin_search', () => {
  it('finds an app user by part of their email for owners and support, with the address and id', async () => {
    for (const who of ['owner', 'support'] as const) {
      const outcome = await search(who, 'USER@labellens');
      expect(outcome).toEqual({
        ok: true,
        value: [
          {
            kind: 'users',
            id: USER_ID,
            title: 'user@labellens.dev',
            detail: null,
            owner_id: USER_ID,
            owner_email: 'user@labellens.dev',
          },
        ],
      });
    }
  });

  it("finds an app user by their phone's digits or the start of their id, a chat by its id", async () => {
    const { rows } = await db.query<{ id: string; phone: string; chat: string }>(
      `select u.id::text, u.phone, (select c.id::text from public.chats c order by c.id limit 1) as chat
         from auth.users u where u.phone is not null order by u.id limit 1`,
    );
    const [{ id, phone, chat }] = rows;
    const byPhone = await search('support', phone.slice(-7));
    expect(byPhone.ok && byPhone.value.filter((hit) => hit.kind === 'users').map((hit) => hit.id)).toContain(
      id,
    );
    const byId = await search('support', id.slice(0, 13));
    expect(byId.ok && byId.value.map((hit) => [hit.kind, hit.id])).toEqual([['users', id]]);
    const byChat = await search('owner', chat.slice(0, 8));
    expect(byChat.ok && byChat.value.filter((hit) => hit.kind === 'chats').map((hit) => hit.id)).toEqual([
      chat,
    ]);
  });

  it('gives an editor no app-user data: no users, profiles, scans, chats or messages, even by id', async () => {
    const scanId = (await db.query<{ id: string }>(`select md5('labellens-scan-1')::uuid::text as id`))
      .rows[0].id;
    for (const q of ['user@labellens', 'Sharma', scanId.slice(0, 8), USER_ID.slice(0, 13), 'rekha']) {
      expect(await search('editor', q), q).toEqual({ ok: true, value: [] });
    }
    // The same queries find app users' records for support.
    expect(kinds(await search('support', 'Sharma'))).toEqual(['profiles']);
    expect(kinds(await search('support', scanId.slice(0, 8)))).toEqual(['scans']);
    expect(kinds(await search('support', 'rekha'))).toEqual(['contact-messages']);
  });

  it('gives an editor content: news, health tips, tags', async () => {
    const outcome = await search('editor', 'vegan');
    expect(kinds(outcome)).toEqual(['tags']);
    expect(outcome.ok && outcome.value.map((hit) => [hit.title, hit.detail])).toEqual([['Vegan', 'vegan']]);
  });

  it('gives support no team entries, owners the operators', async () => {
    expect(kinds(await search('support', 'labellens.dev'))).toEqual(['users']);
    const owner = await search('owner', 'labellens.dev');
    expect(kinds(owner)).toEqual(['users', 'team']);
    expect(
      owner.ok && owner.value.filter((hit) => hit.kind === 'team').map((hit) => [hit.title, hit.detail]),
    ).toEqual([
      ['admin@labellens.dev', 'owner'],
      ['editor@labellens.dev', 'editor'],
      ['inactive-admin@labellens.dev', 'owner'],
      ['mfa-admin@labellens.dev', 'owner'],
      ['support@labellens.dev', 'support'],
    ]);
  });

  it('refuses anon, an app user and a deactivated operator', async () => {
    // anon has no EXECUTE on the function: PostgREST answers 401 before the body runs.
    expect(await search('anon', 'user@labellens')).toMatchObject({ ok: false, code: '42501' });
    expect(await search('appUser', 'user@labellens')).toMatchObject(DENIED);
    expect(
      await search('support', 'user@labellens', (tx) =>
        tx.query('update public.admin_users set is_active = false where user_id = $1', [SUPPORT_ID]),
      ),
    ).toMatchObject(DENIED);
  });

  it("matches LIKE's wildcards literally and needs 3 characters of text", async () => {
    // Unescaped, '%%%' and '___' would match every record of every kind.
    expect(await search('owner', '%%%')).toEqual({ ok: true, value: [] });
    expect(await search('owner', '___')).toEqual({ ok: true, value: [] });
    expect(await search('owner', 'us')).toEqual({ ok: true, value: [] });
  });

  it('finds a contact sender with an account as that person', async () => {
    const outcome = await search('support', 'Missing label', (tx) =>
      tx.query(
        `insert into public.contact_messages (first_name, email, subject, message)
         values ('Aarav', 'USER@labellens.dev', 'Missing label', 'The scan failed.')`,
      ),
    );
    expect(outcome.ok && outcome.value.map((hit) => [hit.kind, hit.title, hit.detail, hit.owner_id])).toEqual(
      [['contact-messages', 'Aarav', 'Missing label', USER_ID]],
    );
  });

  it('returns at most per_kind records of a kind', async () => {
    const outcome = await search('owner', 'example.in');
    expect(outcome.ok && outcome.value.filter((hit) => hit.kind === 'users').length).toBe(5);
  });
});

describe('admin_person', () => {
  const person = (who: Who, id: string) =>
    attempt(
      db,
      WHO[who],
      async (tx) =>
        (await tx.query<{ p: unknown }>('select public.admin_person($1, 5) as p', [id])).rows[0].p,
    );

  it("is the account and each section's newest rows and total, for owners and support", async () => {
    const outcome = await person('support', USER_ID);
    expect(outcome.ok).toBe(true);
    const page = (outcome.ok ? outcome.value : null) as Record<string, { total: number; rows: unknown[] }> & {
      user: { id: string; email: string };
    };
    expect(page.user).toMatchObject({ id: USER_ID, email: 'user@labellens.dev', provider: 'email' });
    const totals = Object.fromEntries(
      ['profiles', 'scans', 'chats', 'devices', 'notifications', 'contact_messages'].map((s) => [
        s,
        page[s].total,
      ]),
    );
    const expected = await db.query<Record<string, number>>(
      `select (select count(*)::int from public.profiles where user_id = $1) as profiles,
              (select count(*)::int from public.scans where user_id = $1) as scans,
              (select count(*)::int from public.chats where user_id = $1) as chats,
              (select count(*)::int from public.user_devices where user_id = $1) as devices,
              (select count(*)::int from public.notifications where user_id = $1) as notifications,
              0 as contact_messages`,
      [USER_ID],
    );
    expect(totals).toEqual(expected.rows[0]);
    expect(page.scans.rows).toHaveLength(5);
    expect(page.profiles.rows[0]).toMatchObject({ name: expect.any(String), allergies: expect.any(Array) });
    expect(Object.keys(page.devices.rows[0] as object).sort()).toEqual([
      'created_at',
      'id',
      'platform',
      'updated_at',
    ]);
  });

  it('shows support only their own audit entries, owners all of them', async () => {
    const audit = async (who: Who) =>
      attempt(db, 'superuser', async (tx) => {
        await tx.query(
          `insert into public.audit_log (actor_id, actor_email, action, resource, record_id)
           values ($1, 'admin@labellens.dev', 'update', 'users', $3), ($2, 'support@labellens.dev', 'update', 'users', $3)`,
          [ADMIN_ID, SUPPORT_ID, USER_ID],
        );
        await tx.query(
          `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
          [JSON.stringify(WHO[who].claims)],
        );
        const { rows } = await tx.query<{ p: { audit: { total: number; rows: { actor_email: string }[] } } }>(
          'select public.admin_person($1, 5) as p',
          [USER_ID],
        );
        return rows[0].p.audit.rows.map((row) => row.actor_email);
      });
    expect(await audit('owner')).toEqual({
      ok: true,
      value: ['support@labellens.dev', 'admin@labellens.dev'],
    });
    expect(await audit('support')).toEqual({ ok: true, value: ['support@labellens.dev'] });
  });

  it("answers what the app's Person type says, key for key (src/providers/person.ts)", async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await tx.query(
        `insert into public.audit_log (actor_id, actor_email, action, resource, record_id)
         values ($1, 'admin@labellens.dev', 'update', 'users', $2)`,
        [ADMIN_ID, USER_ID],
      );
      await tx.query(
        `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
        [JSON.stringify(WHO.owner.claims)],
      );
      return (await tx.query<{ p: unknown }>('select public.admin_person($1, 5) as p', [USER_ID])).rows[0].p;
    });
    const page = personSchema.parse(outcome.ok ? outcome.value : null);
    // Every section the schema knows is there for an owner, with rows to check (but the inbox's).
    expect(Object.keys(page).sort()).toEqual(Object.keys(personSchema.shape).sort());
    const empty = Object.entries(page).flatMap(([name, value]) =>
      'rows' in value && value.rows.length === 0 ? [name] : [],
    );
    expect(empty).toEqual(['contact_messages']);
  });

  it('refuses editors, app users and anon; answers null for no such user', async () => {
    expect(await person('editor', USER_ID)).toMatchObject(DENIED);
    expect(await person('appUser', USER_ID)).toMatchObject(DENIED);
    expect(await person('anon', USER_ID)).toMatchObject(DENIED);
    expect(await person('owner', '00000000-0000-4000-8000-0000000000ff')).toEqual({ ok: true, value: null });
  });
});
