-- Paging takes the list's tables as arguments checked against the catalog, not lists of names: a
-- new resource's table is paged by admin_page_rows without editing it.
--
-- Before, private.admin_page_rows (security definer) accepted only named tables and views and read
-- the page's rows as its owner, and public.admin_page_rows chose the roles by table name. Now:
-- - admin_reads.page_ids (security definer, in the schema PostgREST does not expose) walks the
--   index of any public table with row-level security and a uuid id, for operators only, as the
--   private function did (the scans' per-day shortcut included);
-- - public.admin_page_rows runs as the caller: `read_relation` must be `relation` or a view that
--   reads it (by the catalog's dependencies), and the page's rows are read as the caller, so
--   grants and row-level security decide; a page holding a row the caller may not see is refused
--   (42501), as the role check by table name refused it before.
-- Names reach SQL only as quoted identifiers (format %I, to_regclass), values as bound parameters.

create function admin_reads.page_ids(relation text, sort_terms jsonb, skip integer, take integer)
returns uuid[]
language plpgsql stable security definer
set search_path = ''
as $$
declare
  rel oid := pg_catalog.to_regclass(pg_catalog.format('public.%I', relation));
  order_by text;
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
        where a.attrelid = rel and a.attname = t ->> 'field' and a.attnum > 0 and not a.attisdropped))
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

  -- PostgREST's asc is SQL's asc (nulls last) and its desc SQL's desc (nulls first): same order.
  select string_agg(
           pg_catalog.format('%I %s', t ->> 'field', case when (t ->> 'ascending')::boolean then 'asc' else 'desc' end),
           ', ' order by n)
    into order_by
    from jsonb_array_elements(sort_terms) with ordinality as e(t, n);
  execute pg_catalog.format('select array(select id from public.%I order by %s offset $1 limit $2)', relation, order_by)
    into page_ids
    using skip, take;
  return page_ids;
end
$$;

comment on function admin_reads.page_ids(text, jsonb, integer, integer) is
  'The ids of rows skip..skip+take-1 of a public table with row-level security in the given order, found through an index only. Operators only; called by public.admin_page_rows.';

revoke all on function admin_reads.page_ids(text, jsonb, integer, integer) from public, anon;
grant execute on function admin_reads.page_ids(text, jsonb, integer, integer) to authenticated, service_role;

create or replace function public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer)
returns jsonb
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  rel oid := pg_catalog.to_regclass(pg_catalog.format('public.%I', relation));
  read_rel oid := pg_catalog.to_regclass(pg_catalog.format('public.%I', read_relation));
  page_ids uuid[];
  result jsonb;
  shown integer;
  visible boolean;
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
  page_ids := admin_reads.page_ids(relation, sort_terms, skip, take);
  -- The page's rows read by primary key as the caller, so grants and row-level security apply; a
  -- page holding a row the caller may not see is refused whole (its place would tell of the row).
  execute pg_catalog.format(
    'select coalesce(jsonb_agg(to_jsonb(v) order by array_position($1, v.id)), ''[]''), count(*)::integer from public.%I v where v.id = any($1)',
    read_relation)
    into result, shown
    using page_ids;
  if shown < pg_catalog.cardinality(page_ids) then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  -- An empty page is refused too when the caller sees no row of a table that has rows: otherwise
  -- the skip at which pages turn from refused to empty would tell the table's size.
  if shown = 0 then
    execute pg_catalog.format('select exists (select 1 from public.%I)', read_relation) into visible;
    if not visible and pg_catalog.cardinality(admin_reads.page_ids(relation, sort_terms, 0, 1)) > 0 then
      raise exception 'Admin privileges required' using errcode = '42501';
    end if;
  end if;
  return result;
end
$$;

comment on function public.admin_page_rows(text, text, jsonb, integer, integer) is
  'Rows skip..skip+take-1 of an admin list in the given order, found through an index only, read as the caller from the list''s table or a view of it. Operators who may read every row of the page.';

drop function private.admin_page_rows(text, text, jsonb, integer, integer);

-- The trash names its tables by the catalog too: public.trash's check listed the four tables with a
-- trash, so a new one meant replacing the constraint. Now a row may name only a table that has a
-- move_to_trash trigger (the restore writes back into public.<resource>), checked by a trigger.
-- (admin_restore_trashed's comment, "one of trash_resource_known's literals", now reads as the names
-- this trigger of the same name admits; the function is not copied to change a comment.)
alter table public.trash drop constraint trash_resource_known;

create function private.trash_resource_known() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Only a table that keeps its deleted rows here (it has a move_to_trash trigger) may be named: the
  -- restore writes back into public.<resource>.
  if not exists (
    select 1 from pg_catalog.pg_trigger t
     where t.tgrelid = pg_catalog.to_regclass(pg_catalog.format('public.%I', new.resource))
       and t.tgfoid = 'private.move_to_trash()'::pg_catalog.regprocedure)
  then
    raise exception 'No trash for relation %', new.resource using errcode = '23514';
  end if;
  return new;
end
$$;

revoke all on function private.trash_resource_known() from public, anon, authenticated, service_role;

create trigger trash_resource_known before insert or update of resource on public.trash
  for each row execute function private.trash_resource_known();

