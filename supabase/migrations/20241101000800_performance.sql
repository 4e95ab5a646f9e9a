-- Performance: list pages that cost one page at any table size (docs/architecture.md, budgets).
--
-- Every admin list orders by its sort column and then by id (a unique tie-breaker, so rows that tie
-- never move between pages), and reads pages past the middle backwards. A composite btree on
-- (column, id) serves both directions of that order with an index scan that stops after the page:
-- forwards for the first pages, backwards for the last ones.
--
-- Searches go through the admin views with ilike on every searched column, OR across the columns;
-- Postgres combines the per-column trigram indexes only when every column of the OR has one.

-- Scans: newest first by default; also sortable by name, category and health score.
drop index if exists public.scans_created_at_idx;
create index scans_created_at_id_idx on public.scans (created_at desc, id desc);
create index scans_name_id_idx on public.scans (name, id);
create index scans_category_id_idx on public.scans (category, id);
create index scans_health_score_id_idx on public.scans (health_score, id);

-- Profiles and chats: newest first by default.
drop index if exists public.profiles_created_at_idx;
create index profiles_created_at_id_idx on public.profiles (created_at desc, id desc);
drop index if exists public.chats_created_at_idx;
create index chats_created_at_id_idx on public.chats (created_at desc, id desc);

-- The profiles search matches name or relationship: without this index the OR falls back to a
-- scan of every profile.
create index profiles_relationship_trgm_idx on public.profiles using gin (relationship extensions.gin_trgm_ops);

-- ---------------------------------------------------------------------------------------------
-- Dashboard: flat from ten thousand to a million scans
--
-- admin_dashboard_stats() already reads totals, average and bands from private.scan_stats_daily.
-- What still grew with the tables: the exact counts of profiles, chats, payments, news and health
-- tips (each a scan of its table), and the scans trend's partial boundary days (up to four days of
-- scans counted from the table). Both now come from summaries kept exact by statement triggers:
-- private.row_counts (one row per counted table) and private.scan_counts_hourly (scans per UTC hour),
-- so the trend counts at most two partial hours from the table.

create table private.row_counts (
  table_name text primary key,
  n bigint not null
);
comment on table private.row_counts is
  'Exact row counts of the tables the dashboard counts; maintained by triggers, read by admin_dashboard_stats().';
alter table private.row_counts enable row level security;
revoke all on private.row_counts from public, anon, authenticated;
grant select on private.row_counts to service_role;

-- One update per statement, by the statement's transition table: a concurrent writer of the same
-- table waits for this row until commit, as for the daily scans summary.
create function private.row_counts_inserted() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update private.row_counts set n = n + (select count(*) from new_rows) where table_name = tg_table_name;
  return null;
end
$$;

create function private.row_counts_deleted() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update private.row_counts set n = n - (select count(*) from old_rows) where table_name = tg_table_name;
  return null;
end
$$;

create function private.row_counts_truncated() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update private.row_counts set n = 0 where table_name = tg_table_name;
  return null;
end
$$;

revoke all on function private.row_counts_inserted(), private.row_counts_deleted(), private.row_counts_truncated()
  from public, anon, authenticated;

do $$
declare
  counted text;
begin
  foreach counted in array array['profiles', 'chats', 'payments', 'news', 'health_tips'] loop
    execute format('lock table public.%I in share row exclusive mode', counted);
    execute format('insert into private.row_counts (table_name, n) select %L, count(*) from public.%I', counted, counted);
    execute format('create trigger %I after insert on public.%I referencing new table as new_rows
                    for each statement execute function private.row_counts_inserted()', counted || '_row_count_insert', counted);
    execute format('create trigger %I after delete on public.%I referencing old table as old_rows
                    for each statement execute function private.row_counts_deleted()', counted || '_row_count_delete', counted);
    execute format('create trigger %I after truncate on public.%I
                    for each statement execute function private.row_counts_truncated()', counted || '_row_count_truncate', counted);
  end loop;
end
$$;

create table private.scan_counts_hourly (
  hour timestamptz primary key,
  scans bigint not null
);
comment on table private.scan_counts_hourly is
  'Scans per UTC hour of scans.created_at; maintained by triggers on public.scans, read by scans_created_between().';
alter table private.scan_counts_hourly enable row level security;
revoke all on private.scan_counts_hourly from public, anon, authenticated;
grant select on private.scan_counts_hourly to service_role;

-- As private.scan_stats_daily_apply(): +1 per new row, -1 per old row, grouped by hour, in hour
-- order; hours that fall to zero are removed.
create function private.scan_counts_hourly_apply() returns trigger
language plpgsql security definer
set search_path = ''
as $$
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
$$;

create function private.scan_counts_hourly_clear() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  delete from private.scan_counts_hourly;
  return null;
end
$$;

revoke all on function private.scan_counts_hourly_apply(), private.scan_counts_hourly_clear()
  from public, anon, authenticated;

create trigger scans_counts_hourly_insert after insert on public.scans
  referencing new table as new_rows
  for each statement execute function private.scan_counts_hourly_apply();
create trigger scans_counts_hourly_update after update on public.scans
  referencing new table as new_rows old table as old_rows
  for each statement execute function private.scan_counts_hourly_apply();
create trigger scans_counts_hourly_delete after delete on public.scans
  referencing old table as old_rows
  for each statement execute function private.scan_counts_hourly_apply();
create trigger scans_counts_hourly_truncate after truncate on public.scans
  for each statement execute function private.scan_counts_hourly_clear();

insert into private.scan_counts_hourly (hour, scans)
select date_trunc('hour', s.created_at, 'UTC'), count(*) from public.scans s group by 1;

-- Scans with created_at in (after, up_to]: whole UTC hours strictly between the two boundary hours
-- from the hourly summary, the two boundary hours' parts from scans through the created_at index.
create or replace function private.scans_created_between(after timestamptz, up_to timestamptz) returns bigint
language plpgsql stable
set search_path = ''
as $$
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

-- The dashboard as before, with the five table counts read from private.row_counts (its shape and
-- figures are unchanged; the trend's private.scans_created_between() now reads hours).
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
