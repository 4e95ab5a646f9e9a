-- Paging: a directly loaded deep page (a reload, a shared link) in one round trip.
--
-- A deep page is read from the nearer end of the list, which needs the list's total. Loaded
-- directly, the app does not know it yet, and counting first cost a second, sequential request.
-- admin_page(relation, read_relation, sort_terms, skip, take) answers the total and the page
-- together: the total as PostgREST's `Prefer: count=estimated` counts it (exact up to max-rows,
-- 1,000 rows, as src/domain/limits.ts defines it; past it the planner's estimate), then the page
-- through admin_page_rows (20241101001200_paging.sql), read backwards from the end when it lies
-- past the middle.
--
-- Security invoker: the count runs as the caller, under the same row-level security the list's own
-- count runs under, so the estimate is the one the list shows. It refuses non-admins before counting,
-- as the pre-request guard refuses planned and estimated counts to them (20241101001000_abuse.sql),
-- and admin_page_rows, which checks the relations, the terms and the window, runs in the same
-- statement: any refusal there aborts the answer, count included. read_relation reaches SQL only as
-- a quoted identifier.

create or replace function public.admin_page(
  relation text, read_relation text, sort_terms jsonb, skip integer, take integer
)
returns jsonb
-- Volatile only because Postgres allows EXPLAIN (the planner's estimate) in volatile functions alone;
-- it writes nothing.
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  max_rows constant integer := 1000;
  total bigint;
  plan jsonb;
  page_end bigint;
  rows jsonb;
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if read_relation is null or skip is null or take is null then
    raise exception 'read_relation, skip and take are required' using errcode = '22023';
  end if;
  -- PostgREST counts exactly (here: max-rows + 1 at most), and past max-rows takes the planner's
  -- estimate, never below what it counted.
  execute pg_catalog.format(
    'select pg_catalog.count(*) from (select 1 from public.%I limit %s) c', read_relation, max_rows + 1)
    into total;
  if total > max_rows then
    execute pg_catalog.format('explain (format json) select 1 from public.%I', read_relation) into plan;
    total := greatest(total, (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric::bigint);
  end if;

  page_end := least(skip::bigint + take, total);
  if skip <= total / 2.0 or page_end <= skip then
    rows := public.admin_page_rows(relation, read_relation, sort_terms, skip, take);
  else
    -- Past the middle: the same rows from the end, every term's direction flipped, then put back.
    select public.admin_page_rows(
             relation, read_relation,
             (select pg_catalog.jsonb_agg(
                       pg_catalog.jsonb_set(t, '{ascending}', pg_catalog.to_jsonb(not (t ->> 'ascending')::boolean))
                       order by n)
                from pg_catalog.jsonb_array_elements(sort_terms) with ordinality as e(t, n)),
             (total - page_end)::integer, (page_end - skip)::integer)
      into rows;
    select coalesce(pg_catalog.jsonb_agg(r order by n desc), '[]')
      into rows
      from pg_catalog.jsonb_array_elements(rows) with ordinality as e(r, n);
  end if;
  return pg_catalog.jsonb_build_object('total', total, 'rows', rows);
end
$$;

revoke all on function public.admin_page(text, text, jsonb, integer, integer) from public, anon;
grant execute on function public.admin_page(text, text, jsonb, integer, integer) to authenticated, service_role;

comment on function public.admin_page(text, text, jsonb, integer, integer) is
  'The total of an admin list (as count=estimated counts it) and its rows skip..skip+take-1, read from the nearer end. Admins only.';
