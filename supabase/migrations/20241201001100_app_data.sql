-- Baseline: supabase/schemas/30_app_data.sql as npm run db:squash wrote it (docs/schema-first.md).

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
