-- One rule for who sees a record's history (its versions in the audit trail): whoever may restore
-- a record's versions reads every entry of it, whichever operator made it; nobody else reads any of
-- them, by any path (their own entries included). Before, the trail's policy showed editors only
-- their own entries while admin_record_version rebuilt any entry's values for them.
--
-- private.versions() is the one list of versioned resources: their restorable columns and the roles
-- that may restore them (supabase/tests/recordHistory.test.ts checks the roles against the
-- registry's `edit` access). public.record_history_access() applies it to the caller; the trail's
-- select policy, admin_person's audit section, admin_record_version and admin_restore_version ask it.

create function private.versions() returns table (resource text, columns text[], restorers text[])
language sql immutable
set search_path = ''
as $$
  -- The one list of versioned resources: their restorable columns and the roles that may restore
  -- them (the roles whose access grants `edit`, supabase/tests/recordHistory.test.ts).
  values
    ('news', array['title', 'content', 'source_url', 'source_url_screenshot'], array['owner', 'editor']),
    ('health_tips', array['tip'], array['owner', 'editor']),
    ('tags', array['key', 'label', 'icon', 'color', 'category', 'is_active', 'sort_order'], array['owner', 'editor']),
    ('admin_settings', array['mfa_required', 'audit_retention_days'], array['owner'])
$$;
revoke all on function private.versions() from public, anon, authenticated, service_role;

create or replace function private.restorable_columns(resource text) returns text[]
language sql immutable
set search_path = ''
as $$
  -- Table names come only from this list; request text never becomes SQL.
  select v.columns from private.versions() v where v.resource = restorable_columns.resource
$$;

create function public.record_history_access(out readable text[], out hidden text[]) returns record
language sql stable security definer
set search_path = ''
as $$
  -- The one rule for a record's history (its versions in the audit trail): whoever may restore a
  -- record's versions reads every entry of it, whichever operator made it; nobody else reads any of
  -- them (their own included). Asked by the trail's select policy, admin_person, admin_record_version
  -- and admin_restore_version.
  select coalesce(array_agg(v.resource order by v.resource) filter (where me.role = any (v.restorers)), '{}'),
         coalesce(array_agg(v.resource order by v.resource) filter (where me.role is null or not me.role = any (v.restorers)), '{}')
    from private.versions() v
   cross join (select public.admin_role() as role) me
$$;
revoke all on function public.record_history_access() from public, anon, authenticated, service_role;
grant execute on function public.record_history_access() to authenticated, service_role;
comment on function public.record_history_access() is
  'The versioned resources whose records'' history the caller reads in full (those whose versions it may restore) and those whose history it reads none of.';

create or replace function public.admin_record_version(resource text, record_id text, entry_id bigint) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not resource = any ((public.record_history_access()).readable) then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return private.record_version(resource, record_id, entry_id);
end
$$;

create or replace function public.admin_restore_version(resource text, record_id text, entry_id bigint) returns jsonb
language plpgsql security definer
set search_path = ''
as $_$
declare
  version jsonb;
  columns text[] := private.restorable_columns(resource);
  result jsonb;
begin
  if not resource = any ((public.record_history_access()).readable) then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  version := private.record_version(resource, record_id, entry_id);
  -- Read by private.audit_row_change(); transaction-local, cleared again below.
  perform pg_catalog.set_config('labellens.audit_action', 'restore', true);
  perform pg_catalog.set_config('labellens.restored_from', entry_id::text, true);
  if resource = 'admin_settings' then
    perform private.update_admin_settings((version ->> 'mfa_required')::boolean,
                                          (version ->> 'audit_retention_days')::integer);
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
      using version, record_id;
  end if;
  perform pg_catalog.set_config('labellens.audit_action', '', true);
  perform pg_catalog.set_config('labellens.restored_from', '', true);
  return result;
end
$_$;

drop function private.may_restore(text);

-- Both lookups are initplans, run once per statement, not per row.
drop policy "Owners read the audit log, operators their own entries" on public.audit_log;
create policy "Restorers read a record's history, owners the rest, operators their own" on public.audit_log
  for select to authenticated
  using (
    resource = any ((select h.readable from public.record_history_access() h)::text[])
    or (((select public.has_admin_role('owner')) or (actor_id = (select auth.uid()) and (select public.is_admin())))
        and not resource = any ((select h.hidden from public.record_history_access() h)::text[]))
  );
