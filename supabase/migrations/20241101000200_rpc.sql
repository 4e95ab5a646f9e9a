-- Admin RPCs. Both are security definer (they read across users, and admin_list_users reads
-- auth.users, which no API role may read), so each first refuses anyone but an active admin.
-- Execute is granted to authenticated only: anon gets permission denied before the function runs.

-- Dashboard (spec §2 "Dashboard", issue 2): one round trip, at most a few hundred bytes.
--   scans, profiles, chats, payments, news, health_tips: exact counts
--   avg_health_score: mean of the non-null scores rounded to an integer, null when there are none
--   score_distribution: {excellent 80-100, good 60-79, fair 40-59, poor 0-39} (src/domain/scoreBands.ts)
--   scans_trend_pct: scans created in the last 7 days against the 7 days before that, as a
--     percentage change rounded to one decimal (+25.0 = a quarter more); null when the earlier week
--     had no scans (a change from zero has no percentage)
--   recent_scans: the 5 newest scans {id, name, health_score, created_at}, newest first
-- Scores are read from the (health_score) index in one pass; the trend only touches the last 14
-- days through the created_at index; nothing runs per row.
create or replace function public.admin_dashboard_stats() returns json
language plpgsql stable security definer
set search_path = ''
as $$
declare
  result json;
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;

  select json_build_object(
    'scans', score.total,
    'profiles', (select count(*) from public.profiles),
    'chats', (select count(*) from public.chats),
    'payments', (select count(*) from public.payments),
    'news', (select count(*) from public.news),
    'health_tips', (select count(*) from public.health_tips),
    'avg_health_score', round(score.average)::integer,
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
    select count(*) as total,
           avg(s.health_score) as average,
           count(*) filter (where s.health_score between 80 and 100) as excellent,
           count(*) filter (where s.health_score between 60 and 79) as good,
           count(*) filter (where s.health_score between 40 and 59) as fair,
           count(*) filter (where s.health_score between 0 and 39) as poor
      from public.scans s
  ) score,
  (
    select count(*) filter (where s.created_at > now() - interval '7 days') as last_week,
           count(*) filter (where s.created_at <= now() - interval '7 days') as previous_week
      from public.scans s
     where s.created_at > now() - interval '14 days' and s.created_at <= now()
  ) trend;

  return result;
end
$$;

revoke all on function public.admin_dashboard_stats() from public, anon;
grant execute on function public.admin_dashboard_stats() to authenticated, service_role;

-- Users screen and notification picker: the auth users as an admin may see them, newest first.
-- search: case-insensitive substring of email, phone or id (blank = everyone). PostgREST's
-- limit/offset/order/count apply to the result.
create or replace function public.admin_list_users(search text default null)
returns table (
  id uuid,
  email text,
  phone text,
  email_confirmed_at timestamptz,
  phone_confirmed_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  last_sign_in_at timestamptz,
  provider text,
  role text,
  aud text,
  banned_until timestamptz
)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  needle text := lower(nullif(btrim(search), ''));
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
       and (needle is null
            or strpos(lower(u.email), needle) > 0
            or strpos(lower(u.phone), needle) > 0
            or strpos(u.id::text, needle) > 0)
     order by u.created_at desc, u.id;
end
$$;

revoke all on function public.admin_list_users(text) from public, anon;
grant execute on function public.admin_list_users(text) to authenticated, service_role;
