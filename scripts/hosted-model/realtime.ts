import { RESOURCE_DATA } from '../../src/resources';
import { livePublication } from './expected';
import pg from 'pg';
import { assumeIdentity } from '../../mocks/supabase/db/identity';
import { type Queryable, type RequestIdentity } from '../../mocks/supabase/db/types';
import { authorizeRead, authorizeWrite, emptyPolicies } from '../../mocks/supabase/realtime/authorization';
import { ADMIN_ID, signedIn, ADMIN, USER, ANON, check, inTransaction, asRequest } from './harness';

/**
 * Realtime sends changes of the tables in supabase_realtime, and only of those: exactly the live
 * resources' tables (their descriptors' `live`), each with row-level security (Realtime checks
 * every INSERT and UPDATE against it per subscriber; a table without RLS would go to every
 * subscriber with SELECT on it).
 */
export async function realtimePublication(postgres: pg.Client) {
  const { rows } = await postgres.query<{ table: string; rls: boolean }>(
    `select p.schemaname || '.' || p.tablename as table, c.relrowsecurity as rls
       from pg_publication_tables p
       join pg_class c on c.oid = format('%I.%I', p.schemaname, p.tablename)::regclass
      where p.pubname = 'supabase_realtime' order by 1`,
  );
  const expected = livePublication(RESOURCE_DATA);
  const tables = rows.map((r) => r.table);
  check(
    'realtime publication tables',
    JSON.stringify(tables) === JSON.stringify(expected),
    tables.join(', '),
  );
  const withoutRls = rows.filter((r) => !r.rls).map((r) => r.table);
  check(
    'realtime tables have RLS',
    withoutRls.length === 0,
    withoutRls.length ? withoutRls.join(', ') : 'all',
  );
}

/**
 * Realtime Authorization as hosted Realtime runs it (mocks/supabase/realtime/authorization.ts,
 * after supabase/realtime's authorization.ex): probe rows inserted by Realtime's own connection
 * (here `postgres`, which bypasses RLS as supabase_realtime_admin does by owning the table), then
 * the caller's role, claims and realtime.topic for the transaction. An edit dialog's presence topic
 * admits the operators who may edit the record, and nobody else.
 */
export async function realtimeAuthorization(postgres: pg.Client) {
  const { rows } = await postgres.query<{ id: string }>(
    'select id from public.news order by created_at limit 1',
  );
  const topic = `presence:news:${rows[0].id}`;
  const db = { transaction: <T>(fn: (tx: Queryable) => Promise<T>) => inTransaction(postgres, fn) };
  const who = {
    owner: ADMIN,
    editor: signedIn('00000000-0000-4000-8000-000000000005'),
    support: signedIn('00000000-0000-4000-8000-000000000006'),
    appUser: USER,
    anon: ANON,
  };
  const answers: Record<string, string> = {};
  for (const [name, identity] of Object.entries(who)) {
    const context = { topic, role: identity.role, claims: identity.claims, headers: {} };
    const read = await authorizeRead(db, context, ['broadcast', 'presence'], emptyPolicies());
    const write = await authorizeWrite(db, context, ['broadcast', 'presence'], read);
    answers[name] =
      `${write.presence.read ? 'r' : '-'}${write.presence.write ? 'w' : '-'}${write.broadcast.read || write.broadcast.write ? 'b' : '-'}`;
  }
  const expected = { owner: 'rw-', editor: 'rw-', support: '---', appUser: '---', anon: '---' };
  check(
    'realtime presence policies',
    JSON.stringify(answers) === JSON.stringify(expected),
    JSON.stringify(answers),
  );
  const left = await postgres.query<{ n: number }>('select count(*)::int as n from realtime.messages');
  check('realtime checks leave no row', left.rows[0].n === 0, `${left.rows[0].n} rows`);
}

/**
 * "Also open by" (supabase/schemas/27_realtime.sql) through `authenticator` as PostgREST runs it: an
 * editor's own request marks a record open (the row's user and expiry set by the database), the
 * owner is told the editor's email, support and an app user are told nobody, anon may not ask, and
 * nobody writes a row for someone else.
 */
export async function openRecords(postgres: pg.Client, authenticator: pg.Client) {
  const { rows } = await postgres.query<{ id: string }>(
    'select id::text from public.news order by created_at limit 1',
  );
  const newsId = rows[0].id;
  const editor = signedIn('00000000-0000-4000-8000-000000000005');
  const tab = '00000000-0000-4000-8000-0000000000a1';
  // The editor marks the record open, then `identity` asks who has it open (one transaction).
  const openBy = (identity: RequestIdentity) =>
    asRequest(authenticator, identity, async (tx) => {
      await assumeIdentity(tx, editor);
      const lasts = (
        await tx.query<{ n: number }>(`select public.admin_mark_open('news', $1, $2) as n`, [newsId, tab])
      ).rows[0].n;
      await assumeIdentity(tx, identity);
      const { rows: named } = await tx.query<{ email: string }>(
        `select email from public.admin_open_by('news', $1)`,
        [newsId],
      );
      return `${lasts}s:${named.map((r) => r.email).join(',') || '-'}`;
    });
  const answers = {
    owner: await openBy(ADMIN),
    support: await openBy(signedIn('00000000-0000-4000-8000-000000000006')),
    appUser: await openBy(USER),
    anon: await openBy(ANON),
    forSomeoneElse: await asRequest(authenticator, editor, (tx) =>
      tx.query(
        `insert into public.open_records (resource, record_id, user_id, tab) values ('news', $1, $2, $3)`,
        [newsId, ADMIN_ID, tab],
      ),
    ).then((r) => (r.ok ? 'written' : r.code)),
  };
  const expected = {
    owner: { ok: true, value: '90s:editor@labellens.dev' },
    support: { ok: true, value: '90s:-' },
    appUser: { ok: true, value: '90s:-' },
    anon: { ok: false, code: '42501' },
    forSomeoneElse: '42501',
  };
  check(
    'open records (Also open by)',
    JSON.stringify(answers) === JSON.stringify(expected),
    JSON.stringify(answers),
  );
}
