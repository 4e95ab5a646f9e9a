-- Written by npm run db:diff from supabase/schemas/ (docs/schema-first.md).

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.admin_restore_version(resource text, record_id text, entry_id bigint, version timestamp with time zone, language text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  restored jsonb;
  columns text[] := private.restorable_columns(resource);
  current_version timestamptz;
  row_now jsonb;
  texts jsonb;
  result jsonb;
begin
  if columns is null then
    raise exception 'This resource has no versions' using errcode = '22023';
  end if;
  if not resource = any ((public.record_history_access()).readable) then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  -- `language` restores one language's text and keeps the others as they are now: 'en' the row's
  -- own columns, another code its texts in `translations` (docs/architecture/content-languages.md).
  -- It is only ever a bound jsonb key, never SQL text.
  if language is not null and (not 'translations' = any (columns) or language !~ '^[a-z]{2,3}$') then
    raise exception 'This resource has no text in that language' using errcode = '22023';
  end if;
  -- Rebuilt before the lock (a wrong entry is told as such, whatever the row's version): a save
  -- committed since makes updated_at differ below, as it never comes back to an earlier value.
  restored := private.record_version(resource, record_id, entry_id);
  -- The row, locked: a save committed since the comparison refuses the restore, and none can land
  -- between this check and the write.
  execute pg_catalog.format('select t.updated_at, to_jsonb(t) from public.%I t where t.id::text = $1 for update', resource)
    into current_version, row_now
    using record_id;
  if current_version is distinct from version then
    raise sqlstate 'PT409' using
      message = 'This record changed since the version was compared',
      detail = coalesce('Its version now is ' || current_version::text, 'It is gone');
  end if;
  if language = 'en' then
    restored := restored || pg_catalog.jsonb_build_object('translations', row_now -> 'translations');
  elsif language is not null then
    -- A code neither side has would write a restore that changes nothing.
    if not (restored -> 'translations' ? language or row_now -> 'translations' ? language) then
      raise exception 'Neither this version nor the record has text in that language' using errcode = '22023';
    end if;
    -- The row as it is now, but for this language's texts as the version had them (none if it had none).
    texts := coalesce(row_now -> 'translations', '{}'::jsonb) - language;
    if restored -> 'translations' ? language then
      texts := texts || pg_catalog.jsonb_build_object(language, restored -> 'translations' -> language);
    end if;
    restored := row_now || pg_catalog.jsonb_build_object('translations', texts);
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
$function$
;
