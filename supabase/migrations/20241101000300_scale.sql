-- Scale (docs/architecture.md, budgets): the admin's heavy reads cost what one page or one summary costs, not what
-- the whole scans table costs, at 1,000,000 scans.
--
-- 1. private.scan_stats_daily: per UTC day, the scans' count and score aggregates, kept exact by
--    statement-level triggers on public.scans (one upsert per statement, grouped by day, from the
--    statement's transition tables). admin_dashboard_stats() reads totals, average and bands from
--    it (one row per day) instead of aggregating every scan per call.
-- 2. public.admin_scans / admin_profiles / admin_chats: admin-only read views, so a search such as
--    name ilike '%maggi%' can use the trigram indexes (under RLS, Postgres will not evaluate a
--    non-leakproof operator like ilike before the policy, so the index is never used).

-- ---------------------------------------------------------------------------------------------
-- 1. Daily summary of scans
--
-- It lives in schema private, which the API does not expose and no API role may use: it is an
-- internal of the dashboard, not a resource.
create schema if not exists private;
revoke all on schema private from public, anon, authenticated;
grant usage on schema private to service_role;

-- Bands as in src/domain/scoreBands.ts: excellent 80-100, good 60-79, fair 40-59, poor 0-39.
create table private.scan_stats_daily (
  day date primary key,
  scans bigint not null,
  scored bigint not null,
  score_sum bigint not null,
  excellent bigint not null,
  good bigint not null,
  fair bigint not null,
  poor bigint not null
);

comment on table private.scan_stats_daily is
  'Per UTC day of scans.created_at: scans, scans with a health_score, their sum and score bands. '
  'Maintained by triggers on public.scans; read by admin_dashboard_stats().';

-- Only the security-definer triggers and RPC touch it: RLS on, no policies, no API grants
-- (defence in depth, should the schema ever be exposed).
alter table private.scan_stats_daily enable row level security;
revoke all on private.scan_stats_daily from public, anon, authenticated;
grant select on private.scan_stats_daily to service_role;

-- Adds the statement's changes to the summary: +1 per row in the new transition table, -1 per row
-- in the old one (an update moves a scan between days or bands). Days whose deltas are all zero
-- (e.g. an update of other columns) are skipped; days that fall to zero scans are removed. Rows go
-- in day order, so concurrent multi-day statements lock summary rows in the same order.
-- Security definer: an app user's insert must update a table that user cannot write.
create or replace function private.scan_stats_daily_apply() returns trigger
language plpgsql security definer
set search_path = ''
as $$
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
$$;

create or replace function private.scan_stats_daily_clear() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  delete from private.scan_stats_daily;
  return null;
end
$$;

revoke all on function private.scan_stats_daily_apply() from public, anon, authenticated;
revoke all on function private.scan_stats_daily_clear() from public, anon, authenticated;

create trigger scans_stats_daily_insert after insert on public.scans
  referencing new table as new_rows
  for each statement execute function private.scan_stats_daily_apply();
create trigger scans_stats_daily_update after update on public.scans
  referencing new table as new_rows old table as old_rows
  for each statement execute function private.scan_stats_daily_apply();
create trigger scans_stats_daily_delete after delete on public.scans
  referencing old table as old_rows
  for each statement execute function private.scan_stats_daily_apply();
create trigger scans_stats_daily_truncate after truncate on public.scans
  for each statement execute function private.scan_stats_daily_clear();

-- Backfill (empty on a new database: the seed runs after the migrations, through the triggers).
insert into private.scan_stats_daily (day, scans, scored, score_sum, excellent, good, fair, poor)
select (s.created_at at time zone 'UTC')::date,
       count(*),
       count(s.health_score),
       coalesce(sum(s.health_score), 0),
       count(*) filter (where s.health_score between 80 and 100),
       count(*) filter (where s.health_score between 60 and 79),
       count(*) filter (where s.health_score between 40 and 59),
       count(*) filter (where s.health_score between 0 and 39)
  from public.scans s
 group by 1;

-- Scans with created_at in (after, up_to]: whole UTC days strictly between the two boundary days
-- from the summary, the two boundary days' parts from scans through the created_at index. The cost
-- grows with the scans of two days, not with the table.
create or replace function private.scans_created_between(after timestamptz, up_to timestamptz) returns bigint
language plpgsql stable
set search_path = ''
as $$
declare
  first_day date := (after at time zone 'UTC')::date;
  last_day date := (up_to at time zone 'UTC')::date;
  first_day_end timestamptz := ((first_day + 1)::timestamp at time zone 'UTC');
  last_day_start timestamptz := (last_day::timestamp at time zone 'UTC');
begin
  if first_day >= last_day then
    return (select count(*) from public.scans s where s.created_at > after and s.created_at <= up_to);
  end if;
  return (select coalesce(sum(d.scans), 0) from private.scan_stats_daily d
           where d.day > first_day and d.day < last_day)
       + (select count(*) from public.scans s where s.created_at > after and s.created_at < first_day_end)
       + (select count(*) from public.scans s where s.created_at >= last_day_start and s.created_at <= up_to);
end
$$;

-- Called only from admin_dashboard_stats() (which runs as its owner).
revoke all on function private.scans_created_between(timestamptz, timestamptz) from public, anon, authenticated;

-- Dashboard (the dashboard overview): one round trip, at most a few hundred bytes.
--   scans, profiles, chats, payments, news, health_tips: exact counts
--   avg_health_score: mean of the non-null scores rounded to an integer, null when there are none
--   score_distribution: {excellent 80-100, good 60-79, fair 40-59, poor 0-39} (src/domain/scoreBands.ts)
--   scans_trend_pct: scans created in the last 7 days against the 7 days before that, as a
--     percentage change rounded to one decimal (+25.0 = a quarter more); null when the earlier week
--     had no scans (a change from zero has no percentage)
--   recent_scans: the 5 newest scans {id, name, health_score, created_at}, newest first
-- Rolling windows: last week = created_at in (now() - 7 days, now()], the week before = created_at
-- in (now() - 14 days, now() - 7 days]. Totals, average and bands come from the daily summary.
create function public.admin_dashboard_stats() returns json
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

revoke all on function public.admin_dashboard_stats() from public, anon;
grant execute on function public.admin_dashboard_stats() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- 2. Admin read views
--
-- Plain views (not security_barrier, not security_invoker) read the tables with their owner's
-- rights, so the tables' RLS policies do not apply and a filter such as name ilike '%x%' reaches
-- the trigram index. The view itself admits only active admins through (select is_admin()),
-- evaluated once per query. Supabase's linter flags such "security definer" views; these are
-- intentional and gated by is_admin(). Read-only for the API: only select is granted.
create view public.admin_scans as
  select * from public.scans where (select public.is_admin());
create view public.admin_profiles as
  select * from public.profiles where (select public.is_admin());
create view public.admin_chats as
  select * from public.chats where (select public.is_admin());

revoke all on public.admin_scans, public.admin_profiles, public.admin_chats from public, anon, authenticated;
grant select on public.admin_scans, public.admin_profiles, public.admin_chats to authenticated;
