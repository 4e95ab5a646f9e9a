-- The audit trigger is told what names a row, so a new audited table needs one trigger line, not a
-- new copy of the trigger function (its third copy was 20241101002900_trash.sql's).
--
-- private.audit_row_change(label_column [, max_chars]): record_label is the row's `label_column`,
-- cut to max_chars (default 200); a row named by `user_id` is labelled with that user's email (an
-- operator's row). Without arguments the entry has no label (the settings row). Otherwise the
-- body is 20241101002900_trash.sql's: the action from labellens.audit_action when our functions
-- set it, a push's actor from its sent_by.

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
  label text;
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
  if tg_nargs = 0 then
    label := null;
  elsif tg_argv[0] = 'user_id' then
    label := (select u.email from auth.users u where u.id = (row_now ->> 'user_id')::uuid);
  else
    label := pg_catalog.left(row_now ->> tg_argv[0], coalesce(nullif(tg_argv[1], '')::integer, 200));
  end if;
  insert into public.audit_log (actor_id, actor_email, actor_role, action, resource, record_id, record_label, changes)
  values (actor, (select u.email from auth.users u where u.id = actor),
          (select a.role from public.admin_users a where a.user_id = actor),
          action, tg_table_name, row_now ->> 'id', label, diff);
  return null;
end
$$;
revoke all on function private.audit_row_change() from public, anon, authenticated;

-- The same triggers, each naming its label (the labels the function's CASE gave before).
drop trigger news_audit on public.news;
create trigger news_audit after insert or update or delete on public.news
  for each row execute function private.audit_row_change('title');
drop trigger health_tips_audit on public.health_tips;
create trigger health_tips_audit after insert or update or delete on public.health_tips
  for each row execute function private.audit_row_change('tip', '120');
drop trigger tags_audit on public.tags;
create trigger tags_audit after insert or update or delete on public.tags
  for each row execute function private.audit_row_change('label');
drop trigger admin_users_audit on public.admin_users;
create trigger admin_users_audit after insert or update or delete on public.admin_users
  for each row execute function private.audit_row_change('user_id');
drop trigger notifications_audit on public.notifications;
create trigger notifications_audit after insert or update on public.notifications
  for each row execute function private.audit_row_change('title');
drop trigger contact_messages_status_audit on public.contact_messages;
create trigger contact_messages_status_audit after update of status on public.contact_messages
  for each row when (old.status is distinct from new.status) execute function private.audit_row_change('email', '254');
drop trigger contact_messages_delete_audit on public.contact_messages;
create trigger contact_messages_delete_audit after delete on public.contact_messages
  for each row execute function private.audit_row_change('email', '254');
drop trigger contact_messages_undelete_audit on public.contact_messages;
create trigger contact_messages_undelete_audit after insert on public.contact_messages
  for each row when (pg_catalog.current_setting('labellens.audit_action', true) = 'undelete')
  execute function private.audit_row_change('email', '254');
-- admin_settings_audit keeps no arguments: the one settings row needs no name.
