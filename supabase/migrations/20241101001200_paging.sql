-- Paging: any page of an admin list at the cost of the first.
--
-- For scans in creation order (the list's default), the per-day summary of the dashboard narrows
-- the walk to one day's scans, so a middle page of a million scans costs what the first costs.
--
-- A page number becomes rows through OFFSET, which walks every skipped row. Through the admin views
-- each skipped row is a full row with its owner's email; a deep page loaded directly (a reload, a
-- shared link) paid all of them. admin_page_rows(relation, read_relation, sort_terms, skip, take)
-- finds the ids of the page alone in the base table: ordered by indexed columns and the id, the
-- OFFSET walks an index only (an Index Only Scan, no row read); then it reads those few rows by
-- primary key from the list's own table or view, in one round trip.
--
-- Security definer, because under row-level security every skipped index entry would need its row
-- to evaluate the owner's policy, which defeats the index-only read. It therefore checks
-- public.is_admin() first (every row of these tables is readable by an active admin anyway), names
-- the tables and views only from fixed lists, takes columns only as quoted identifiers after
-- checking they exist, and answers only rows the admin reads through the list anyway. The window is at most 1,000 rows, PostgREST's max-rows.

create or replace function public.admin_page_rows(
  relation text, read_relation text, sort_terms jsonb, skip integer, take integer
)
returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  order_by text;
  result jsonb;
  newest_first constant jsonb := '[{"field": "created_at", "ascending": false}, {"field": "id", "ascending": false}]';
  oldest_first constant jsonb := '[{"field": "created_at", "ascending": true}, {"field": "id", "ascending": true}]';
  boundary date;
  rows_before bigint;
  forwards boolean;
  page_ids uuid[];
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if relation is null or relation not in (
    'scans', 'profiles', 'chats', 'news', 'health_tips', 'tags', 'contact_messages', 'notifications'
  ) then
    raise exception 'No paging for relation %', relation using errcode = '22023';
  end if;
  -- The list's own table or view, whose rows (as PostgREST's select=* shapes them) are answered.
  if read_relation is null or read_relation not in (
    'admin_scans', 'admin_profiles', 'admin_chats', 'admin_notifications',
    'news', 'health_tips', 'tags', 'contact_messages'
  ) then
    raise exception 'No paging for relation %', read_relation using errcode = '22023';
  end if;
  if skip is null or skip < 0 or take is null or take < 1 or take > 1000 then
    raise exception 'skip must be 0 or more and take 1 to 1000' using errcode = '22023';
  end if;
  if jsonb_typeof(sort_terms) is distinct from 'array' or jsonb_array_length(sort_terms) = 0
     or exists (
       select 1 from jsonb_array_elements(sort_terms) t
        where jsonb_typeof(t -> 'field') is distinct from 'string'
           or jsonb_typeof(t -> 'ascending') is distinct from 'boolean')
  then
    raise exception 'sort_terms must be a non-empty array of {field, ascending}' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_array_elements(sort_terms) t
     where not exists (
       select 1 from pg_catalog.pg_attribute a
        where a.attrelid = pg_catalog.format('public.%I', relation)::regclass
          and a.attname = t ->> 'field' and a.attnum > 0 and not a.attisdropped))
  then
    raise exception 'Unknown sort column' using errcode = '42703';
  end if;

  -- Scans by creation time (the list's default order, either way): the exact per-UTC-day counts
  -- the dashboard keeps (private.scan_stats_daily, maintained by triggers) say which day holds row
  -- `skip`, so the index walk starts at that day's edge and skips less than a day's scans, whatever
  -- the table's size.
  if relation = 'scans' and sort_terms in (newest_first, oldest_first) then
    forwards := sort_terms = oldest_first;
    -- rows_before: the scans of the days read before this one; the day holding row `skip` is the
    -- last day read whose rows_before is at most `skip`.
    select d.day, d.before into boundary, rows_before
      from (select day,
                   case when forwards then sum(scans) over (order by day)
                        else sum(scans) over (order by day desc) end - scans as before
              from private.scan_stats_daily) d
     where d.before <= skip
     order by d.before desc
     limit 1;
    if boundary is null then
      page_ids := '{}';
    elsif forwards then
      page_ids := array(
        select s.id from public.scans s
         where s.created_at >= (boundary::timestamp at time zone 'UTC')
         order by s.created_at, s.id
        offset skip - rows_before limit take);
    else
      page_ids := array(
        select s.id from public.scans s
         where s.created_at < ((boundary + 1)::timestamp at time zone 'UTC')
         order by s.created_at desc, s.id desc
        offset skip - rows_before limit take);
    end if;
  end if;

  if page_ids is null then
    -- PostgREST's asc is SQL's asc (nulls last) and its desc SQL's desc (nulls first): same order.
    select string_agg(
             pg_catalog.format('%I %s', t ->> 'field', case when (t ->> 'ascending')::boolean then 'asc' else 'desc' end),
             ', ' order by n)
      into order_by
      from jsonb_array_elements(sort_terms) with ordinality as e(t, n);
    execute pg_catalog.format('select array(select id from public.%I order by %s offset $1 limit $2)', relation, order_by)
      into page_ids
      using skip, take;
  end if;

  -- The page's rows read by primary key, in the page's order.
  execute pg_catalog.format(
    'select coalesce(jsonb_agg(to_jsonb(v) order by array_position($1, v.id)), ''[]'') from public.%I v where v.id = any($1)',
    read_relation)
    into result
    using page_ids;
  return result;
end
$$;

revoke all on function public.admin_page_rows(text, text, jsonb, integer, integer) from public, anon;
grant execute on function public.admin_page_rows(text, text, jsonb, integer, integer) to authenticated, service_role;

comment on function public.admin_page_rows(text, text, jsonb, integer, integer) is
  'Rows skip..skip+take-1 of an admin list in the given order, found through an index only, read from the list''s table or view. Admins only.';

-- The orders the admin lists use by default or offer, each ending on the id, so the seek above
-- reads an index only. scans (created_at desc, id desc) exists already.
create index if not exists profiles_created_at_id_idx on public.profiles (created_at desc, id desc);
create index if not exists chats_created_at_id_idx on public.chats (created_at desc, id desc);
create index if not exists tags_category_sort_order_id_idx on public.tags (category, sort_order, id);
