import fc from 'fast-check';
import { LOCAL_ANON_KEY } from '../keys';
import { standInForFile } from '../testing/standInForFile';
import { signUserToken } from './testFixture';
import { USER_ID } from '../../../supabase/tests/fixtures';

/**
 * Property: whatever a caller holding the anon key or an app user's token puts in select, order,
 * filter keys and values, or=/and=, on_conflict, columns, the path or RPC arguments, the answer is
 * a normal one or a PostgREST 4xx, never a 500, and never shows a row only the service role may
 * read, nor a password hash. Fixed seed and run count, so `npm test` stays fast and repeatable.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20241101);
/** `FUZZ_RUNS=5000 FUZZ_SEED=<n> npx vitest run mocks/supabase/rest/fuzz.test.ts` searches further. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 250);

const CANARY = 'CANARY-3f9c1e7a-only-the-service-role-reads-this';
const BCRYPT_HASH = /\$2[aby]\$\d\d\$/;
const BASE = 'http://localhost:54321';

const stack = standInForFile({
  setupSql: `
    create table if not exists public.fuzz_canary (id int primary key, secret text not null);
    alter table public.fuzz_canary enable row level security;
    revoke all on public.fuzz_canary from public, anon, authenticated;
    grant all on public.fuzz_canary to service_role;
    insert into public.fuzz_canary values (1, '${CANARY}') on conflict (id) do nothing;`,
});
let userToken: string;
beforeAll(async () => {
  userToken = await signUserToken(USER_ID);
});

/** Pieces that have broken query builders before: quoting, comments, casts, dollar quotes, NUL. */
const FRAGMENTS = [
  "'",
  '"',
  '\\',
  '$q$',
  '$$',
  '--',
  '/*',
  ';',
  '(',
  ')',
  ',',
  '.',
  ':',
  '::',
  '::text',
  '::int[]',
  '->',
  '->>',
  '*',
  '%',
  '!inner',
  '..',
  ' ',
  '\u0000',
  '\ud800',
  '🍛',
  'not.',
  'eq.',
  'in.(',
  'is.null',
  'or(',
  'and(',
  'select',
  'fuzz_canary',
  'fuzz_canary(*)',
  'secret',
  'auth.users',
  'encrypted_password',
  "set_config('role','postgres',false)",
  "set_config('request.jwt.claim.sub','00000000-0000-4000-8000-000000000001',false)",
  'pg_sleep(1)',
  'query_to_xml(',
  'title',
  'id',
  'created_at',
  'nutrition_facts',
  'user_id',
  '1',
  '-1',
  '99999999999999999999',
];

const adversarial = fc
  .array(
    fc.oneof(
      fc.constantFrom(...FRAGMENTS),
      fc.string({ maxLength: 6 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
    ),
    {
      maxLength: 8,
    },
  )
  .map((parts) => parts.join(''));

/** Requests that parse, so the adversarial part reaches SQL: names, aliases, JSON keys, casts, values. */
const COLUMNS = [
  'id',
  'title',
  'created_at',
  'user_id',
  'nutrition_facts',
  'email',
  'message',
  'is_active',
  'secret',
];
const column = fc.constantFrom(...COLUMNS);
const quoted = adversarial.map((text) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
const name = fc.oneof(column, quoted);
const jsonKey = fc.oneof(quoted, fc.constantFrom('kcal', '0', '-1', '99999999999999999999'));
const field = fc.oneof(
  name,
  fc.tuple(column, fc.constantFrom('->', '->>'), jsonKey).map((parts) => parts.join('')),
);
const selectItem = fc.oneof(
  field,
  fc.tuple(quoted, field).map(([alias, f]) => `${alias}:${f}`),
  fc
    .tuple(
      field,
      fc.constantFrom('text', 'int', 'integer', 'jsonb', 'date', 'text[]', 'nosuchtype', 'regclass'),
    )
    .map(([f, type]) => `${f}::${type}`),
);
const operator = fc.constantFrom(
  'eq',
  'neq',
  'gt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'cs',
  'ov',
  'fts',
  'not.eq',
  'is',
);
const value = fc.oneof(
  adversarial,
  quoted,
  adversarial.map((v) => `(${v})`),
);
const filter = fc.tuple(field, operator, value).map(([f, op, v]): [string, string] => [f, `${op}.${v}`]);
const inList = fc
  .tuple(field, fc.array(value, { maxLength: 3 }))
  .map(([f, vs]): [string, string] => [f, `in.(${vs.join(',')})`]);
const logic = fc
  .tuple(
    fc.constantFrom('or', 'and', 'not.or'),
    fc.array(fc.tuple(field, operator, value), { minLength: 1, maxLength: 3 }),
  )
  .map(([op, parts]): [string, string] => [op, `(${parts.map(([f, o, v]) => `${f}.${o}.${v}`).join(',')})`]);
const order = fc
  .tuple(field, fc.constantFrom('', '.asc', '.desc.nullslast'))
  .map(([f, dir]): [string, string] => ['order', `${f}${dir}`]);
const wellFormed: fc.Arbitrary<FuzzRequest> = fc.record({
  method: fc.constant('GET'),
  path: fc.constantFrom('news', 'scans', 'contact_messages', 'fuzz_canary', 'rpc/admin_list_users'),
  params: fc
    .tuple(
      fc
        .array(selectItem, { minLength: 1, maxLength: 3 })
        .map((items): [string, string] => ['select', items.join(',')]),
      fc.array(fc.oneof(filter, inList, logic, order), { maxLength: 3 }),
    )
    .map(([select, rest]) => [select, ...rest]),
});

const TABLES = ['news', 'scans', 'contact_messages', 'tags', 'profiles', 'fuzz_canary', 'admin_users'];
const RPCS = ['admin_list_users', 'is_admin', 'admin_dashboard_stats'];

type FuzzRequest = {
  method: string;
  path: string;
  params: Array<[string, string]>;
  body?: string;
  prefer?: string;
};

// `.` and `..` are dot segments: the URL itself resolves them away before any server sees them.
const table = fc.oneof(
  fc.constantFrom(...TABLES),
  adversarial.filter((t) => t !== '.' && t !== '..'),
);
const paramOf = (key: string) => adversarial.map((value): [string, string] => [key, value]);

const requests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  wellFormed,
  wellFormed,
  fc.record({
    method: fc.constant('GET'),
    path: table,
    params: fc.array(
      fc.oneof(paramOf('select'), paramOf('order'), paramOf('or'), paramOf('and'), paramOf('limit')),
      {
        maxLength: 3,
      },
    ),
  }),
  fc.record({
    method: fc.constantFrom('GET', 'DELETE'),
    path: table,
    params: fc.array(fc.tuple(adversarial, adversarial), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    method: fc.constantFrom('POST', 'PATCH'),
    path: table,
    params: fc.array(
      fc.oneof(
        paramOf('on_conflict'),
        paramOf('columns'),
        paramOf('select'),
        fc.tuple(adversarial, adversarial),
      ),
      {
        maxLength: 3,
      },
    ),
    body: fc
      .oneof(
        fc.dictionary(adversarial, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
        fc.jsonValue({ maxDepth: 2 }),
      )
      .map((value) => JSON.stringify(value)),
    prefer: fc.constantFrom(
      'return=representation',
      'return=minimal',
      'resolution=merge-duplicates,return=representation',
    ),
  }),
  fc.record({
    method: fc.constant('POST'),
    path: fc.oneof(fc.constantFrom(...RPCS), table).map((name) => `rpc/${name}`),
    params: fc.array(paramOf('select'), { maxLength: 1 }),
    body: fc
      .dictionary(
        fc.oneof(fc.constant('search'), adversarial),
        fc.oneof(adversarial, fc.jsonValue({ maxDepth: 1 })),
        {
          maxKeys: 3,
        },
      )
      .map((value) => JSON.stringify(value)),
  }),
  fc.record({
    method: fc.constant('GET'),
    path: fc.oneof(fc.constantFrom(...RPCS), table).map((name) => `rpc/${name}`),
    params: fc.array(fc.oneof(paramOf('search'), fc.tuple(adversarial, adversarial)), { maxLength: 3 }),
  }),
);

/** Percent-encodes every byte of a name's UTF-8 (a lone surrogate becomes U+FFFD, as a client sends it). */
const encodePath = (path: string) =>
  path
    .split('/')
    .map((segment) =>
      Array.from(new TextEncoder().encode(segment), (byte) => `%${byte.toString(16).padStart(2, '0')}`).join(
        '',
      ),
    )
    .join('/');

async function send(request: FuzzRequest, token: string) {
  const url = `${BASE}/rest/v1/${encodePath(request.path)}?${new URLSearchParams(request.params)}`;
  const headers = new Headers({ apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}` });
  // Writes are undone (PostgREST's Prefer: tx=rollback), so the database stays as seeded.
  if (request.method !== 'GET')
    headers.set('Prefer', [request.prefer, 'tx=rollback'].filter(Boolean).join(','));
  if (request.body !== undefined) headers.set('Content-Type', 'application/json');
  const response = (await stack.standIn.handle(
    new Request(url, { method: request.method, headers, body: request.body }),
  ))!;
  return { status: response.status, text: await response.text() };
}

test(`${RUNS} adversarial requests as anon and as an app user: no 500, no canary, no hash (seed ${SEED})`, async () => {
  await fc.assert(
    fc.asyncProperty(requests, fc.boolean(), async (request, asUser) => {
      const { status, text } = await send(request, asUser ? userToken : LOCAL_ANON_KEY);
      if (process.env.FUZZ_STATS) console.log('fuzz-status', status, text.slice(0, 60).replaceAll('\n', ' '));
      expect(status).toBeLessThan(500);
      if (status >= 400) {
        const body = JSON.parse(text) as Record<string, unknown>;
        expect(typeof body.message).toBe('string');
      }
      expect(text).not.toContain(CANARY);
      expect(text).not.toMatch(BCRYPT_HASH);
    }),
    { seed: SEED, numRuns: RUNS },
  );
  const { rows } = await stack.db.query<{ secret: string; who: string }>(
    'select secret, current_user::text as who from public.fuzz_canary',
  );
  expect(rows).toEqual([{ secret: CANARY, who: 'postgres' }]);
}, 120_000);
