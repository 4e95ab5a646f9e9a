import { createClient } from '@supabase/supabase-js';
import { setupServer } from 'msw/node';
import { supabaseHandlers } from '../../mocks/msw/handlers';
import type { GetListParams } from 'react-admin';
import type { Database } from '../../mocks/supabase/db';
import { DEMO_ACCOUNTS } from '../../mocks/supabase/demoAccounts';
import { LOCAL_ANON_KEY } from '../../mocks/supabase/keys';
import { createStandIn } from '../../mocks/supabase/standIn';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { RESOURCE_DATA } from '../resources';
import { createResourceProvider } from './dataProvider';

/**
 * A list's total never tells an operator how many rows are hidden from them: two databases that
 * differ only in audit entries the editor cannot read (another operator's changes to the team)
 * answer the editor's audit-log lists and searches identically, rows, totals and pages alike.
 * The planner's estimate, which `count=planned` and `count=estimated` past max-rows answer, comes
 * from the table's statistics and so counts the hidden entries: the editor, who does not read
 * every row of the trail, is never shown it.
 */

/** Each database's stand-in at its own address (ra-supabase's REST reads go through the global fetch, through MSW). */
const URLS = ['http://localhost:54331', 'http://localhost:54332'];
const editor = DEMO_ACCOUNTS.find((account) => account.email.startsWith('editor@'))!;

/**
 * Entries the editor reads (every entry of a news article's history, whoever wrote it): 30 whose
 * record id holds "zqfew", 1,200 "zqmany" (more than max-rows).
 */
const SEEN = `
  insert into public.audit_log (occurred_at, actor_email, action, resource, record_id)
  select timestamptz '2024-06-01 12:00:00+00' + make_interval(secs => g), 'owner@example.test', 'update', 'news',
         format('%s-%s', case when g <= 30 then 'zqfew' else 'zqmany' end, g)
    from generate_series(1, 1230) g;
  analyze public.audit_log;`;
/**
 * Changes to the team by an owner whose address holds "zqfew", which the editor cannot read: the
 * planner, from the column's statistics, expects thousands of matches for "zqfew".
 */
const HIDDEN = `
  insert into public.audit_log (occurred_at, actor_email, action, resource, record_id)
  select timestamptz '2024-06-01 12:00:00+00' + make_interval(secs => g, mins => 1), 'zqfew.owner@example.test',
         'update', 'admin_users', format('zqmany-%s', g)
    from generate_series(1, 6000) g;
  analyze public.audit_log;`;

/** The editor's resources' provider at `url`, signed in through its stand-in's Auth. */
async function editorProvider(url: string) {
  const client = createClient(url, LOCAL_ANON_KEY, {
    // Its own storage key: the admin's client (src/providers/supabaseClient.ts) holds the default one.
    auth: { persistSession: false, autoRefreshToken: false, storageKey: `totals-${url}` },
  });
  const { error } = await client.auth.signInWithPassword(editor);
  if (error) throw error;
  return createResourceProvider({ client, url, anonKey: LOCAL_ANON_KEY, resources: RESOURCE_DATA });
}

type Provider = Awaited<ReturnType<typeof editorProvider>>;

/** What a list shows: its rows' ids, total, paging and meta, or the error it shows. */
async function shown(provider: Provider, params: GetListParams) {
  try {
    const { data, total, pageInfo, meta } = await provider.getList('audit-log', params);
    return { ids: data.map((row) => row.id), total, pageInfo, meta };
  } catch (error) {
    return { error: String(error) };
  }
}

describe("the audit log's totals are blind to the entries the editor cannot read", () => {
  let dbs: Database[] = [];
  let providers: Provider[] = [];
  let server: ReturnType<typeof setupServer> | undefined;

  beforeAll(async () => {
    dbs = await Promise.all([openTestDatabase(), openTestDatabase()]);
    // The trail's ids come from one sequence: the first database takes the hidden entries' ids too,
    // so the editor's own entries (its sign-in) get the same ids in both.
    await dbs[0].exec(
      `${SEEN} select count(nextval(pg_get_serial_sequence('public.audit_log', 'id'))) from generate_series(1, 6000);`,
    );
    await dbs[1].exec(SEEN + HIDDEN);
    server = setupServer(...dbs.flatMap((db, i) => supabaseHandlers(createStandIn({ db }), URLS[i])));
    server.listen({ onUnhandledRequest: 'error' });
    providers = await Promise.all(URLS.map(editorProvider));
  });
  afterAll(async () => {
    server?.close();
    await Promise.all(dbs.map((db) => db.close()));
  });

  /** What `run` answers, and the Prefer header of each of its requests to the trail. */
  const requested = async <T>(run: () => Promise<T>) => {
    const requests = vi.spyOn(globalThis, 'fetch');
    try {
      const answers = await run();
      const prefers = requests.mock.calls
        .filter(([url]) => new globalThis.URL(String(url)).pathname === '/rest/v1/audit_log')
        .map(([, init]) => new Headers(init?.headers).get('Prefer'));
      // The planner's estimate is never asked for, let alone shown.
      expect(prefers.filter((prefer) => /planned|estimated/.test(prefer ?? ''))).toEqual([]);
      return { answers, prefers };
    } finally {
      requests.mockRestore();
    }
  };

  /** `pages` of a list in turn through each database's provider (each provider keeps its totals). */
  const both = async (filter: Record<string, unknown>, pages: number[], perPage = 25) => {
    const answers = [];
    for (const provider of providers) {
      const answer = [];
      for (const page of pages)
        answer.push(
          await shown(provider, {
            filter,
            pagination: { page, perPage },
            sort: { field: 'occurred_at', order: 'DESC' },
          }),
        );
      answers.push(answer);
    }
    return answers;
  };

  it('the databases differ only in entries the editor cannot read', async () => {
    const counts = await Promise.all(
      dbs.map(async (db) =>
        Number((await db.query<{ n: number }>('select count(*) n from public.audit_log')).rows[0].n),
      ),
    );
    expect(counts[1] - counts[0]).toBe(6000);
  });

  it('a search with a few matches: the exact total and the same pages', async () => {
    const { answers, prefers } = await requested(() => both({ q: 'zqfew' }, [1, 2, 3]));
    const [seen, hidden] = answers;
    expect(hidden).toEqual(seen);
    expect(seen.map((page) => [page.ids?.length, page.total, page.meta])).toEqual([
      [25, 30, { totalIsEstimate: false }],
      [5, 30, { totalIsEstimate: false }],
      [0, 30, { totalIsEstimate: false }],
    ]);
    // Per database: page 1 is full, so a probe past max-rows finds nothing and 30 rows are counted;
    // page 2 is not full: its own count; page 3 is past the end: probed and counted again.
    const probedAndCounted = ['handling=lenient', 'count=exact'];
    const each = [
      'handling=lenient',
      ...probedAndCounted,
      'handling=lenient',
      'handling=lenient',
      ...probedAndCounted,
    ];
    expect(prefers).toEqual([...each, ...each]);
  });

  it('a search with more matches than max-rows: "more than 1,000", with next and previous pages', async () => {
    const [seen, hidden] = (await requested(() => both({ q: 'zqmany' }, [1, 2, 48, 49]))).answers;
    expect(hidden).toEqual(seen);
    expect(seen.map((page) => [page.ids?.length, page.total, page.pageInfo, page.meta])).toEqual([
      [
        25,
        undefined,
        { hasNextPage: true, hasPreviousPage: false },
        { totalIsEstimate: false, pastMaxRows: true },
      ],
      [
        25,
        undefined,
        { hasNextPage: true, hasPreviousPage: true },
        { totalIsEstimate: false, pastMaxRows: true },
      ],
      [
        25,
        undefined,
        { hasNextPage: false, hasPreviousPage: true },
        { totalIsEstimate: false, pastMaxRows: true },
      ],
      [
        0,
        undefined,
        { hasNextPage: false, hasPreviousPage: true },
        { totalIsEstimate: false, pastMaxRows: true },
      ],
    ]);
  });

  it('the whole list, longer than max-rows: the same pages, with no total', async () => {
    const [seen, hidden] = (await requested(() => both({}, [1, 2, 30]))).answers;
    expect(hidden).toEqual(seen);
    expect(seen.map((page) => [page.ids?.length, page.total, page.pageInfo?.hasNextPage, page.meta])).toEqual(
      [
        [25, undefined, true, { totalIsEstimate: false, pastMaxRows: true }],
        [25, undefined, true, { totalIsEstimate: false, pastMaxRows: true }],
        [25, undefined, true, { totalIsEstimate: false, pastMaxRows: true }],
      ],
    );
  });
});
