-- Each run of the trash's retention purge leaves its outcome, so a failing purge is seen
-- (docs/architecture.md, "The retention purge").
--
-- The purge-trash function removes entries, then their files and orphan objects through Storage.
-- When Storage refuses a batch the run answers 502 and the next run goes on from the orphans; until
-- now nobody saw it. public.trash_purge_runs keeps each run's outcome: every operator (all see the
-- Trash) reads it, and only the service role writes it, through public.record_purge_run(), which
-- also drops runs older than 90 days so the table stays small.

create table public.trash_purge_runs (
  id bigint generated always as identity primary key,
  ran_at timestamptz not null default now(),
  succeeded boolean not null,
  reason text,
  purged integer not null default 0,
  files_removed integer not null default 0,
  orphans_removed integer not null default 0,
  constraint trash_purge_runs_reason_when_failed check (succeeded = (reason is null)),
  constraint trash_purge_runs_reason_length check (char_length(reason) <= 500)
);

comment on table public.trash_purge_runs is
  'One row per run of the trash purge (supabase/functions/purge-trash): when, whether it succeeded, why not, and what it removed. Written by public.record_purge_run() only.';

create index trash_purge_runs_ran_at_idx on public.trash_purge_runs using btree (ran_at desc);

alter table public.trash_purge_runs enable row level security;

create policy "Operators read the purge runs" on public.trash_purge_runs
  for select to authenticated using ((select public.is_admin()));

revoke all on table public.trash_purge_runs from anon, authenticated, service_role;
grant select on table public.trash_purge_runs to authenticated;
grant select on table public.trash_purge_runs to service_role;

create function public.record_purge_run(
  succeeded boolean,
  reason text default null,
  purged integer default 0,
  files_removed integer default 0,
  orphans_removed integer default 0
) returns void
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  insert into public.trash_purge_runs (succeeded, reason, purged, files_removed, orphans_removed)
  values (succeeded, pg_catalog.left(reason, 500), purged, files_removed, orphans_removed);
  delete from public.trash_purge_runs r where r.ran_at < now() - interval '90 days';
end
$$;

comment on function public.record_purge_run(boolean, text, integer, integer, integer) is
  'Records one run of the trash purge (service role only: the purge-trash function calls it after each run).';

revoke all on function public.record_purge_run(boolean, text, integer, integer, integer) from public, anon, authenticated;
grant all on function public.record_purge_run(boolean, text, integer, integer, integer) to service_role;
