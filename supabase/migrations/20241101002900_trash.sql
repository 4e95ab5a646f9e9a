-- A trash (docs/architecture.md, "The trash").
--
-- Deleting a news article, health tip, tag or contact message moves it to public.trash: the row
-- leaves its table (so every reader, the app's included, and Realtime see a plain delete, and lists
-- cost what they cost before), and its whole row waits in the trash until someone restores it, an
-- owner deletes it forever, or the retention period (admin_settings.trash_retention_days) ends.
--
-- 1. admin_settings.trash_retention_days, beside the audit retention; update_admin_settings() takes it.
-- 2. public.trash: one entry per deleted row (the row as jsonb, what names it, who may restore it,
--    who deleted it and when). Operators read the entries their role may restore; nobody writes it
--    but the functions below.
-- 3. private.move_to_trash(label_column, roles): the statement trigger that fills it. A table gets a
--    trash by one trigger line naming the column that names a row and the roles that may delete
--    it (the same roles as its delete policy); see docs/adding-a-resource.md.
-- 4. Contact messages can be deleted (owners and support, the inbox's roles), and their deletes
--    and restores are in the trail like content's.
-- 5. public.admin_restore_trashed(ids): the same rows back (same id, every field); refused rows
--    (a tag whose key was taken meanwhile) stay in the trash and are reported.
-- 6. public.admin_delete_forever(ids): owners; answers the Storage objects the rows named, for the
--    caller to remove through the Storage API (SQL must not delete objects: storage.protect_delete).
-- 7. public.purge_trash(): the retention purge, for the purge-trash edge function (service_role),
--    with private.orphan_objects(): uploaded objects that no row and no trash entry names.
-- 8. private.audit_row_change(): the action comes from the transaction's labellens.audit_action
--    when a function of ours set it ('restore', 'undelete').

-- ---------------------------------------------------------------------------------------------
-- 1. The retention setting

alter table public.admin_settings
  add column trash_retention_days integer not null default 30
    constraint admin_settings_trash_retention_days_range check (trash_retention_days between 1 and 365);

-- 20241101001100_mfa_audit.sql's body with the new setting (owners only, checked by the public one).
drop function public.update_admin_settings(boolean, integer);
drop function private.update_admin_settings(boolean, integer);
create function private.update_admin_settings(mfa_required boolean default null, audit_retention_days integer default null,
                                              trash_retention_days integer default null)
returns public.admin_settings
language plpgsql security definer
set search_path = ''
as $$
declare
  result public.admin_settings;
begin
  if mfa_required and not (
    private.has_verified_factor(auth.uid()) and coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
  ) then
    raise exception 'Set up your own authenticator app and sign in with it before requiring one'
      using errcode = '42501';
  end if;
  update public.admin_settings s
     set mfa_required = coalesce(update_admin_settings.mfa_required, s.mfa_required),
         audit_retention_days = coalesce(update_admin_settings.audit_retention_days, s.audit_retention_days),
         trash_retention_days = coalesce(update_admin_settings.trash_retention_days, s.trash_retention_days),
         updated_at = now(),
         updated_by = auth.uid()
   where s.id = 1
  returning * into result;
  return result;
end
$$;
revoke all on function private.update_admin_settings(boolean, integer, integer) from public, anon, authenticated, service_role;

create function public.update_admin_settings(mfa_required boolean default null, audit_retention_days integer default null,
                                             trash_retention_days integer default null)
returns public.admin_settings
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.has_admin_role('owner') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return private.update_admin_settings(mfa_required, audit_retention_days, trash_retention_days);
end
$$;
revoke all on function public.update_admin_settings(boolean, integer, integer) from public, anon;
grant execute on function public.update_admin_settings(boolean, integer, integer) to authenticated;

-- Every operator reads the retention (the Trash screen says when entries go); the rest of the
-- settings stay owners' (admin_settings' own policy).
create function public.admin_trash_retention_days() returns integer
language sql stable security definer
set search_path = ''
as $$
  select s.trash_retention_days from public.admin_settings s where s.id = 1 and public.is_admin()
$$;
revoke all on function public.admin_trash_retention_days() from public, anon;
grant execute on function public.admin_trash_retention_days() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- 2. The trash

create table public.trash (
  -- The deleted row's own id: ids are uuids from gen_random_uuid(), unique across tables.
  id uuid primary key,
  resource text not null constraint trash_resource_known
    check (resource in ('news', 'health_tips', 'tags', 'contact_messages')),
  record jsonb not null constraint trash_record_object check (jsonb_typeof(record) = 'object'),
  label text not null default '',
  -- The operator roles that may restore it (those of the table's delete policy, from its trigger).
  restorers text[] not null,
  deleted_at timestamptz not null default now(),
  deleted_by uuid references auth.users (id) on delete set null,
  deleted_by_email text
);
comment on table public.trash is
  'Rows deleted from tables with a trash (private.move_to_trash), kept until restored, deleted forever or purged past admin_settings.trash_retention_days.';
alter table public.trash enable row level security;

-- The Trash screen's order and the purge's range; the label and the deleter are searched.
create index trash_deleted_at_idx on public.trash (deleted_at desc, id desc);
create index trash_resource_idx on public.trash (resource, deleted_at desc, id desc);

create policy "Operators read what their role may restore" on public.trash for select to authenticated
  using ((select public.admin_role()) = any (restorers));
revoke all on public.trash from anon, authenticated;
grant select on public.trash to authenticated;

-- ---------------------------------------------------------------------------------------------
-- 3. Deleting moves rows to the trash

create function private.move_to_trash() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  -- tg_argv: the column that names a row, then the roles that may delete (and so restore) one.
  insert into public.trash as t (id, resource, record, label, restorers, deleted_by, deleted_by_email)
  select (pg_catalog.to_jsonb(g) ->> 'id')::uuid, tg_table_name, pg_catalog.to_jsonb(g),
         pg_catalog.left(coalesce(pg_catalog.to_jsonb(g) ->> tg_argv[0], ''), 200),
         pg_catalog.string_to_array(tg_argv[1], ','), auth.uid(),
         (select u.email from auth.users u where u.id = auth.uid())
    from gone g
  -- Deleted again after a restore: the newer deletion is the one kept.
  on conflict (id) do update
     set record = excluded.record, label = excluded.label, restorers = excluded.restorers,
         deleted_at = excluded.deleted_at, deleted_by = excluded.deleted_by,
         deleted_by_email = excluded.deleted_by_email;
  return null;
end
$$;
revoke all on function private.move_to_trash() from public, anon, authenticated;

create trigger news_to_trash after delete on public.news
  referencing old table as gone for each statement execute function private.move_to_trash('title', 'owner,editor');
create trigger health_tips_to_trash after delete on public.health_tips
  referencing old table as gone for each statement execute function private.move_to_trash('tip', 'owner,editor');
create trigger tags_to_trash after delete on public.tags
  referencing old table as gone for each statement execute function private.move_to_trash('label', 'owner,editor');
create trigger contact_messages_to_trash after delete on public.contact_messages
  referencing old table as gone for each statement execute function private.move_to_trash('email', 'owner,support');

-- ---------------------------------------------------------------------------------------------
-- 4. Contact messages: deletable by the inbox's roles, deletes and restores audited

grant delete on public.contact_messages to authenticated;
create policy "Inbox operators remove contact messages" on public.contact_messages for delete to authenticated
  using ((select public.has_admin_role('owner', 'support')));
create trigger contact_messages_delete_audit after delete on public.contact_messages
  for each row execute function private.audit_row_change();
-- A visitor's message arriving is not an operator's action; one coming back from the trash is.
create trigger contact_messages_undelete_audit after insert on public.contact_messages
  for each row when (pg_catalog.current_setting('labellens.audit_action', true) = 'undelete')
  execute function private.audit_row_change();

-- ---------------------------------------------------------------------------------------------
-- 5. Restore

-- Answers {"restored": [ids], "refused": [ids]}: ids the caller may not restore or that are not in
-- the trash are refused as well, so the answer says nothing about rows the caller may not see.
create function public.admin_restore_trashed(ids uuid[]) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  role text := public.admin_role();
  resource_name text;
  inserted uuid[];
  restored uuid[] := '{}';
begin
  if role is null then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  perform pg_catalog.set_config('labellens.audit_action', 'undelete', true);
  for resource_name in
    select distinct t.resource from public.trash t where t.id = any (ids) and role = any (t.restorers)
  loop
    -- The table name is one of trash_resource_known's literals, quoted; the ids are bound. A row
    -- that no longer fits (a unique key taken meanwhile) is skipped and stays in the trash.
    execute pg_catalog.format(
      'with back as (
         insert into public.%1$I
         select (pg_catalog.jsonb_populate_record(null::public.%1$I, t.record)).*
           from public.trash t
          where t.id = any ($1) and t.resource = %2$L and $2 = any (t.restorers)
         on conflict do nothing
         returning id)
       select coalesce(pg_catalog.array_agg(id), ''{}'') from back',
      resource_name, resource_name)
      into inserted
      using ids, role;
    delete from public.trash t where t.id = any (inserted);
    restored := restored || inserted;
  end loop;
  perform pg_catalog.set_config('labellens.audit_action', '', true);
  return jsonb_build_object(
    'restored', pg_catalog.to_jsonb(restored),
    'refused', pg_catalog.to_jsonb(array(select i from unnest(ids) i where i <> all (restored))));
end
$$;
revoke all on function public.admin_restore_trashed(uuid[]) from public, anon;
grant execute on function public.admin_restore_trashed(uuid[]) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- 6. Delete forever

-- The objects of this project's Storage that a trash entry's row names by public URL
-- (`…/storage/v1/object/public/<bucket>/<name>`, how src/storage/uploads.ts saves them).
create function private.trash_entry_objects(record jsonb)
returns table (bucket_id text, name text)
language sql immutable
set search_path = ''
as $$
  select m[1], m[2]
    from pg_catalog.jsonb_each_text(record) e,
         pg_catalog.regexp_match(e.value, '/storage/v1/object/public/([^/?#]+)/([^?#]+)$') m
   where m is not null
$$;
revoke all on function private.trash_entry_objects(jsonb) from public, anon, authenticated;

-- Removes entries and writes their trail entries; answers the objects they named (percent-encoded
-- names decoded as Storage stores them: uploads use [0-9a-f-] and an extension, so none are).
create function private.remove_trash_entries(ids uuid[], action text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  files jsonb;
begin
  with gone as (
    delete from public.trash t where t.id = any (ids) returning t.*
  ), trail as (
    insert into public.audit_log (actor_id, actor_email, actor_role, action, resource, record_id, record_label, changes)
    select auth.uid(), (select u.email from auth.users u where u.id = auth.uid()), public.admin_role(),
           action, g.resource, g.id::text, g.label,
           jsonb_build_object('deleted_at', jsonb_build_object('old', g.deleted_at, 'new', null))
      from gone g
  )
  select coalesce(jsonb_agg(jsonb_build_object('bucket_id', o.bucket_id, 'name', o.name)), '[]')
    into files
    from gone g, private.trash_entry_objects(g.record) o;
  return files;
end
$$;
revoke all on function private.remove_trash_entries(uuid[], text) from public, anon, authenticated;

-- Owners only. Answers {"deleted": n, "files": [{bucket_id, name}]}.
create function public.admin_delete_forever(ids uuid[]) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  kept uuid[];
  files jsonb;
begin
  if not public.has_admin_role('owner') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  select coalesce(array_agg(t.id), '{}') into kept from public.trash t where t.id = any (ids);
  files := private.remove_trash_entries(kept, 'delete_forever');
  return jsonb_build_object('deleted', pg_catalog.cardinality(kept), 'files', files);
end
$$;
revoke all on function public.admin_delete_forever(uuid[]) from public, anon;
grant execute on function public.admin_delete_forever(uuid[]) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- 7. The retention purge and the orphan check

-- Entries older than the retention period go, in the trail as 'purge' by the system. Answers
-- {"purged": n, "files": [{bucket_id, name}]} for the purge-trash function to remove from Storage.
create function public.purge_trash() returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  expired uuid[];
begin
  select coalesce(array_agg(t.id), '{}') into expired
    from public.trash t
   where t.deleted_at < now() - make_interval(days => (
           select s.trash_retention_days from public.admin_settings s where s.id = 1));
  return jsonb_build_object('purged', pg_catalog.cardinality(expired),
                            'files', private.remove_trash_entries(expired, 'purge'));
end
$$;
revoke all on function public.purge_trash() from public, anon, authenticated;
grant execute on function public.purge_trash() to service_role;

-- Objects of the buckets that hold records' uploads that neither a row nor a trash entry names,
-- older than `min_age` (a save in progress has uploaded its file and not yet written its row).
-- The (bucket, table, column) of every upload field: src/storage/uploads.ts's UploadField of each
-- resource, which supabase/tests/trash.test.ts holds against this list.
create function public.orphan_objects(min_age interval default interval '1 day')
returns table (bucket_id text, name text, created_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  with named as (
    select 'news-screenshots'::text as bucket_id,
           (pg_catalog.regexp_match(n.source_url_screenshot,
              '/storage/v1/object/public/news-screenshots/([^?#]+)$'))[1] as name
      from public.news n
     where n.source_url_screenshot is not null
    union all
    select o.bucket_id, o.name from public.trash t, private.trash_entry_objects(t.record) o
  )
  select o.bucket_id, o.name, o.created_at
    from storage.objects o
   where o.bucket_id in ('news-screenshots')
     and o.created_at < now() - min_age
     and not exists (select 1 from named n where n.bucket_id = o.bucket_id and n.name = o.name)
   order by o.created_at, o.name
$$;
revoke all on function public.orphan_objects(interval) from public, anon, authenticated;
grant execute on function public.orphan_objects(interval) to service_role;

-- ---------------------------------------------------------------------------------------------
-- 8. The trail's action from our functions

-- 20241101002800_restore_version.sql's entry, with the action taken from labellens.audit_action for
-- any operation (a row coming back from the trash is an 'undelete', not an 'insert'); no API role
-- can set it (PostgREST sets only its request.* settings, and set_config is not exposed).
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
  action text := coalesce(nullif(current_setting('labellens.audit_action', true), ''), lower(tg_op));
begin
  select coalesce(jsonb_object_agg(k.key, jsonb_build_object('old', old_row -> k.key, 'new', new_row -> k.key)), '{}')
    into diff
    from jsonb_object_keys(row_now) as k(key)
   where (old_row -> k.key) is distinct from (new_row -> k.key);
  if tg_op = 'UPDATE' and diff = '{}' then
    return null;
  end if;
  if tg_op = 'UPDATE' and action = 'restore' then
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
