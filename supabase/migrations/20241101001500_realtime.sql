-- Realtime (docs/architecture.md, "Live data"): what the admin follows as it changes.
--
-- 1. The tables whose changes Supabase Realtime sends, added to the `supabase_realtime` publication
--    that every hosted project has (created empty by supabase/postgres; the stand-in's platform SQL
--    creates it the same way). Only these tables are live; each has row-level security, which
--    Realtime applies per subscriber (an insert or update reaches only those who may select it).
-- 2. news, health_tips and tags keep an updated_at, set by the database, so an edit dialog can tell
--    that someone saved a newer version while it was open.

-- ---------------------------------------------------------------------------------------------
-- 1. The live tables
alter publication supabase_realtime add table
  public.scans, public.profiles, public.chats, public.news, public.health_tips, public.tags,
  public.contact_messages, public.audit_log;

-- ---------------------------------------------------------------------------------------------
-- 2. updated_at on the content tables
alter table public.news add column updated_at timestamptz not null default now();
alter table public.health_tips add column updated_at timestamptz not null default now();
alter table public.tags add column updated_at timestamptz not null default now();
update public.news set updated_at = created_at;
update public.health_tips set updated_at = created_at;
update public.tags set updated_at = created_at;

-- Only when something else changed: saving an unchanged form is not a newer version.
create trigger news_set_updated_at before update on public.news
  for each row when (old is distinct from new) execute function public.set_updated_at();
create trigger health_tips_set_updated_at before update on public.health_tips
  for each row when (old is distinct from new) execute function public.set_updated_at();
create trigger tags_set_updated_at before update on public.tags
  for each row when (old is distinct from new) execute function public.set_updated_at();

-- The audit trail lists the fields an operator changed; updated_at follows every change and would
-- only repeat the entry's own time, so it is left out of the changed fields.
create or replace function private.audit_row_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - 'updated_at' end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - 'updated_at' end;
  diff jsonb;
  actor uuid := auth.uid();
begin
  select coalesce(jsonb_object_agg(k.key, jsonb_build_object('old', old_row -> k.key, 'new', new_row -> k.key)), '{}')
    into diff
    from jsonb_object_keys(coalesce(new_row, old_row)) as k(key)
   where (old_row -> k.key) is distinct from (new_row -> k.key);
  if tg_op = 'UPDATE' and diff = '{}' then
    return null;
  end if;
  if actor is null and tg_table_name = 'notifications' then
    actor := (coalesce(new_row, old_row) ->> 'sent_by')::uuid;
  end if;
  insert into public.audit_log (actor_id, actor_email, action, resource, record_id, changes)
  values (actor, (select u.email from auth.users u where u.id = actor), lower(tg_op), tg_table_name,
          coalesce(new_row, old_row) ->> 'id', diff);
  return null;
end
$$;
revoke all on function private.audit_row_change() from public, anon, authenticated;
