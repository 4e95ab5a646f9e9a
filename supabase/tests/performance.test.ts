import { withIdentity, type Database, type Queryable } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { generateScans } from '../../scripts/seed/generateScans';
import { IDENTITIES } from './fixtures';

/**
 * The plans of what the admin lists send (see src/providers/paging.ts and src/providers/search.ts),
 * as the admin, through the admin views, on a table large enough for the planner to prefer indexes:
 * pages read an index in either direction and stop after the page; searches, one word or several,
 * use the trigram indexes; nothing reads the whole scans table. Runs on PGlite, or on the Postgres
 * server at DATABASE_URL.
 */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  Plans?: PlanNode[];
}

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  if ((await db.query<{ n: number }>('select count(*)::int as n from public.scans')).rows[0].n < 20_000) {
    await generateScans(db, { scans: 20_000 });
  }
}, 120_000);
afterAll(() => db.close());

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/**
 * The plan as the admin. `indexOnly` rules out sequential scans where the table is too small for the
 * planner to prefer an index (so the test shows whether an index can serve the query at all).
 */
async function plan(sql: string, { indexOnly = false, asOwner = false } = {}): Promise<PlanNode[]> {
  const explain = async (tx: Queryable) => {
    if (indexOnly) await tx.query(`select set_config('enable_seqscan', 'off', true)`);
    return tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`);
  };
  // asOwner: a query a security definer function runs, over tables no API role reads.
  const rows = asOwner
    ? await db.transaction(async (tx) => explain(tx))
    : await withIdentity(db, IDENTITIES.admin, explain);
  const raw = rows.rows[0]['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return nodes(parsed[0].Plan);
}

/**
 * Only the tables that grow with the app's use. (private.user_emails, probed once per row of a page for the
 * owner's email, holds a thousandth of the scans: the planner rightly scans it while it is small.)
 */
const GROWING = ['scans', 'profiles', 'chats', 'messages'];
const indexesUsed = (plan: PlanNode[]) =>
  plan.map((n) => n['Index Name']).filter((name) => GROWING.some((table) => name?.startsWith(`${table}_`)));
const seqScans = (plan: PlanNode[]) =>
  plan
    .filter((n) => n['Node Type'] === 'Seq Scan' && GROWING.includes(n['Relation Name'] ?? ''))
    .map((n) => n['Relation Name']);
const sorts = (plan: PlanNode[]) => plan.filter((n) => /Sort/.test(n['Node Type']));

/** One `(c1 ilike '%w%' or c2 ilike '%w%')` per word, ANDed: the search builder's and=(or(...),...). */
const search = (columns: string[], words: string[]) =>
  words.map((w) => `(${columns.map((c) => `${c} ilike '%${w}%'`).join(' or ')})`).join(' and ');

/** What `Prefer: count=estimated` counts: at most max-rows + 1 matching rows. */
const estimatedCount = (view: string, where: string) =>
  `select count(*) from (select 1 from public.${view} where ${where} limit 1001) c`;

describe('a page of scans', () => {
  it('newest first reads the (created_at, id) index forwards and sorts nothing', async () => {
    const p = await plan(
      'select * from public.admin_scans order by created_at desc, id desc limit 25 offset 25',
    );
    expect(indexesUsed(p)).toEqual(['scans_created_at_id_idx']);
    expect(p.find((n) => n['Index Name'])?.['Scan Direction']).toBe('Forward');
    expect([seqScans(p), sorts(p)]).toEqual([[], []]);
  });

  it('the last pages read the same index backwards', async () => {
    const p = await plan('select * from public.admin_scans order by created_at asc, id asc limit 25');
    expect(indexesUsed(p)).toEqual(['scans_created_at_id_idx']);
    expect(p.find((n) => n['Index Name'])?.['Scan Direction']).toBe('Backward');
    expect([seqScans(p), sorts(p)]).toEqual([[], []]);
  });

  it.each([
    ['name', 'scans_name_id_idx'],
    ['category', 'scans_category_id_idx'],
    ['health_score', 'scans_health_score_id_idx'],
  ])('sorted by %s, with the id tie-breaker, reads %s', async (column, index) => {
    for (const direction of ['asc', 'desc']) {
      const p = await plan(
        `select * from public.admin_scans order by ${column} ${direction}, id ${direction} limit 25`,
      );
      expect(indexesUsed(p)).toEqual([index]);
      expect(sorts(p)).toEqual([]);
    }
  });
});

describe('searches use the trigram indexes', () => {
  it.each([
    ['one word', ['maggi']],
    ['two words', ['maggi', 'masala']],
  ])('scans, %s: the count and the page', async (_, words) => {
    const where = search(['name', 'category'], words);
    const count = await plan(estimatedCount('admin_scans', where));
    expect(new Set(indexesUsed(count))).toEqual(new Set(['scans_name_trgm_idx', 'scans_category_trgm_idx']));
    expect(seqScans(count)).toEqual([]);
    const page = await plan(
      `select * from public.admin_scans where ${where} order by created_at desc, id desc limit 25`,
    );
    expect(seqScans(page)).toEqual([]);
  });

  // 20,000 scans come with 1,000 profiles and 2,000 chats, where a sequential scan is cheapest.
  it('profiles: name or relationship', async () => {
    const p = await plan(estimatedCount('admin_profiles', search(['name', 'relationship'], ['1240'])), {
      indexOnly: true,
    });
    expect(new Set(indexesUsed(p))).toEqual(
      new Set(['profiles_name_trgm_idx', 'profiles_relationship_trgm_idx']),
    );
    expect(seqScans(p)).toEqual([]);
  });

  it('chats: title', async () => {
    const p = await plan(estimatedCount('admin_chats', search(['title'], ['1240'])), { indexOnly: true });
    expect(indexesUsed(p)).toContain('chats_title_trgm_idx');
    expect(seqScans(p)).toEqual([]);
  });
});

describe("a search by the owner's email (src/providers/search.ts, admin_owner_ids)", () => {
  it('the email lookup reads the trigram index on lower(email)', async () => {
    // admin_owner_ids's query, as its owner runs it.
    const p = await plan(
      `select e.user_id from private.user_emails e where lower(e.email) like '%load-%@example.in%' limit 101`,
      { asOwner: true, indexOnly: true },
    );
    expect(p.map((n) => n['Index Name']).filter(Boolean)).toEqual(['user_emails_email_trgm_idx']);
    expect(p.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
  });

  it('scans: the word matches the own columns or the owners found, from three indexes', async () => {
    const owners = (
      await db.query<{ user_id: string }>(
        `select user_id from public.scans where user_id is not null group by user_id order by user_id limit 2`,
      )
    ).rows.map((r) => `'${r.user_id}'`);
    const where = `(name ilike '%load%' or category ilike '%load%' or user_id in (${owners.join(',')}))`;
    const count = await plan(estimatedCount('admin_scans', where));
    expect(new Set(indexesUsed(count))).toEqual(
      new Set(['scans_name_trgm_idx', 'scans_category_trgm_idx', 'scans_user_id_created_at_idx']),
    );
    expect(seqScans(count)).toEqual([]);
    const page = await plan(
      `select * from public.admin_scans where ${where} order by created_at desc, id desc limit 25`,
    );
    expect(seqScans(page)).toEqual([]);
  });
});

describe('the operator checks every admin read asks (supabase/schemas/11_operators_policies.sql)', () => {
  it('are PL/pgSQL, whose plans last the connection: a SQL security definer body is planned per statement', async () => {
    const { rows } = await db.query<{ fn: string; language: string }>(
      `select p.oid::regprocedure::text as fn, l.lanname::text as language
         from pg_proc p join pg_language l on l.oid = p.prolang
        where p.oid in ('public.has_admin_role(text[])'::regprocedure, 'public.admin_role()'::regprocedure,
                        'public.is_admin()'::regprocedure, 'private.is_admin_account(uuid)'::regprocedure,
                        'private.session_may_operate(uuid)'::regprocedure,
                        'private.has_verified_factor(uuid)'::regprocedure)
        order by 1`,
    );
    expect(rows).toEqual([
      { fn: 'admin_role()', language: 'plpgsql' },
      { fn: 'has_admin_role(text[])', language: 'plpgsql' },
      { fn: 'is_admin()', language: 'plpgsql' },
      { fn: 'private.has_verified_factor(uuid)', language: 'plpgsql' },
      { fn: 'private.is_admin_account(uuid)', language: 'plpgsql' },
      { fn: 'private.session_may_operate(uuid)', language: 'plpgsql' },
    ]);
  });
});
