-- Restores that respect a colleague's save, Compare only where there are versions, and one row's
-- history in the order its writes happened (docs/architecture.md: "Restoring a version").
--
-- 1. public.admin_restore_version(resource, record_id, entry_id, version): a versioned write. The
--    client names the row's updated_at its comparison was made against; a row changed since (or
--    gone) is refused with PT409 (HTTP 409) and left alone, as a stale save is
--    (src/providers/versionedUpdates.ts). The row is locked before the check, so the check and the
--    write see the same version.
-- 2. public.admin_record_version answers "This resource has no versions" (22023) for a resource
--    private.versions() does not list, before asking who the caller is.
-- 3. One row's history is ordered by the trail's id: occurred_at is now(), the transaction's start,
--    so a writer that waited on the row lock would sort before the one it followed. The record's
--    versions are rebuilt in id order, served by a (resource, record_id, id) index (the trail's list
--    keeps its occurred_at indexes).
-- 4. public.set_updated_at() takes clock_timestamp(), never earlier than the row's previous
--    updated_at plus a microsecond: within a row's history updated_at strictly increases, whichever
--    transaction started first.

-- ---------------------------------------------------------------------------------------------
-- 3. One row's history in id order

create index audit_log_record_history_idx on public.audit_log using btree (resource, record_id, id);

create or replace function private.record_version(resource text, record_id text, entry_id bigint) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  columns text[] := private.restorable_columns(resource);
  target public.audit_log;
  row_now jsonb;
  version jsonb := '{}';
  col text;
  earlier jsonb;
  shot text;
begin
  if columns is null then
    raise exception 'This resource has no versions' using errcode = '22023';
  end if;
  select a.* into target
    from public.audit_log a
   where a.id = entry_id
     and a.resource = record_version.resource
     and a.record_id = record_version.record_id
     and a.action in ('insert', 'update', 'restore');
  if not found then
    raise exception 'No such version of this record' using errcode = 'P0002';
  end if;
  row_now := case resource
    when 'news' then (select to_jsonb(n) from public.news n where n.id::text = record_version.record_id)
    when 'health_tips' then (select to_jsonb(h) from public.health_tips h where h.id::text = record_version.record_id)
    when 'tags' then (select to_jsonb(t) from public.tags t where t.id::text = record_version.record_id)
    when 'admin_settings' then (select to_jsonb(s) from public.admin_settings s where s.id::text = record_version.record_id)
  end;
  if row_now is null then
    raise exception 'No such record' using errcode = 'P0002';
  end if;
  foreach col in array columns loop
    -- One row's entries in id order: the order their writes took the row lock and committed
    -- (occurred_at is each transaction's start). The (resource, record_id, id) index serves this range.
    select a.changes -> col -> 'old' into earlier
      from public.audit_log a
     where a.resource = record_version.resource
       and a.record_id = record_version.record_id
       and a.id > target.id
       and jsonb_typeof(a.changes -> col) = 'object'
     order by a.id
     limit 1;
    version := version || jsonb_build_object(col, case when found then earlier else row_now -> col end);
  end loop;
  -- An uploaded screenshot the version had but Storage no longer holds (the admin removes a replaced
  -- one, src/storage/uploads.ts) would restore as a broken image: the row keeps its screenshot now.
  -- Own screenshots are the bucket's public URLs, `…/storage/v1/object/public/news-screenshots/<name>`.
  shot := version ->> 'source_url_screenshot';
  if resource = 'news'
     and pg_catalog.strpos(shot, '/storage/v1/object/public/news-screenshots/') > 0
     and not exists (
       select 1 from storage.objects o
        where o.bucket_id = 'news-screenshots'
          and o.name = pg_catalog.split_part(shot, '/storage/v1/object/public/news-screenshots/', 2)) then
    version := version || jsonb_build_object('source_url_screenshot', row_now -> 'source_url_screenshot');
  end if;
  return version;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- 4. updated_at never runs backwards within a row

create or replace function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- clock_timestamp(), not now() (the transaction's start: a writer that waited on the row lock would
  -- stamp a time before the version it followed), and never at or before the version it replaces.
  new.updated_at := greatest(pg_catalog.clock_timestamp(), old.updated_at + interval '1 microsecond');
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- 2. Reading a version: no versions before no privileges

create or replace function public.admin_record_version(resource text, record_id text, entry_id bigint) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if private.restorable_columns(resource) is null then
    raise exception 'This resource has no versions' using errcode = '22023';
  end if;
  if not resource = any ((public.record_history_access()).readable) then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return private.record_version(resource, record_id, entry_id);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- 1. Restoring a version: a versioned write

drop function public.admin_restore_version(text, text, bigint);

create function public.admin_restore_version(resource text, record_id text, entry_id bigint, version timestamp with time zone) returns jsonb
language plpgsql security definer
set search_path = ''
as $_$
declare
  restored jsonb;
  columns text[] := private.restorable_columns(resource);
  current_version timestamptz;
  result jsonb;
begin
  if columns is null then
    raise exception 'This resource has no versions' using errcode = '22023';
  end if;
  if not resource = any ((public.record_history_access()).readable) then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  -- Rebuilt before the lock (a wrong entry is told as such, whatever the row's version): a save
  -- committed since makes updated_at differ below, as it never comes back to an earlier value.
  restored := private.record_version(resource, record_id, entry_id);
  -- The row, locked: a save committed since the comparison refuses the restore, and none can land
  -- between this check and the write.
  execute pg_catalog.format('select t.updated_at from public.%I t where t.id::text = $1 for update', resource)
    into current_version
    using record_id;
  if current_version is distinct from version then
    raise sqlstate 'PT409' using
      message = 'This record changed since the version was compared',
      detail = coalesce('Its version now is ' || current_version::text, 'It is gone');
  end if;
  -- Read by private.audit_row_change(); transaction-local, cleared again below.
  perform pg_catalog.set_config('labellens.audit_action', 'restore', true);
  perform pg_catalog.set_config('labellens.restored_from', entry_id::text, true);
  if resource = 'admin_settings' then
    perform private.update_admin_settings((restored ->> 'mfa_required')::boolean,
                                          (restored ->> 'audit_retention_days')::integer);
    select to_jsonb(s) into result from public.admin_settings s where s.id = 1;
  else
    -- The table and columns are the allow-list's literals, quoted; the values are a bound parameter
    -- typed by the table's own row type.
    execute pg_catalog.format(
      'update public.%1$I t set (%2$s) = (select %3$s from pg_catalog.jsonb_populate_record(null::public.%1$I, $1) r)
        where t.id::text = $2 returning to_jsonb(t)',
      resource,
      (select pg_catalog.string_agg(pg_catalog.format('%I', c), ', ') from unnest(columns) c),
      (select pg_catalog.string_agg(pg_catalog.format('r.%I', c), ', ') from unnest(columns) c))
      into result
      using restored, record_id;
  end if;
  perform pg_catalog.set_config('labellens.audit_action', '', true);
  perform pg_catalog.set_config('labellens.restored_from', '', true);
  return result;
end
$_$;
revoke all on function public.admin_restore_version(text, text, bigint, timestamp with time zone) from public, anon;
grant execute on function public.admin_restore_version(text, text, bigint, timestamp with time zone) to authenticated;
