-- Paging that is blind to what the caller cannot read.
--
-- Before, admin_reads.page_ids walked the index of any table as its definer for every operator,
-- over every row, and admin_page_rows refused a page holding a row the caller could not see: with
-- one-row pages and probe rows of one's own, where the refusals fell told hidden values apart.
-- Now:
-- - private.paging_walks() names the (table, operator role) pairs whose role reads every row of the
--   table; the resources' descriptors declare the same (`seek` in src/resources/*/data.ts) and
--   supabase/tests/descriptors.test.ts checks the two agree and that the policies let each such
--   role read every row;
-- - the index-only walk as the definer (admin_reads.page_ids) serves only those pairs;
-- - every other caller's page is read under its own row-level security (admin_page_rows, security
--   invoker): the rows it may read, filtered first and then ordered, as a PostgREST read of the
--   relation would answer; admin_page counts them exactly.
-- No answer then depends on a row the caller cannot read.

create function private.paging_walks()
returns table (relation text, role text)
language sql immutable
set search_path = ''
as $$
  values ('chats', 'owner'), ('chats', 'support'),
         ('contact_messages', 'owner'), ('contact_messages', 'support'),
         ('health_tips', 'editor'), ('health_tips', 'owner'), ('health_tips', 'support'),
         ('news', 'editor'), ('news', 'owner'), ('news', 'support'),
         ('notifications', 'owner'), ('notifications', 'support'),
         ('profiles', 'owner'), ('profiles', 'support'),
         ('scans', 'owner'), ('scans', 'support'),
         ('tags', 'editor'), ('tags', 'owner'), ('tags', 'support')
$$;

comment on function private.paging_walks() is
  'The tables whose deep pages an operator role may find by an index-only walk as the definer: the role reads every row of the table. Declared by the resources'' `seek`; supabase/tests/descriptors.test.ts checks both and the policies.';

revoke all on function private.paging_walks() from public, anon, authenticated, service_role;

create function admin_reads.walks_every_row(relation text)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from private.paging_walks() w
     where w.relation = walks_every_row.relation and public.has_admin_role(variadic array[w.role]))
$$;

comment on function admin_reads.walks_every_row(text) is
  'Whether the caller''s operator role reads every row of the public table `relation`, as private.paging_walks() declares: only then is its page found by admin_reads.page_ids.';

revoke all on function admin_reads.walks_every_row(text) from public, anon;
grant execute on function admin_reads.walks_every_row(text) to authenticated, service_role;

create function admin_reads.page_order(relation text, sort_terms jsonb, skip integer, take integer)
returns text
language plpgsql stable
set search_path = ''
as $$
declare
  rel oid := pg_catalog.to_regclass(pg_catalog.format('public.%I', relation));
  order_by text;
begin
  -- Any list's base table, by the catalog: a table of public with row-level security and a uuid id.
  if rel is null or not exists (
    select 1 from pg_catalog.pg_class c
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attname = 'id' and not a.attisdropped
     where c.oid = rel and c.relkind in ('r', 'p') and c.relrowsecurity
       and a.atttypid = 'uuid'::pg_catalog.regtype)
  then
    raise exception 'No paging for relation %', relation using errcode = '22023';
  end if;
  if skip is null or skip < 0 or take is null or take < 1 or take > 1000 then
    raise exception 'skip must be 0 or more and take 1 to 1000' using errcode = '22023';
  end if;
  if pg_catalog.jsonb_typeof(sort_terms) is distinct from 'array' or pg_catalog.jsonb_array_length(sort_terms) = 0
     or exists (
       select 1 from pg_catalog.jsonb_array_elements(sort_terms) t
        where pg_catalog.jsonb_typeof(t -> 'field') is distinct from 'string'
           or pg_catalog.jsonb_typeof(t -> 'ascending') is distinct from 'boolean')
  then
    raise exception 'sort_terms must be a non-empty array of {field, ascending}' using errcode = '22023';
  end if;
  if exists (
    select 1 from pg_catalog.jsonb_array_elements(sort_terms) t
     where not exists (
       select 1 from pg_catalog.pg_attribute a
        where a.attrelid = rel and a.attname = t ->> 'field' and a.attnum > 0 and not a.attisdropped))
  then
    raise exception 'Unknown sort column' using errcode = '42703';
  end if;
  -- PostgREST's asc is SQL's asc (nulls last) and its desc SQL's desc (nulls first): same order.
  select pg_catalog.string_agg(
           pg_catalog.format('%I %s', t ->> 'field', case when (t ->> 'ascending')::boolean then 'asc' else 'desc' end),
           ', ' order by n)
    into order_by
    from pg_catalog.jsonb_array_elements(sort_terms) with ordinality as e(t, n);
  return order_by;
end
$$;

comment on function admin_reads.page_order(text, jsonb, integer, integer) is
  'The ORDER BY of a page of the public table `relation` (columns as quoted identifiers), once the table, the window and the terms are checked.';

revoke all on function admin_reads.page_order(text, jsonb, integer, integer) from public, anon;
grant execute on function admin_reads.page_order(text, jsonb, integer, integer) to authenticated, service_role;

create or replace function admin_reads.page_ids(relation text, sort_terms jsonb, skip integer, take integer)
returns uuid[]
language plpgsql stable security definer
set search_path = ''
as $$
declare
  order_by text := admin_reads.page_order(relation, sort_terms, skip, take);
  newest_first constant jsonb := '[{"field": "created_at", "ascending": false}, {"field": "id", "ascending": false}]';
  oldest_first constant jsonb := '[{"field": "created_at", "ascending": true}, {"field": "id", "ascending": true}]';
  boundary date;
  rows_before bigint;
  forwards boolean;
  page_ids uuid[];
begin
  -- The walk sees every row: only for a role that may read every one of them; no ids for others.
  if not admin_reads.walks_every_row(relation) then
    return null;
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
      return '{}';
    elsif forwards then
      return array(
        select s.id from public.scans s
         where s.created_at >= (boundary::timestamp at time zone 'UTC')
         order by s.created_at, s.id
        offset skip - rows_before limit take);
    else
      return array(
        select s.id from public.scans s
         where s.created_at < ((boundary + 1)::timestamp at time zone 'UTC')
         order by s.created_at desc, s.id desc
        offset skip - rows_before limit take);
    end if;
  end if;

  execute pg_catalog.format('select array(select id from public.%I order by %s offset $1 limit $2)', relation, order_by)
    into page_ids
    using skip, take;
  return page_ids;
end
$$;

comment on function admin_reads.page_ids(text, jsonb, integer, integer) is
  'The ids of rows skip..skip+take-1 of a public table with row-level security in the given order, found through an index only. Null unless the caller''s role reads every row of it (admin_reads.walks_every_row); called by public.admin_page_rows.';

create or replace function public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer)
returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  rel oid := pg_catalog.to_regclass(pg_catalog.format('public.%I', relation));
  read_rel oid := pg_catalog.to_regclass(pg_catalog.format('public.%I', read_relation));
  order_by text;
  page_ids uuid[];
  result jsonb;
  shown integer;
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  -- The list's rows come from `relation` itself or a view that reads it (through other views too).
  if rel is null or read_rel is null or not exists (
    with recursive reads(oid) as (
      select read_rel
      union
      select d.refobjid
        from reads r
        join pg_catalog.pg_rewrite w on w.ev_class = r.oid
        join pg_catalog.pg_depend d
          on d.classid = 'pg_catalog.pg_rewrite'::pg_catalog.regclass and d.objid = w.oid
         and d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass and d.refobjid <> r.oid)
    select 1 from reads where oid = rel)
  then
    raise exception 'No paging for relation %', read_relation using errcode = '22023';
  end if;
  order_by := admin_reads.page_order(relation, sort_terms, skip, take);
  -- The order is one the list itself can take: its columns are the read relation's too.
  if exists (
    select 1 from pg_catalog.jsonb_array_elements(sort_terms) t
     where not exists (
       select 1 from pg_catalog.pg_attribute a
        where a.attrelid = read_rel and a.attname = t ->> 'field' and a.attnum > 0 and not a.attisdropped))
  then
    raise exception 'Unknown sort column' using errcode = '42703';
  end if;

  -- A role that reads every row: the page found through an index only (null for any other).
  page_ids := admin_reads.page_ids(relation, sort_terms, skip, take);
  if page_ids is null then
    -- The rows the caller may read, filtered first (offset 0 keeps the planner from walking an index
    -- through rows it hides, whose number before the page would tell in the time taken), then
    -- ordered: nothing the caller cannot read takes a place in the order.
    execute pg_catalog.format(
      'select coalesce(jsonb_agg(p.r order by p.n), ''[]'') from (
         select to_jsonb(v) as r, row_number() over (order by %1$s) as n
           from (select * from public.%2$I offset 0) v
          order by %1$s offset $1 limit $2) p',
      order_by, read_relation)
      into result
      using skip, take;
    return result;
  end if;

  -- The page's rows read by primary key as the caller, so grants and row-level security still apply.
  execute pg_catalog.format(
    'select coalesce(jsonb_agg(to_jsonb(v) order by array_position($1, v.id)), ''[]''), count(*)::integer from public.%I v where v.id = any($1)',
    read_relation)
    into result, shown
    using page_ids;
  -- Never so while private.paging_walks() and the policies agree (descriptors.test.ts).
  if shown < pg_catalog.cardinality(page_ids) then
    raise exception 'The paging walk of % is declared for a role that does not read every row', relation
      using errcode = 'XX000';
  end if;
  return result;
end
$$;

comment on function public.admin_page_rows(text, text, jsonb, integer, integer) is
  'Rows skip..skip+take-1 of an admin list in the given order, read as the caller from the list''s table or a view of it: found through an index only for a role that reads every row of the table, else among the rows the caller may read. Operators only.';

create or replace function public.admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer)
returns jsonb
language plpgsql
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
  if not admin_reads.walks_every_row(relation) then
    -- The planner's estimate counts rows the caller cannot read: the rows it may read, exactly.
    execute pg_catalog.format('select pg_catalog.count(*) from public.%I', read_relation) into total;
  else
    -- PostgREST counts exactly (here: max-rows + 1 at most), and past max-rows takes the planner's
    -- estimate, never below what it counted.
    execute pg_catalog.format(
      'select pg_catalog.count(*) from (select 1 from public.%I limit %s) c', read_relation, max_rows + 1)
      into total;
    if total > max_rows then
      execute pg_catalog.format('explain (format json) select 1 from public.%I', read_relation) into plan;
      total := greatest(total, (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric::bigint);
    end if;
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

comment on function public.admin_page(text, text, jsonb, integer, integer) is
  'The total of an admin list (as count=estimated counts it for a role that reads every row of the table, else the exact count of the rows the caller may read) and its rows skip..skip+take-1, read from the nearer end. Admins only.';
