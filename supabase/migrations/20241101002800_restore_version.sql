-- Every version restorable (docs/architecture.md: "Audit trail", "Restoring a version").
--
-- The audit trail (20241101001100_mfa_audit.sql) holds, per change of a row, every changed field's
-- old and new value. A version is the row as it stood right after one of its entries. Walking the
-- trail back from the row as it is now rebuilds it: a field's value at that version is the "old"
-- value of the first later entry that changed it, or, if none did, its value now. This needs no
-- insert entry (rows older than the retention period, or than the trail, still have versions).
--
-- 1. private.restorable_columns(resource): the fixed allow-list of tables that have versions and
--    the columns an operator edits (ids, created_at and updated_at are never written back).
-- 2. public.admin_record_version(resource, record_id, entry_id): a version's values, for the
--    History tab to show what differs from the current row. Same roles as writing the table.
-- 3. public.admin_restore_version(resource, record_id, entry_id): writes a version's values back
--    as a new change. Content (news, health tips, tags): owners and editors, as the tables' write
--    policies; settings: owners, through private.update_admin_settings() so its rules hold (no one
--    requires an authenticator app without having one). The trail records it with action 'restore'
--    and `restored_from` (the entry id) among the changes. A news screenshot whose Storage object
--    is gone is not restored (the row keeps the one it has): no restore makes a broken image.
-- 4. private.audit_row_change() (20241101001700_operator_roles.sql's) takes the action from the
--    transaction setting labellens.audit_action when the restore function set it.

-- ---------------------------------------------------------------------------------------------
-- 1. What has versions

create function private.restorable_columns(resource text) returns text[]
language sql immutable
set search_path = ''
as $$
  -- Table names come only from this list; request text never becomes SQL.
  select case resource
    when 'news' then array['title', 'content', 'source_url', 'source_url_screenshot']
    when 'health_tips' then array['tip']
    when 'tags' then array['key', 'label', 'icon', 'color', 'category', 'is_active', 'sort_order']
    when 'admin_settings' then array['mfa_required', 'audit_retention_days']
  end
$$;

-- Whether the caller may write that resource: the roles of its write policies
-- (20241101001700_operator_roles.sql: content for owners and editors, settings for owners).
create function private.may_restore(resource text) returns boolean
language sql stable
set search_path = ''
as $$
  select case
    when resource = 'admin_settings' then public.has_admin_role('owner')
    when private.restorable_columns(resource) is not null then public.has_admin_role('owner', 'editor')
    else false
  end
$$;

-- The version after entry `entry_id` of the row (resource, record_id), editable columns only; raises
-- P0002 when the entry is not a version of that row (a delete, another row) or the row is gone.
create function private.record_version(resource text, record_id text, entry_id bigint) returns jsonb
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
    -- The (resource, record_id, occurred_at, id) index serves this range.
    select a.changes -> col -> 'old' into earlier
      from public.audit_log a
     where a.resource = record_version.resource
       and a.record_id = record_version.record_id
       and (a.occurred_at, a.id) > (target.occurred_at, target.id)
       and jsonb_typeof(a.changes -> col) = 'object'
     order by a.occurred_at, a.id
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
revoke all on function private.restorable_columns(text), private.may_restore(text),
  private.record_version(text, text, bigint) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- 2. Reading a version

create function public.admin_record_version(resource text, record_id text, entry_id bigint) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not private.may_restore(resource) then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return private.record_version(resource, record_id, entry_id);
end
$$;
revoke all on function public.admin_record_version(text, text, bigint) from public, anon;
grant execute on function public.admin_record_version(text, text, bigint) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- 3. Restoring a version

create function public.admin_restore_version(resource text, record_id text, entry_id bigint) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  version jsonb;
  columns text[] := private.restorable_columns(resource);
  result jsonb;
begin
  if not private.may_restore(resource) then
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
$$;
revoke all on function public.admin_restore_version(text, text, bigint) from public, anon;
grant execute on function public.admin_restore_version(text, text, bigint) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- 4. The trail says it was a restore

-- 20241101001700_operator_roles.sql's entry, with the action and `restored_from` taken from the
-- restore function's transaction settings (no API role can set them: PostgREST sets only its own
-- request.* settings, and set_config is not exposed).
create or replace function private.audit_row_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - 'updated_at' end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - 'updated_at' end;
  row_now jsonb := coalesce(new_row, old_row);
  diff jsonb;
  actor uuid := auth.uid();
  action text := lower(tg_op);
begin
  select coalesce(jsonb_object_agg(k.key, jsonb_build_object('old', old_row -> k.key, 'new', new_row -> k.key)), '{}')
    into diff
    from jsonb_object_keys(row_now) as k(key)
   where (old_row -> k.key) is distinct from (new_row -> k.key);
  if tg_op = 'UPDATE' and diff = '{}' then
    return null;
  end if;
  if tg_op = 'UPDATE' and coalesce(current_setting('labellens.audit_action', true), '') = 'restore' then
    action := 'restore';
    diff := diff || jsonb_build_object('restored_from', current_setting('labellens.restored_from', true)::bigint);
  end if;
  if actor is null and tg_table_name = 'notifications' then
    actor := (row_now ->> 'sent_by')::uuid;
  end if;
  insert into public.audit_log (actor_id, actor_email, actor_role, action, resource, record_id, record_label, changes)
  values (actor, (select u.email from auth.users u where u.id = actor),
          (select a.role from public.admin_users a where a.user_id = actor),
          action, tg_table_name, row_now ->> 'id',
          case tg_table_name
            when 'news' then row_now ->> 'title'
            when 'health_tips' then pg_catalog.left(row_now ->> 'tip', 120)
            when 'tags' then row_now ->> 'label'
            when 'admin_users' then (select u.email from auth.users u where u.id = (row_now ->> 'user_id')::uuid)
            when 'contact_messages' then row_now ->> 'email'
            when 'notifications' then row_now ->> 'title'
          end,
          diff);
  return null;
end
$$;
revoke all on function private.audit_row_change() from public, anon, authenticated;
