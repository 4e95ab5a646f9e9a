import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { Database } from '../db';
import { signJwt } from '../jwt';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../keys';
import { createStandIn, type StandIn } from '../standIn';
import { openTestDatabase } from '../testing/snapshot';

/**
 * The conformance tests' own small schema (prefixed rt_ so it never meets the product's tables):
 * authors ← posts ← comments, a one-to-one profile, an RLS-protected notes table, a table no API
 * role may touch, and functions of each return kind.
 */
export const FIXTURE_SQL = `
create table public.rt_authors (id int primary key, name text not null unique, city text);
create table public.rt_author_bios (author_id int primary key references public.rt_authors(id), bio text not null);
create table public.rt_posts (
  id serial primary key,
  author_id int references public.rt_authors(id),
  title text not null check (char_length(title) between 1 and 50),
  rating int,
  tags text[] not null default '{}',
  data jsonb,
  status text not null default 'draft',
  created_at timestamptz not null default '2024-06-01T00:00:00Z'
);
create table public.rt_comments (
  id serial primary key,
  post_id int not null references public.rt_posts(id) on delete cascade,
  body text not null
);
create table public.rt_notes (
  id serial primary key,
  owner uuid not null default auth.uid(),
  body text not null
);
alter table public.rt_notes enable row level security;
create policy rt_notes_owner on public.rt_notes for all to authenticated
  using (owner = auth.uid()) with check (owner = auth.uid());
create table public.rt_secret (id int primary key);
revoke all on public.rt_secret from anon, authenticated;

insert into public.rt_authors values (1, 'Asha', 'Mumbai'), (2, 'Ravi', 'Delhi'), (3, 'Meera', null), (4, 'Dev, Jr. (II)', 'Pune');
insert into public.rt_author_bios values (1, 'Writes about millets');
insert into public.rt_posts (author_id, title, rating, tags, data, status) values
  (1, 'Millet upma', 5, '{breakfast,healthy}', '{"kcal": 250, "lang": "en"}', 'published'),
  (1, 'Masala oats', 3, '{breakfast}', '{"kcal": 180, "lang": "en"}', 'published'),
  (2, 'Poha', null, '{}', null, 'draft'),
  (2, 'Ragi dosa', 4, '{healthy}', '{"kcal": 300, "lang": "hi"}', 'published'),
  (3, 'Sugar-free ladoo', 2, '{sweets}', '{"kcal": 120}', 'archived'),
  (null, 'Anonymous 100% juice', null, '{}', null, 'draft');
insert into public.rt_comments (post_id, body) values (1, 'Tasty'), (1, 'Too salty'), (2, 'Quick'), (4, 'Crispy');
insert into public.rt_notes (owner, body) values
  ('11111111-1111-4111-8111-111111111111', 'first user note'),
  ('22222222-2222-4222-8222-222222222222', 'second user note');

create function public.rt_add(a int, b int default 10) returns int language sql immutable as $$ select a + b $$;
create function public.rt_search_authors(search text default null) returns setof public.rt_authors
  language sql stable as $$ select * from public.rt_authors where search is null or name ilike '%' || search || '%' $$;
create function public.rt_author_stats() returns table (name text, posts bigint)
  language sql stable as $$ select a.name, count(p.id) from public.rt_authors a left join public.rt_posts p on p.author_id = a.id group by a.name $$;
create function public.rt_first_author() returns public.rt_authors
  language sql stable as $$ select * from public.rt_authors order by id limit 1 $$;
create function public.rt_bump_ratings() returns void language sql as $$ update public.rt_posts set rating = rating + 1 where rating is not null $$;
create function public.rt_fail(reason text) returns int language plpgsql as $$
begin raise exception 'refused: %', reason using detail = 'd', hint = 'h'; end $$;
create function public.rt_echo(payload json) returns json language sql immutable as $$ select payload $$;
create sequence public.rt_tickets;
create function public.rt_next_ticket() returns bigint language sql stable as $$ select nextval('public.rt_tickets') $$;
`;

export const USER_A = '11111111-1111-4111-8111-111111111111';
export const USER_B = '22222222-2222-4222-8222-222222222222';

export const BASE_URL = 'http://localhost:54321';

export interface Fixture {
  db: Database;
  standIn: StandIn;
  /** A request to /rest/v1 with the anon key unless other headers are given. */
  rest(path: string, init?: RequestInit & { token?: string | null }): Promise<Response>;
  client(token?: string): SupabaseClient;
  userToken(sub: string): Promise<string>;
  close(): Promise<void>;
}

export async function openFixture(): Promise<Fixture> {
  const db = await openTestDatabase();
  await db.exec(FIXTURE_SQL);
  const standIn = createStandIn({ db });
  const fetchThroughStandIn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await standIn.handle(new Request(input, init));
    if (!response) throw new Error(`not an API path: ${String(input)}`);
    return response;
  };
  return {
    db,
    standIn,
    async rest(path, init = {}) {
      const { token = LOCAL_ANON_KEY, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token !== null && !headers.has('apikey')) headers.set('apikey', LOCAL_ANON_KEY);
      if (token !== null && token !== LOCAL_ANON_KEY) headers.set('Authorization', `Bearer ${token}`);
      return fetchThroughStandIn(`${BASE_URL}/rest/v1${path}`, { ...rest, headers });
    },
    client(token) {
      return createClient(BASE_URL, LOCAL_ANON_KEY, {
        global: {
          fetch: fetchThroughStandIn,
          ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
        },
        auth: { persistSession: false, autoRefreshToken: false },
        // Node 20 has no global WebSocket (see docs/architecture.md).
        realtime: { transport: ws as unknown as typeof WebSocket },
      });
    },
    userToken: signUserToken,
    close: () => db.close(),
  };
}

export const SERVICE_ROLE_KEY = LOCAL_SERVICE_ROLE_KEY;

/** An hour's access token of an app user (role authenticated), as Supabase Auth signs it. */
export function signUserToken(sub: string): Promise<string> {
  return signJwt({ sub, role: 'authenticated', aud: 'authenticated' }, { expiresInSeconds: 3600 });
}
