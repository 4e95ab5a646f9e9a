-- Baseline: supabase/schemas/32_app_data_paging.sql as npm run db:squash wrote it (docs/schema-first.md).

-- The mobile app's data: its tables, functions (after supabase/schemas/31_app_data_admin_reads.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: user_emails; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.user_emails (
    user_id uuid NOT NULL,
    email text
);


--
-- Name: TABLE user_emails; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.user_emails IS 'Each auth user''s email, kept by a trigger on auth.users, trigram-indexed for the admin''s owner search.';


--
-- Name: chats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.chats (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid,
    title text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT chats_title_length CHECK ((char_length(title) <= 200))
);


--
-- Name: messages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    chat_id uuid NOT NULL,
    role text NOT NULL,
    content text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT messages_role_not_blank CHECK (((role ~ '\S'::text) AND (char_length(role) <= 20)))
);


--
-- Name: page_ids(text, jsonb, integer, integer); Type: FUNCTION; Schema: admin_reads; Owner: -
--

CREATE FUNCTION admin_reads.page_ids(relation text, sort_terms jsonb, skip integer, take integer) RETURNS uuid[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;


--
-- Name: FUNCTION page_ids(relation text, sort_terms jsonb, skip integer, take integer); Type: COMMENT; Schema: admin_reads; Owner: -
--

COMMENT ON FUNCTION admin_reads.page_ids(relation text, sort_terms jsonb, skip integer, take integer) IS 'The ids of rows skip..skip+take-1 of a public table with row-level security in the given order, found through an index only. Null unless the caller''s role reads every row of it (admin_reads.walks_every_row); called by public.admin_page_rows.';


--
-- Name: page_order(text, jsonb, integer, integer); Type: FUNCTION; Schema: admin_reads; Owner: -
--

CREATE FUNCTION admin_reads.page_order(relation text, sort_terms jsonb, skip integer, take integer) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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


--
-- Name: FUNCTION page_order(relation text, sort_terms jsonb, skip integer, take integer); Type: COMMENT; Schema: admin_reads; Owner: -
--

COMMENT ON FUNCTION admin_reads.page_order(relation text, sort_terms jsonb, skip integer, take integer) IS 'The ORDER BY of a page of the public table `relation` (columns as quoted identifiers), once the table, the window and the terms are checked.';


--
-- Name: walks_every_row(text); Type: FUNCTION; Schema: admin_reads; Owner: -
--

CREATE FUNCTION admin_reads.walks_every_row(relation text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from private.paging_walks() w
     where w.relation = walks_every_row.relation and public.has_admin_role(variadic array[w.role]))
$$;


--
-- Name: FUNCTION walks_every_row(relation text); Type: COMMENT; Schema: admin_reads; Owner: -
--

COMMENT ON FUNCTION admin_reads.walks_every_row(relation text) IS 'Whether the caller''s operator role reads every row of the public table `relation`, as private.paging_walks() declares: only then is its page found by admin_reads.page_ids.';


--
-- Name: may_estimate(text); Type: FUNCTION; Schema: admin_reads; Owner: -
--

CREATE FUNCTION admin_reads.may_estimate(path text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- The relation a REST path reads ('/audit_log', '/admin_scans'; a function's '/rpc/…' reads none
  -- this can vouch for): a table, or an admin list's view public.admin_<table> of its table (whose
  -- joins, the owner's email or a count of messages, add no rows). The estimate is blind to hidden
  -- rows only when the caller's role reads every row of that table (admin_reads.walks_every_row).
  select path !~ '(^|/)rpc/' and coalesce((
    select admin_reads.walks_every_row(
             case when c.relkind = 'v' then pg_catalog.substring(c.relname, '^admin_(.+)$') else c.relname end)
      from pg_catalog.pg_class c
     where c.relnamespace = 'public'::pg_catalog.regnamespace
       and c.relname = pg_catalog.substring(path, '([^/]+)/?$')
       and c.relkind in ('r', 'p', 'v')), false)
$$;


--
-- Name: FUNCTION may_estimate(path text); Type: COMMENT; Schema: admin_reads; Owner: -
--

COMMENT ON FUNCTION admin_reads.may_estimate(path text) IS 'Whether a planned or estimated count of the REST path `path` is blind to rows the caller cannot read: it reads a public table, or the admin list view public.admin_<table> of one, every row of which the caller''s operator role reads (admin_reads.walks_every_row). Asked by public.pre_request.';


--
-- Name: paging_walks(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.paging_walks() RETURNS TABLE(relation text, role text)
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  values ('chats', 'owner'), ('chats', 'support'),
         ('contact_messages', 'owner'), ('contact_messages', 'support'),
         ('health_tips', 'editor'), ('health_tips', 'owner'), ('health_tips', 'support'),
         ('news', 'editor'), ('news', 'owner'), ('news', 'support'),
         ('notifications', 'owner'), ('notifications', 'support'),
         ('profiles', 'owner'), ('profiles', 'support'),
         ('scans', 'owner'), ('scans', 'support'),
         ('tags', 'editor'), ('tags', 'owner'), ('tags', 'support')
$$;


--
-- Name: FUNCTION paging_walks(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.paging_walks() IS 'The tables whose deep pages an operator role may find by an index-only walk as the definer: the role reads every row of the table. Declared by the resources'' `seek`; supabase/tests/descriptors.test.ts checks both and the policies.';
