-- The mobile app's data (profiles, scans, chats, messages, devices, payments) with their policies,
-- the admin's views over them, owner emails, the dashboard's counters and the paging functions.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: admin_list_users(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.admin_list_users(search text DEFAULT NULL::text) RETURNS TABLE(id uuid, email text, phone text, email_confirmed_at timestamp with time zone, phone_confirmed_at timestamp with time zone, created_at timestamp with time zone, updated_at timestamp with time zone, last_sign_in_at timestamp with time zone, provider text, role text, aud text, banned_until timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  words text[] := array(select w from regexp_split_to_table(lower(coalesce(search, '')), '\s+') w where w <> '');
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;

  return query
    select u.id,
           u.email::text,
           u.phone,
           u.email_confirmed_at,
           u.phone_confirmed_at,
           u.created_at,
           u.updated_at,
           u.last_sign_in_at,
           coalesce(u.raw_app_meta_data ->> 'provider', 'email'),
           coalesce(u.role::text, 'authenticated'),
           u.aud::text,
           u.banned_until
      from auth.users u
     where u.deleted_at is null
       and not exists (
         select 1 from unnest(words) w
          where coalesce(strpos(lower(u.email), w), 0) = 0
            and coalesce(strpos(lower(u.phone), w), 0) = 0
            and strpos(u.id::text, w) = 0)
     order by u.created_at desc, u.id;
end
$$;


--
-- Name: admin_owner_ids(text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.admin_owner_ids(words text[]) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  max_ids constant integer := 50;
  word text;
  ids uuid[];
  result jsonb := '[]';
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if words is null or exists (select 1 from pg_catalog.unnest(words) w where w is null) then
    raise exception 'words must be an array of words' using errcode = '22023';
  end if;
  foreach word in array words loop
    -- Bounded work: past the 50th word, "too many to list" (the app then matches owner_email).
    if pg_catalog.jsonb_array_length(result) >= 50 then
      result := result || '[null]'::jsonb;
      continue;
    end if;
    -- No email is longer than auth.users.email's 255 characters: a longer word names no one.
    if pg_catalog.length(word) > 255 then
      result := result || '[[]]'::jsonb;
      continue;
    end if;
    -- Contains the word, case-insensitively and literally: LIKE's \ % _ escaped.
    ids := array(
      select e.user_id from private.user_emails e
       where pg_catalog.lower(e.email) like
             '%' || pg_catalog.regexp_replace(pg_catalog.lower(word), '([\\%_])', '\\\1', 'g') || '%'
       limit max_ids + 1);
    result := result || pg_catalog.jsonb_build_array(
      case when pg_catalog.cardinality(ids) > max_ids then null else pg_catalog.to_jsonb(ids) end);
  end loop;
  return result;
end
$$;


--
-- Name: FUNCTION admin_owner_ids(words text[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.admin_owner_ids(words text[]) IS 'For each word, the ids of the users whose email contains it (case-insensitive), or null past 50. Admins only.';


--
-- Name: refuse_admin_view_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.refuse_admin_view_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  raise exception 'permission denied for view %', tg_table_name using errcode = '42501';
end;
$$;


--
-- Name: row_counts_deleted(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.row_counts_deleted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update private.row_counts set n = n - (select count(*) from old_rows) where table_name = tg_table_name;
  return null;
end
$$;


--
-- Name: row_counts_inserted(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.row_counts_inserted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update private.row_counts set n = n + (select count(*) from new_rows) where table_name = tg_table_name;
  return null;
end
$$;


--
-- Name: row_counts_truncated(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.row_counts_truncated() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update private.row_counts set n = 0 where table_name = tg_table_name;
  return null;
end
$$;


--
-- Name: scan_counts_hourly_apply(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.scan_counts_hourly_apply() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  changes text := case tg_op
    when 'INSERT' then 'select created_at, 1 as sign from new_rows'
    when 'DELETE' then 'select created_at, -1 as sign from old_rows'
    else 'select created_at, 1 as sign from new_rows union all select created_at, -1 from old_rows'
  end;
  emptied timestamptz[];
begin
  execute format($sql$
    with upserted as (
      insert into private.scan_counts_hourly as h (hour, scans)
      select date_trunc('hour', c.created_at, 'UTC'), sum(c.sign)
        from (%s) c
       group by 1
      having sum(c.sign) <> 0
       order by 1
      on conflict (hour) do update set scans = h.scans + excluded.scans
      returning h.hour, h.scans
    )
    select array_agg(hour) filter (where scans = 0) from upserted
  $sql$, changes)
  into emptied;
  if emptied is not null then
    delete from private.scan_counts_hourly h where h.hour = any (emptied);
  end if;
  return null;
end
$_$;


--
-- Name: scan_counts_hourly_clear(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.scan_counts_hourly_clear() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from private.scan_counts_hourly;
  return null;
end
$$;


--
-- Name: scan_stats_daily_apply(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.scan_stats_daily_apply() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  -- A trigger with transition tables may fire on one event only, so each event has its own
  -- trigger and names only the transition tables it has; EXECUTE lets one query read whichever.
  changes text := case tg_op
    when 'INSERT' then 'select created_at, health_score, 1 as sign from new_rows'
    when 'DELETE' then 'select created_at, health_score, -1 as sign from old_rows'
    else 'select created_at, health_score, 1 as sign from new_rows
          union all select created_at, health_score, -1 from old_rows'
  end;
  emptied date[];
begin
  execute format($sql$
    with upserted as (
      insert into private.scan_stats_daily as d (day, scans, scored, score_sum, excellent, good, fair, poor)
      select (c.created_at at time zone 'UTC')::date,
             sum(c.sign),
             coalesce(sum(c.sign) filter (where c.health_score is not null), 0),
             coalesce(sum(c.sign * c.health_score), 0),
             coalesce(sum(c.sign) filter (where c.health_score between 80 and 100), 0),
             coalesce(sum(c.sign) filter (where c.health_score between 60 and 79), 0),
             coalesce(sum(c.sign) filter (where c.health_score between 40 and 59), 0),
             coalesce(sum(c.sign) filter (where c.health_score between 0 and 39), 0)
        from (%s) c
       group by 1
      having sum(c.sign) <> 0
          or sum(c.sign) filter (where c.health_score is not null) <> 0
          or sum(c.sign * c.health_score) <> 0
          or sum(c.sign) filter (where c.health_score between 80 and 100) <> 0
          or sum(c.sign) filter (where c.health_score between 60 and 79) <> 0
          or sum(c.sign) filter (where c.health_score between 40 and 59) <> 0
          or sum(c.sign) filter (where c.health_score between 0 and 39) <> 0
       order by 1
      on conflict (day) do update set
        scans = d.scans + excluded.scans,
        scored = d.scored + excluded.scored,
        score_sum = d.score_sum + excluded.score_sum,
        excellent = d.excellent + excluded.excellent,
        good = d.good + excluded.good,
        fair = d.fair + excluded.fair,
        poor = d.poor + excluded.poor
      returning d.day, d.scans
    )
    select array_agg(day) filter (where scans = 0) from upserted
  $sql$, changes)
  into emptied;

  if emptied is not null then
    delete from private.scan_stats_daily d where d.day = any (emptied);
  end if;
  return null;
end
$_$;


--
-- Name: scan_stats_daily_clear(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.scan_stats_daily_clear() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from private.scan_stats_daily;
  return null;
end
$$;


--
-- Name: scans_created_between(timestamp with time zone, timestamp with time zone); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.scans_created_between(after timestamp with time zone, up_to timestamp with time zone) RETURNS bigint
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  first_hour timestamptz := date_trunc('hour', after, 'UTC');
  last_hour timestamptz := date_trunc('hour', up_to, 'UTC');
begin
  if first_hour >= last_hour then
    return (select count(*) from public.scans s where s.created_at > after and s.created_at <= up_to);
  end if;
  return (select coalesce(sum(h.scans), 0) from private.scan_counts_hourly h
           where h.hour > first_hour and h.hour < last_hour)
       + (select count(*) from public.scans s
           where s.created_at > after and s.created_at < first_hour + interval '1 hour')
       + (select count(*) from public.scans s where s.created_at >= last_hour and s.created_at <= up_to);
end
$$;


--
-- Name: sync_user_email(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_user_email() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into private.user_emails as e (user_id, email)
  values (new.id, new.email)
  on conflict (user_id) do update set email = excluded.email
    where e.email is distinct from excluded.email;
  return null;
end
$$;


--
-- Name: admin_dashboard_stats(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_dashboard_stats() RETURNS json
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  result json;
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;

  select json_build_object(
    'scans', score.total,
    'profiles', (select c.n from private.row_counts c where c.table_name = 'profiles'),
    'chats', (select c.n from private.row_counts c where c.table_name = 'chats'),
    'payments', (select c.n from private.row_counts c where c.table_name = 'payments'),
    'news', (select c.n from private.row_counts c where c.table_name = 'news'),
    'health_tips', (select c.n from private.row_counts c where c.table_name = 'health_tips'),
    -- avg(integer) is numeric sum / count; the same division here gives the same rounding
    'avg_health_score', round(score.score_sum::numeric / nullif(score.scored, 0))::integer,
    'score_distribution', json_build_object(
      'excellent', score.excellent,
      'good', score.good,
      'fair', score.fair,
      'poor', score.poor
    ),
    'scans_trend_pct', case
      when trend.previous_week = 0 then null
      else round((trend.last_week - trend.previous_week) * 100.0 / trend.previous_week, 1)
    end,
    'recent_scans', coalesce(
      (select json_agg(json_build_object('id', r.id, 'name', r.name, 'health_score', r.health_score,
                                         'created_at', r.created_at) order by r.created_at desc, r.id)
         from (select s.id, s.name, s.health_score, s.created_at
                 from public.scans s
                order by s.created_at desc, s.id
                limit 5) r),
      '[]'::json)
  )
  into result
  from (
    select coalesce(sum(d.scans), 0)::bigint as total,
           coalesce(sum(d.scored), 0)::bigint as scored,
           coalesce(sum(d.score_sum), 0)::bigint as score_sum,
           coalesce(sum(d.excellent), 0)::bigint as excellent,
           coalesce(sum(d.good), 0)::bigint as good,
           coalesce(sum(d.fair), 0)::bigint as fair,
           coalesce(sum(d.poor), 0)::bigint as poor
      from private.scan_stats_daily d
  ) score,
  (
    select private.scans_created_between(now() - interval '7 days', now()) as last_week,
           private.scans_created_between(now() - interval '14 days', now() - interval '7 days') as previous_week
  ) trend;

  return result;
end
$$;


--
-- Name: admin_list_users(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_list_users(search text DEFAULT NULL::text) RETURNS TABLE(id uuid, email text, phone text, email_confirmed_at timestamp with time zone, phone_confirmed_at timestamp with time zone, created_at timestamp with time zone, updated_at timestamp with time zone, last_sign_in_at timestamp with time zone, provider text, role text, aud text, banned_until timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.has_admin_role('owner', 'support') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return query select * from private.admin_list_users(search);
end
$$;


--
-- Name: admin_owner_ids(text[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_owner_ids(words text[]) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.has_admin_role('owner', 'support') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return private.admin_owner_ids(words);
end
$$;


--
-- Name: FUNCTION admin_owner_ids(words text[]); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_owner_ids(words text[]) IS 'For each word, the ids of the users whose email contains it (case-insensitive), or null past 50. Owners and support.';


--
-- Name: admin_page(text, text, jsonb, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


--
-- Name: FUNCTION admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) IS 'The total of an admin list (as count=estimated counts it for a role that reads every row of the table, else the exact count of the rows the caller may read) and its rows skip..skip+take-1, read from the nearer end. Admins only.';


--
-- Name: admin_page_rows(text, text, jsonb, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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


--
-- Name: FUNCTION admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) IS 'Rows skip..skip+take-1 of an admin list in the given order, read as the caller from the list''s table or a view of it: found through an index only for a role that reads every row of the table, else among the rows the caller may read. Operators only.';


--
-- Name: admin_person(uuid, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_person(person uuid, per_section integer DEFAULT 5) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  take integer := least(greatest(coalesce(per_section, 5), 1), 20);
  address text;
  account jsonb;
  -- The trail's own rule (its select policy, supabase/schemas/20_audit.sql): a versioned record's
  -- history to whoever may restore it, none of it to anyone else; other entries to owners, and
  -- each operator's own.
  all_entries boolean := public.has_admin_role('owner');
  me uuid := auth.uid();
  readable text[];
  hidden text[];
  -- The sections follow the screens the caller's role lists (private.list_readers).
  screens text[] := private.listed_screens(public.admin_role());
  page jsonb;
begin
  if not 'users' = any (screens) then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;

  select to_jsonb(u), u.email into account, address
    from (select x.id, x.email::text as email, x.phone, x.email_confirmed_at, x.phone_confirmed_at,
                 x.created_at, x.updated_at, x.last_sign_in_at,
                 coalesce(x.raw_app_meta_data ->> 'provider', 'email') as provider, x.role::text as role, x.aud::text as aud,
                 x.banned_until
            from auth.users x where x.id = person) u;
  if account is null then
    return null;
  end if;
  select h.readable, h.hidden into readable, hidden from public.record_history_access() h;

  page := jsonb_build_object(
    'user', account,
    'profiles', jsonb_build_object(
      'total', (select count(*) from public.profiles p where p.user_id = person),
      'rows', coalesce((select jsonb_agg(r) from (
        select p.id, p.name, p.relationship, p.allergies, p.health_conditions, p.created_at
          from public.profiles p where p.user_id = person
         order by p.created_at desc, p.id desc limit take) r), '[]')),
    'scans', jsonb_build_object(
      'total', (select count(*) from public.scans s where s.user_id = person),
      'rows', coalesce((select jsonb_agg(r) from (
        select s.id, s.name, s.image_url, s.image_path, s.health_score, s.category, s.created_at
          from public.scans s where s.user_id = person
         order by s.created_at desc, s.id desc limit take) r), '[]')),
    'chats', jsonb_build_object(
      'total', (select count(*) from public.chats c where c.user_id = person),
      'rows', coalesce((select jsonb_agg(r) from (
        select c.id, c.title, c.created_at,
               (select count(*) from public.messages m where m.chat_id = c.id) as message_count
          from public.chats c where c.user_id = person
         order by c.created_at desc, c.id desc limit take) r), '[]')),
    -- A device's token is the push address itself: the page names the platform and dates only.
    'devices', jsonb_build_object(
      'total', (select count(*) from public.user_devices d where d.user_id = person),
      'rows', coalesce((select jsonb_agg(r) from (
        select d.id, d.platform, d.created_at, d.updated_at
          from public.user_devices d where d.user_id = person
         order by d.updated_at desc, d.id desc limit take) r), '[]')),
    'notifications', jsonb_build_object(
      'total', (select count(*) from public.notifications n where n.user_id = person),
      'rows', coalesce((select jsonb_agg(r) from (
        select n.id, n.title, n.body, n.status, n.error, n.created_at, s.email as sender_email
          from public.notifications n
          left join private.user_emails s on s.user_id = n.sent_by
         where n.user_id = person
         order by n.created_at desc, n.id desc limit take) r), '[]')),
    'contact_messages', jsonb_build_object(
      'total', (select count(*) from public.contact_messages m where address is not null and lower(m.email) = lower(address)),
      'rows', coalesce((select jsonb_agg(r) from (
        select m.id, m.subject, m.status, m.created_at
          from public.contact_messages m where address is not null and lower(m.email) = lower(address)
         order by lower(m.email), m.created_at desc limit take) r), '[]')),
    'audit', jsonb_build_object(
      'total', (select count(*) from public.audit_log a
                 where (a.record_id = person::text or a.actor_id = person)
                   and (a.resource = any (readable) or ((all_entries or a.actor_id = me) and not a.resource = any (hidden)))),
      'rows', coalesce((select jsonb_agg(r) from (
        select a.id, a.occurred_at, a.action, a.resource, a.record_id, a.actor_id, a.actor_email
          from ((select x.* from public.audit_log x where x.record_id = person::text
                  and (x.resource = any (readable) or ((all_entries or x.actor_id = me) and not x.resource = any (hidden)))
                  order by x.record_id, x.occurred_at desc, x.id desc limit take)
                union
                (select x.* from public.audit_log x where x.actor_id = person
                  and (x.resource = any (readable) or ((all_entries or x.actor_id = me) and not x.resource = any (hidden)))
                  order by x.actor_id, x.occurred_at desc, x.id desc limit take)) a
         order by a.occurred_at desc, a.id desc limit take) r), '[]'))
  );
  -- Each section only for a role that lists its screen; the account and its devices are the Users screen's.
  return (select jsonb_object_agg(e.key, e.value) from jsonb_each(page) e
           where replace(case e.key when 'user' then 'users' when 'devices' then 'users' when 'audit' then 'audit-log'
                         else e.key end, '_', '-') = any (screens));
end
$$;


--
-- Name: FUNCTION admin_person(person uuid, per_section integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_person(person uuid, per_section integer) IS 'A person''s page in one read: the account and, per section, the newest per_section rows and the total. Owners and support; null when there is no such user.';


--
-- Name: admin_search(text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_search(q text, per_kind integer DEFAULT 5) RETURNS TABLE(kind text, id text, title text, detail text, owner_id uuid, owner_email text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_custom_plan'
    AS $_$
declare
  caller_role text := public.admin_role();
  term text := btrim(coalesce(q, ''));
  pattern text := private.contains_pattern(term);
  texts boolean := char_length(term) >= 3;
  low uuid;
  high uuid;
  take integer := least(greatest(coalesce(per_kind, 5), 1), 10);
  -- The kinds the caller's role lists (private.list_readers, the registry's list access).
  kinds text[] := private.listed_screens(caller_role);
begin
  if caller_role is null then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if char_length(term) > 200 then
    raise exception 'The search is longer than 200 characters' using errcode = '22023';
  end if;
  select r.low, r.high into low, high from private.uuid_prefix_range(term) r;

  if 'users' = any (kinds) then
    return query
      select 'users', u.id::text, coalesce(u.email::text, u.phone, u.id::text), u.phone, u.id, u.email::text, u.created_at
        from auth.users u
       where u.id in (
               (select e.user_id from private.user_emails e
                 where texts and lower(e.email) like pattern limit take)
               union
               (select x.id from auth.users x
                 where low is not null and x.id between low and high limit take)
               union
               -- Phones only for a query of digits (auth.users has no index to offer; it is the
               -- smallest table here).
               (select x.id from auth.users x
                 where term ~ '^\+?[0-9][0-9 ]{2,}$' and x.phone like '%' || replace(ltrim(term, '+'), ' ', '') || '%'
                 limit take))
       order by u.created_at desc
       limit take;
  end if;

  if 'profiles' = any (kinds) then
    return query
      select 'profiles', p.id::text, p.name, p.relationship, p.user_id, e.email, p.created_at
        from (select x.* from public.profiles x where texts and x.name ilike pattern limit take) p
        left join private.user_emails e on e.user_id = p.user_id;
  end if;

  if 'scans' = any (kinds) then
    return query
      select 'scans', s.id::text, coalesce(s.name, s.id::text), s.category, s.user_id, e.email, s.created_at
        from ((select x.* from public.scans x where low is not null and x.id between low and high limit take)
              union all
              (select x.* from public.scans x where texts and x.name ilike pattern limit take)
              limit take) s
        left join private.user_emails e on e.user_id = s.user_id;
  end if;

  if 'chats' = any (kinds) then
    return query
      select 'chats', c.id::text, coalesce(c.title, c.id::text), null::text, c.user_id, e.email, c.created_at
        from ((select x.* from public.chats x where low is not null and x.id between low and high limit take)
              union all
              (select x.* from public.chats x where texts and x.title ilike pattern limit take)
              limit take) c
        left join private.user_emails e on e.user_id = c.user_id;
  end if;

  if 'contact-messages' = any (kinds) then
    return query
      select 'contact-messages', m.id::text, btrim(m.first_name || ' ' || m.last_name), m.subject,
             (select e.user_id from private.user_emails e where lower(e.email) = lower(m.email) limit 1),
             m.email, m.created_at
        from public.contact_messages m
       where texts and lower(m.first_name || ' ' || m.last_name || ' ' || m.email || ' ' || m.subject) like pattern
       limit take;
  end if;

  if 'news' = any (kinds) then
    return query
      select 'news', n.id::text, n.title, null::text, null::uuid, null::text, n.created_at
        from public.news n
       where texts and (n.title ilike pattern or (n.translations -> 'hi' ->> 'title') ilike pattern) limit take;
  end if;
  if 'health-tips' = any (kinds) then
    return query
      select 'health-tips', t.id::text, t.tip, null::text, null::uuid, null::text, t.created_at
        from public.health_tips t
       where texts and (t.tip ilike pattern or (t.translations -> 'hi' ->> 'tip') ilike pattern) limit take;
  end if;
  if 'tags' = any (kinds) then
    return query
      select 'tags', t.id::text, t.label, t.key, null::uuid, null::text, t.created_at
        from public.tags t
       where texts and (t.label ilike pattern or t.key ilike pattern or (t.translations -> 'hi' ->> 'label') ilike pattern)
       limit take;
  end if;

  if 'team' = any (kinds) then
    return query
      -- From the team's few rows to their addresses (not the other way round, through every user's).
      select 'team', a.user_id::text, e.email, a.role, a.user_id, e.email, a.created_at
        from public.admin_users a
       cross join lateral (select x.email from private.user_emails x where x.user_id = a.user_id) e
       where texts and lower(e.email) like pattern
       order by e.email
       limit take;
  end if;
end
$_$;


--
-- Name: FUNCTION admin_search(q text, per_kind integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_search(q text, per_kind integer) IS 'The command palette: up to per_kind records of each kind the caller''s role reads whose text contains q (3+ characters) or whose id starts with q (4+ hex digits).';




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


--
-- Name: chats; Type: VIEW; Schema: admin_reads; Owner: -
--

CREATE VIEW admin_reads.chats AS
 SELECT c.id,
    c.user_id,
    c.title,
    c.created_at,
    c.updated_at,
    u.email AS owner_email,
    (( SELECT count(*) AS count
           FROM public.messages m
          WHERE (m.chat_id = c.id)))::integer AS message_count
   FROM (public.chats c
     LEFT JOIN private.user_emails u ON ((u.user_id = c.user_id)))
  WHERE ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role);


--
-- Name: profiles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.profiles (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    name text NOT NULL,
    avatar text,
    relationship text,
    age integer,
    gender text,
    height numeric(5,1),
    weight numeric(5,1),
    date_of_birth date,
    health_conditions text[] DEFAULT '{}'::text[] NOT NULL,
    allergies text[] DEFAULT '{}'::text[] NOT NULL,
    dietary_restrictions text[] DEFAULT '{}'::text[] NOT NULL,
    scans_count integer DEFAULT 0 NOT NULL,
    avg_health_score numeric(5,2),
    last_scan_date timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    avatar_path text,
    CONSTRAINT profiles_age_range CHECK (((age >= 0) AND (age <= 150))),
    CONSTRAINT profiles_avatar_http CHECK (((avatar IS NULL) OR public.is_http_url(avatar))),
    CONSTRAINT profiles_avatar_path_relative CHECK (((avatar_path IS NULL) OR ((avatar_path ~ '^[^/]'::text) AND (avatar_path !~ '(^|/)\.\.?(/|$)'::text) AND (length(avatar_path) <= 1024)))),
    CONSTRAINT profiles_avg_health_score_range CHECK (((avg_health_score >= (0)::numeric) AND (avg_health_score <= (100)::numeric))),
    CONSTRAINT profiles_gender_length CHECK ((char_length(gender) <= 30)),
    CONSTRAINT profiles_height_range CHECK (((height > (0)::numeric) AND (height < (300)::numeric))),
    CONSTRAINT profiles_name_not_blank CHECK (((name ~ '\S'::text) AND (char_length(name) <= 100))),
    CONSTRAINT profiles_relationship_length CHECK ((char_length(relationship) <= 50)),
    CONSTRAINT profiles_scans_count_non_negative CHECK ((scans_count >= 0)),
    CONSTRAINT profiles_weight_range CHECK (((weight > (0)::numeric) AND (weight < (500)::numeric)))
);


--
-- Name: COLUMN profiles.avatar_path; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.profiles.avatar_path IS 'The avatar''s path in the avatars bucket (<user id>/<file>).';


--
-- Name: profiles; Type: VIEW; Schema: admin_reads; Owner: -
--

CREATE VIEW admin_reads.profiles AS
 SELECT p.id,
    p.user_id,
    p.name,
    p.avatar,
    p.relationship,
    p.age,
    p.gender,
    p.height,
    p.weight,
    p.date_of_birth,
    p.health_conditions,
    p.allergies,
    p.dietary_restrictions,
    p.scans_count,
    p.avg_health_score,
    p.last_scan_date,
    p.created_at,
    p.updated_at,
    u.email AS owner_email,
    p.avatar_path
   FROM (public.profiles p
     LEFT JOIN private.user_emails u ON ((u.user_id = p.user_id)))
  WHERE ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role);


--
-- Name: scans; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.scans (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid,
    name text,
    description text,
    image_url text,
    health_score integer,
    category text,
    analysis text,
    ingredients text[] DEFAULT '{}'::text[] NOT NULL,
    health_benefits text[] DEFAULT '{}'::text[] NOT NULL,
    health_risks text[] DEFAULT '{}'::text[] NOT NULL,
    allergens text[] DEFAULT '{}'::text[] NOT NULL,
    nutrition_facts jsonb,
    healthy_recipe text,
    is_favorite boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    image_path text,
    CONSTRAINT scans_category_length CHECK ((char_length(category) <= 50)),
    CONSTRAINT scans_health_score_range CHECK (((health_score >= 0) AND (health_score <= 100))),
    CONSTRAINT scans_image_path_relative CHECK (((image_path IS NULL) OR ((image_path ~ '^[^/]'::text) AND (image_path !~ '(^|/)\.\.?(/|$)'::text) AND (length(image_path) <= 1024)))),
    CONSTRAINT scans_image_url_http CHECK (((image_url IS NULL) OR public.is_http_url(image_url))),
    CONSTRAINT scans_name_length CHECK ((char_length(name) <= 200)),
    CONSTRAINT scans_nutrition_facts_object CHECK ((jsonb_typeof(nutrition_facts) = 'object'::text))
);


--
-- Name: COLUMN scans.image_path; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.scans.image_path IS 'The label photo''s path in the scan-images bucket (<user id>/<file>).';


--
-- Name: scans; Type: VIEW; Schema: admin_reads; Owner: -
--

CREATE VIEW admin_reads.scans AS
 SELECT s.id,
    s.user_id,
    s.name,
    s.description,
    s.image_url,
    s.health_score,
    s.category,
    s.analysis,
    s.ingredients,
    s.health_benefits,
    s.health_risks,
    s.allergens,
    s.nutrition_facts,
    s.healthy_recipe,
    s.is_favorite,
    s.created_at,
    u.email AS owner_email,
    s.image_path
   FROM (public.scans s
     LEFT JOIN private.user_emails u ON ((u.user_id = s.user_id)))
  WHERE ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role);


--
-- Name: row_counts; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.row_counts (
    table_name text NOT NULL,
    n bigint NOT NULL
);


--
-- Name: TABLE row_counts; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.row_counts IS 'Exact row counts of the tables the dashboard counts; maintained by triggers, read by admin_dashboard_stats().';


--
-- Name: scan_counts_hourly; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.scan_counts_hourly (
    hour timestamp with time zone NOT NULL,
    scans bigint NOT NULL
);


--
-- Name: TABLE scan_counts_hourly; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.scan_counts_hourly IS 'Scans per UTC hour of scans.created_at; maintained by triggers on public.scans, read by scans_created_between().';


--
-- Name: scan_stats_daily; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.scan_stats_daily (
    day date NOT NULL,
    scans bigint NOT NULL,
    scored bigint NOT NULL,
    score_sum bigint NOT NULL,
    excellent bigint NOT NULL,
    good bigint NOT NULL,
    fair bigint NOT NULL,
    poor bigint NOT NULL
);


--
-- Name: TABLE scan_stats_daily; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.scan_stats_daily IS 'Per UTC day of scans.created_at: scans, scans with a health_score, their sum and score bands. Maintained by triggers on public.scans; read by admin_dashboard_stats().';


--
-- Name: admin_chats; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.admin_chats WITH (security_invoker='true') AS
 SELECT chats.id,
    chats.user_id,
    chats.title,
    chats.created_at,
    chats.updated_at,
    chats.owner_email,
    chats.message_count
   FROM admin_reads.chats;


--
-- Name: admin_profiles; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.admin_profiles WITH (security_invoker='true') AS
 SELECT profiles.id,
    profiles.user_id,
    profiles.name,
    profiles.avatar,
    profiles.relationship,
    profiles.age,
    profiles.gender,
    profiles.height,
    profiles.weight,
    profiles.date_of_birth,
    profiles.health_conditions,
    profiles.allergies,
    profiles.dietary_restrictions,
    profiles.scans_count,
    profiles.avg_health_score,
    profiles.last_scan_date,
    profiles.created_at,
    profiles.updated_at,
    profiles.owner_email,
    profiles.avatar_path
   FROM admin_reads.profiles;


--
-- Name: admin_scans; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.admin_scans WITH (security_invoker='true') AS
 SELECT scans.id,
    scans.user_id,
    scans.name,
    scans.description,
    scans.image_url,
    scans.health_score,
    scans.category,
    scans.analysis,
    scans.ingredients,
    scans.health_benefits,
    scans.health_risks,
    scans.allergens,
    scans.nutrition_facts,
    scans.healthy_recipe,
    scans.is_favorite,
    scans.created_at,
    scans.owner_email,
    scans.image_path
   FROM admin_reads.scans;


--
-- Name: payments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    amount numeric(12,2) NOT NULL,
    currency text DEFAULT 'INR'::text NOT NULL,
    status text DEFAULT 'succeeded'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payments_amount_positive CHECK ((amount > (0)::numeric)),
    CONSTRAINT payments_currency_iso CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT payments_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'succeeded'::text, 'failed'::text, 'refunded'::text])))
);


--
-- Name: user_devices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_devices (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    token text NOT NULL,
    platform text DEFAULT 'android'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    locale text DEFAULT 'en'::text NOT NULL,
    CONSTRAINT user_devices_locale_known CHECK ((locale = ANY (ARRAY['en'::text, 'hi'::text]))),
    CONSTRAINT user_devices_platform_known CHECK ((platform = ANY (ARRAY['android'::text, 'ios'::text, 'web'::text]))),
    CONSTRAINT user_devices_token_not_blank CHECK (((token ~ '\S'::text) AND (char_length(token) <= 4096)))
);


--
-- Name: row_counts row_counts_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.row_counts
    ADD CONSTRAINT row_counts_pkey PRIMARY KEY (table_name);


--
-- Name: scan_counts_hourly scan_counts_hourly_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.scan_counts_hourly
    ADD CONSTRAINT scan_counts_hourly_pkey PRIMARY KEY (hour);


--
-- Name: scan_stats_daily scan_stats_daily_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.scan_stats_daily
    ADD CONSTRAINT scan_stats_daily_pkey PRIMARY KEY (day);


--
-- Name: user_emails user_emails_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.user_emails
    ADD CONSTRAINT user_emails_pkey PRIMARY KEY (user_id);


--
-- Name: chats chats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chats
    ADD CONSTRAINT chats_pkey PRIMARY KEY (id);


--
-- Name: messages messages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_pkey PRIMARY KEY (id);


--
-- Name: payments payments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);


--
-- Name: profiles profiles_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY (id);


--
-- Name: scans scans_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scans
    ADD CONSTRAINT scans_pkey PRIMARY KEY (id);


--
-- Name: user_devices user_devices_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_devices
    ADD CONSTRAINT user_devices_pkey PRIMARY KEY (id);


--
-- Name: user_devices user_devices_token_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_devices
    ADD CONSTRAINT user_devices_token_key UNIQUE (token);


--
-- Name: user_emails_email_trgm_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX user_emails_email_trgm_idx ON private.user_emails USING gin (lower(email) extensions.gin_trgm_ops);


--
-- Name: chats_created_at_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chats_created_at_id_idx ON public.chats USING btree (created_at DESC, id DESC);


--
-- Name: chats_title_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chats_title_trgm_idx ON public.chats USING gin (title extensions.gin_trgm_ops);


--
-- Name: chats_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chats_user_id_idx ON public.chats USING btree (user_id);


--
-- Name: messages_chat_id_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_chat_id_created_at_idx ON public.messages USING btree (chat_id, created_at);


--
-- Name: messages_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_created_at_idx ON public.messages USING btree (created_at DESC);


--
-- Name: payments_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payments_created_at_idx ON public.payments USING btree (created_at DESC);


--
-- Name: payments_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payments_user_id_idx ON public.payments USING btree (user_id);


--
-- Name: profiles_created_at_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX profiles_created_at_id_idx ON public.profiles USING btree (created_at DESC, id DESC);


--
-- Name: profiles_name_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX profiles_name_trgm_idx ON public.profiles USING gin (name extensions.gin_trgm_ops);


--
-- Name: profiles_relationship_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX profiles_relationship_trgm_idx ON public.profiles USING gin (relationship extensions.gin_trgm_ops);


--
-- Name: profiles_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX profiles_user_id_idx ON public.profiles USING btree (user_id);


--
-- Name: scans_category_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_category_id_idx ON public.scans USING btree (category, id);


--
-- Name: scans_category_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_category_trgm_idx ON public.scans USING gin (category extensions.gin_trgm_ops);


--
-- Name: scans_created_at_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_created_at_id_idx ON public.scans USING btree (created_at DESC, id DESC);


--
-- Name: scans_health_score_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_health_score_id_idx ON public.scans USING btree (health_score, id);


--
-- Name: scans_health_score_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_health_score_idx ON public.scans USING btree (health_score);


--
-- Name: scans_name_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_name_id_idx ON public.scans USING btree (name, id);


--
-- Name: scans_name_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_name_trgm_idx ON public.scans USING gin (name extensions.gin_trgm_ops);


--
-- Name: scans_user_id_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_user_id_created_at_idx ON public.scans USING btree (user_id, created_at DESC);


--
-- Name: user_devices_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX user_devices_updated_at_idx ON public.user_devices USING btree (updated_at DESC);


--
-- Name: user_devices_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX user_devices_user_id_idx ON public.user_devices USING btree (user_id);


--
-- Name: admin_chats admin_chats_read_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER admin_chats_read_only INSTEAD OF INSERT OR DELETE OR UPDATE ON public.admin_chats FOR EACH ROW EXECUTE FUNCTION private.refuse_admin_view_write();


--
-- Name: admin_profiles admin_profiles_read_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER admin_profiles_read_only INSTEAD OF INSERT OR DELETE OR UPDATE ON public.admin_profiles FOR EACH ROW EXECUTE FUNCTION private.refuse_admin_view_write();


--
-- Name: admin_scans admin_scans_read_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER admin_scans_read_only INSTEAD OF INSERT OR DELETE OR UPDATE ON public.admin_scans FOR EACH ROW EXECUTE FUNCTION private.refuse_admin_view_write();


--
-- Name: chats chats_created_at_from_database; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chats_created_at_from_database BEFORE INSERT OR UPDATE OF created_at ON public.chats FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION public.created_at_from_database();


--
-- Name: chats chats_row_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chats_row_count_delete AFTER DELETE ON public.chats REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_deleted();


--
-- Name: chats chats_row_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chats_row_count_insert AFTER INSERT ON public.chats REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_inserted();


--
-- Name: chats chats_row_count_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chats_row_count_truncate AFTER TRUNCATE ON public.chats FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_truncated();


--
-- Name: chats chats_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chats_set_updated_at BEFORE UPDATE ON public.chats FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: messages messages_created_at_from_database; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER messages_created_at_from_database BEFORE INSERT OR UPDATE OF created_at ON public.messages FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION public.created_at_from_database();


--
-- Name: payments payments_row_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER payments_row_count_delete AFTER DELETE ON public.payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_deleted();


--
-- Name: payments payments_row_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER payments_row_count_insert AFTER INSERT ON public.payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_inserted();


--
-- Name: payments payments_row_count_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER payments_row_count_truncate AFTER TRUNCATE ON public.payments FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_truncated();


--
-- Name: profiles profiles_created_at_from_database; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_created_at_from_database BEFORE INSERT OR UPDATE OF created_at ON public.profiles FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION public.created_at_from_database();


--
-- Name: profiles profiles_row_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_row_count_delete AFTER DELETE ON public.profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_deleted();


--
-- Name: profiles profiles_row_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_row_count_insert AFTER INSERT ON public.profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_inserted();


--
-- Name: profiles profiles_row_count_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_row_count_truncate AFTER TRUNCATE ON public.profiles FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_truncated();


--
-- Name: profiles profiles_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_set_updated_at BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: scans scans_counts_hourly_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_counts_hourly_delete AFTER DELETE ON public.scans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_counts_hourly_apply();


--
-- Name: scans scans_counts_hourly_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_counts_hourly_insert AFTER INSERT ON public.scans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_counts_hourly_apply();


--
-- Name: scans scans_counts_hourly_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_counts_hourly_truncate AFTER TRUNCATE ON public.scans FOR EACH STATEMENT EXECUTE FUNCTION private.scan_counts_hourly_clear();


--
-- Name: scans scans_counts_hourly_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_counts_hourly_update AFTER UPDATE ON public.scans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_counts_hourly_apply();


--
-- Name: scans scans_created_at_from_database; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_created_at_from_database BEFORE INSERT OR UPDATE OF created_at ON public.scans FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION public.created_at_from_database();


--
-- Name: scans scans_stats_daily_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_stats_daily_delete AFTER DELETE ON public.scans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_stats_daily_apply();


--
-- Name: scans scans_stats_daily_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_stats_daily_insert AFTER INSERT ON public.scans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_stats_daily_apply();


--
-- Name: scans scans_stats_daily_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_stats_daily_truncate AFTER TRUNCATE ON public.scans FOR EACH STATEMENT EXECUTE FUNCTION private.scan_stats_daily_clear();


--
-- Name: scans scans_stats_daily_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_stats_daily_update AFTER UPDATE ON public.scans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_stats_daily_apply();


--
-- Name: user_devices user_devices_created_at_from_database; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER user_devices_created_at_from_database BEFORE INSERT OR UPDATE OF created_at ON public.user_devices FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION public.created_at_from_database();


--
-- Name: user_devices user_devices_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER user_devices_set_updated_at BEFORE UPDATE ON public.user_devices FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: user_emails user_emails_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.user_emails
    ADD CONSTRAINT user_emails_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: chats chats_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chats
    ADD CONSTRAINT chats_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: messages messages_chat_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_chat_id_fkey FOREIGN KEY (chat_id) REFERENCES public.chats(id) ON DELETE CASCADE;


--
-- Name: payments payments_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: profiles profiles_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: scans scans_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scans
    ADD CONSTRAINT scans_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_devices user_devices_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_devices
    ADD CONSTRAINT user_devices_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: row_counts; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.row_counts ENABLE ROW LEVEL SECURITY;

--
-- Name: scan_counts_hourly; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.scan_counts_hourly ENABLE ROW LEVEL SECURITY;

--
-- Name: scan_stats_daily; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.scan_stats_daily ENABLE ROW LEVEL SECURITY;

--
-- Name: user_emails; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.user_emails ENABLE ROW LEVEL SECURITY;

--
-- Name: messages Chat owners add messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Chat owners add messages" ON public.messages FOR INSERT TO authenticated WITH CHECK ((chat_id IN ( SELECT c.id
   FROM public.chats c
  WHERE (c.user_id = ( SELECT auth.uid() AS uid)))));


--
-- Name: messages Chat owners and operators read messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Chat owners and operators read messages" ON public.messages FOR SELECT TO authenticated USING ((( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role) OR (chat_id IN ( SELECT c.id
   FROM public.chats c
  WHERE (c.user_id = ( SELECT auth.uid() AS uid))))));


--
-- Name: messages Chat owners change messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Chat owners change messages" ON public.messages FOR UPDATE TO authenticated USING ((chat_id IN ( SELECT c.id
   FROM public.chats c
  WHERE (c.user_id = ( SELECT auth.uid() AS uid))))) WITH CHECK ((chat_id IN ( SELECT c.id
   FROM public.chats c
  WHERE (c.user_id = ( SELECT auth.uid() AS uid)))));


--
-- Name: messages Chat owners remove messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Chat owners remove messages" ON public.messages FOR DELETE TO authenticated USING ((chat_id IN ( SELECT c.id
   FROM public.chats c
  WHERE (c.user_id = ( SELECT auth.uid() AS uid)))));


--
-- Name: chats Owners add chats; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners add chats" ON public.chats FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: user_devices Owners add devices; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners add devices" ON public.user_devices FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: profiles Owners add profiles; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners add profiles" ON public.profiles FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: scans Owners add scans; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners add scans" ON public.scans FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: chats Owners and operators read chats; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners and operators read chats" ON public.chats FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));


--
-- Name: user_devices Owners and operators read devices; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners and operators read devices" ON public.user_devices FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));


--
-- Name: payments Owners and operators read payments; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners and operators read payments" ON public.payments FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));


--
-- Name: profiles Owners and operators read profiles; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners and operators read profiles" ON public.profiles FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));


--
-- Name: scans Owners and operators read scans; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners and operators read scans" ON public.scans FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));


--
-- Name: chats Owners change chats; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners change chats" ON public.chats FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: user_devices Owners change devices; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners change devices" ON public.user_devices FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: profiles Owners change profiles; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners change profiles" ON public.profiles FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: scans Owners change scans; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners change scans" ON public.scans FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: chats Owners remove chats; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners remove chats" ON public.chats FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: user_devices Owners remove devices; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners remove devices" ON public.user_devices FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: profiles Owners remove profiles; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners remove profiles" ON public.profiles FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: scans Owners remove scans; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners remove scans" ON public.scans FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: chats; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.chats ENABLE ROW LEVEL SECURITY;

--
-- Name: messages; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.messages ENABLE ROW LEVEL SECURITY;

--
-- Name: payments; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.payments ENABLE ROW LEVEL SECURITY;

--
-- Name: profiles; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;

--
-- Name: scans; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.scans ENABLE ROW LEVEL SECURITY;

--
-- Name: user_devices; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.user_devices ENABLE ROW LEVEL SECURITY;

--
-- Name: FUNCTION admin_list_users(search text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.admin_list_users(search text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.admin_list_users(search text) FROM PUBLIC;


--
-- Name: FUNCTION admin_owner_ids(words text[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.admin_owner_ids(words text[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.admin_owner_ids(words text[]) FROM PUBLIC;


--
-- Name: FUNCTION refuse_admin_view_write(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.refuse_admin_view_write() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.refuse_admin_view_write() FROM PUBLIC;


--
-- Name: FUNCTION row_counts_deleted(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.row_counts_deleted() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.row_counts_deleted() FROM PUBLIC;


--
-- Name: FUNCTION row_counts_inserted(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.row_counts_inserted() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.row_counts_inserted() FROM PUBLIC;


--
-- Name: FUNCTION row_counts_truncated(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.row_counts_truncated() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.row_counts_truncated() FROM PUBLIC;


--
-- Name: FUNCTION scan_counts_hourly_apply(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.scan_counts_hourly_apply() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.scan_counts_hourly_apply() FROM PUBLIC;


--
-- Name: FUNCTION scan_counts_hourly_clear(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.scan_counts_hourly_clear() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.scan_counts_hourly_clear() FROM PUBLIC;


--
-- Name: FUNCTION scan_stats_daily_apply(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.scan_stats_daily_apply() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.scan_stats_daily_apply() FROM PUBLIC;


--
-- Name: FUNCTION scan_stats_daily_clear(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.scan_stats_daily_clear() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.scan_stats_daily_clear() FROM PUBLIC;


--
-- Name: FUNCTION scans_created_between(after timestamp with time zone, up_to timestamp with time zone); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.scans_created_between(after timestamp with time zone, up_to timestamp with time zone) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.scans_created_between(after timestamp with time zone, up_to timestamp with time zone) FROM PUBLIC;


--
-- Name: FUNCTION sync_user_email(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_user_email() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.sync_user_email() FROM PUBLIC;


--
-- Name: FUNCTION admin_dashboard_stats(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_dashboard_stats() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_dashboard_stats() FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_dashboard_stats() TO authenticated;
GRANT ALL ON FUNCTION public.admin_dashboard_stats() TO service_role;


--
-- Name: FUNCTION admin_list_users(search text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_list_users(search text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_list_users(search text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_list_users(search text) TO authenticated;
GRANT ALL ON FUNCTION public.admin_list_users(search text) TO service_role;


--
-- Name: FUNCTION admin_owner_ids(words text[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_owner_ids(words text[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_owner_ids(words text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_owner_ids(words text[]) TO authenticated;
GRANT ALL ON FUNCTION public.admin_owner_ids(words text[]) TO service_role;


--
-- Name: FUNCTION admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) TO authenticated;
GRANT ALL ON FUNCTION public.admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) TO service_role;


--
-- Name: FUNCTION admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) TO authenticated;
GRANT ALL ON FUNCTION public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) TO service_role;


--
-- Name: FUNCTION admin_person(person uuid, per_section integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_person(person uuid, per_section integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_person(person uuid, per_section integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_person(person uuid, per_section integer) TO authenticated;
GRANT ALL ON FUNCTION public.admin_person(person uuid, per_section integer) TO service_role;


--
-- Name: FUNCTION admin_search(q text, per_kind integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_search(q text, per_kind integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_search(q text, per_kind integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_search(q text, per_kind integer) TO authenticated;
GRANT ALL ON FUNCTION public.admin_search(q text, per_kind integer) TO service_role;


--
-- Name: TABLE user_emails; Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON TABLE private.user_emails FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE private.user_emails TO service_role;


--
-- Name: TABLE chats; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.chats FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.chats TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.chats TO authenticated;


--
-- Name: TABLE messages; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.messages FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.messages TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.messages TO authenticated;


--
-- Name: FUNCTION page_ids(relation text, sort_terms jsonb, skip integer, take integer); Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON FUNCTION admin_reads.page_ids(relation text, sort_terms jsonb, skip integer, take integer) FROM PUBLIC;
GRANT ALL ON FUNCTION admin_reads.page_ids(relation text, sort_terms jsonb, skip integer, take integer) TO authenticated;
GRANT ALL ON FUNCTION admin_reads.page_ids(relation text, sort_terms jsonb, skip integer, take integer) TO service_role;


--
-- Name: FUNCTION page_order(relation text, sort_terms jsonb, skip integer, take integer); Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON FUNCTION admin_reads.page_order(relation text, sort_terms jsonb, skip integer, take integer) FROM PUBLIC;
GRANT ALL ON FUNCTION admin_reads.page_order(relation text, sort_terms jsonb, skip integer, take integer) TO authenticated;
GRANT ALL ON FUNCTION admin_reads.page_order(relation text, sort_terms jsonb, skip integer, take integer) TO service_role;


--
-- Name: FUNCTION walks_every_row(relation text); Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON FUNCTION admin_reads.walks_every_row(relation text) FROM PUBLIC;
GRANT ALL ON FUNCTION admin_reads.walks_every_row(relation text) TO authenticated;
GRANT ALL ON FUNCTION admin_reads.walks_every_row(relation text) TO service_role;


--
-- Name: FUNCTION paging_walks(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.paging_walks() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.paging_walks() FROM PUBLIC;


--
-- Name: TABLE chats; Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON TABLE admin_reads.chats FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE admin_reads.chats TO authenticated;


--
-- Name: TABLE profiles; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.profiles FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.profiles TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.profiles TO authenticated;


--
-- Name: TABLE profiles; Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON TABLE admin_reads.profiles FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE admin_reads.profiles TO authenticated;


--
-- Name: TABLE scans; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.scans FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.scans TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.scans TO authenticated;


--
-- Name: TABLE scans; Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON TABLE admin_reads.scans FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE admin_reads.scans TO authenticated;


--
-- Name: TABLE row_counts; Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON TABLE private.row_counts FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE private.row_counts TO service_role;


--
-- Name: TABLE scan_counts_hourly; Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON TABLE private.scan_counts_hourly FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE private.scan_counts_hourly TO service_role;


--
-- Name: TABLE scan_stats_daily; Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON TABLE private.scan_stats_daily FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE private.scan_stats_daily TO service_role;


--
-- Name: TABLE admin_chats; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.admin_chats FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.admin_chats TO service_role;
GRANT SELECT ON TABLE public.admin_chats TO authenticated;


--
-- Name: TABLE admin_profiles; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.admin_profiles FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.admin_profiles TO service_role;
GRANT SELECT ON TABLE public.admin_profiles TO authenticated;


--
-- Name: TABLE admin_scans; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.admin_scans FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.admin_scans TO service_role;
GRANT SELECT ON TABLE public.admin_scans TO authenticated;


--
-- Name: TABLE payments; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.payments FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.payments TO service_role;
GRANT SELECT ON TABLE public.payments TO authenticated;


--
-- Name: TABLE user_devices; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.user_devices FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.user_devices TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.user_devices TO authenticated;


CREATE TRIGGER sync_user_email AFTER INSERT OR UPDATE OF email ON auth.users FOR EACH ROW EXECUTE FUNCTION private.sync_user_email();


-- The app users' images: scan pictures and avatars, each user's own folder (buckets in config.toml).

CREATE POLICY "Users add images to their folder" ON storage.objects AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK (((bucket_id = ANY (ARRAY['scan-images'::text, 'avatars'::text])) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));

CREATE POLICY "Users read their own images" ON storage.objects AS PERMISSIVE FOR SELECT TO authenticated
  USING (((bucket_id = ANY (ARRAY['scan-images'::text, 'avatars'::text])) AND (((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role))));

CREATE POLICY "Users remove images from their folder" ON storage.objects AS PERMISSIVE FOR DELETE TO authenticated
  USING (((bucket_id = ANY (ARRAY['scan-images'::text, 'avatars'::text])) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));

CREATE POLICY "Users replace images in their folder" ON storage.objects AS PERMISSIVE FOR UPDATE TO authenticated
  USING (((bucket_id = ANY (ARRAY['scan-images'::text, 'avatars'::text])) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)))
  WITH CHECK (((bucket_id = ANY (ARRAY['scan-images'::text, 'avatars'::text])) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));

ALTER PUBLICATION supabase_realtime ADD TABLE public.chats;
ALTER PUBLICATION supabase_realtime ADD TABLE public.profiles;
ALTER PUBLICATION supabase_realtime ADD TABLE public.scans;
