-- Each trash entry has its own identity (its own id); the deleted row's id is record_id.
-- 20241101002900_trash.sql keyed an entry by the deleted row's id and, on a second delete with the
-- same id, replaced its record but kept its table name. Operators may choose the id of a news
-- article, tip or tag they create, so an editor who created one with the id of support's trashed
-- contact message and deleted it destroyed that entry (its restore failed with 23502): in effect
-- an editor's Delete forever of support's entries.
--
-- 1. public.trash: record_id (the row's id, which the record holds too), id its own (a new uuid per
--    entry; the entries here keep theirs, their rows' ids), an index for a row's entries.
-- 2. private.move_to_trash(): a new entry for every deleted row, never an update of another.
-- 3. public.admin_restore_trashed(ids): ids are entries' ids; of several entries of one row the
--    newest deletion is tried; the answer adds id_taken, the refused entries whose row's id is in
--    use again, so the Trash can say why.
-- (private.remove_trash_entries(), whose trail names the row's id, follows in
-- 20241101003810_trash_files_declared.sql.)

alter table public.trash add column record_id uuid;
update public.trash set record_id = id;
alter table public.trash alter column record_id set not null;
alter table public.trash alter column id set default gen_random_uuid();
alter table public.trash add constraint trash_record_id_is_the_rows check ((record ->> 'id') = record_id::text);
create index trash_record_idx on public.trash using btree (resource, record_id);

create or replace function private.move_to_trash() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  -- tg_argv: the column that names a row, then the roles that may delete (and so restore) one.
  -- Every deleted row is a new entry with its own id: a later delete of a row with the same id (the
  -- same row after a restore, or a row of another table) never changes an entry already here.
  insert into public.trash (record_id, resource, record, label, restorers, deleted_by, deleted_by_email)
  select (pg_catalog.to_jsonb(g) ->> 'id')::uuid, tg_table_name, pg_catalog.to_jsonb(g),
         pg_catalog.left(coalesce(pg_catalog.to_jsonb(g) ->> tg_argv[0], ''), 200),
         pg_catalog.string_to_array(tg_argv[1], ','), auth.uid(),
         (select u.email from auth.users u where u.id = auth.uid())
    from gone g;
  return null;
end
$$;

create or replace function public.admin_restore_trashed(ids uuid[]) returns jsonb
language plpgsql security definer
set search_path = ''
as $_$
declare
  role text := public.admin_role();
  resource_name text;
  inserted uuid[];
  taken uuid[];
  restored uuid[] := '{}';
  id_taken uuid[] := '{}';
begin
  if role is null then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  perform pg_catalog.set_config('labellens.audit_action', 'undelete', true);
  for resource_name in
    select distinct t.resource from public.trash t where t.id = any (ids) and role = any (t.restorers)
  loop
    -- The table name is one of trash_resource_known's literals, quoted; the ids are bound. Of several
    -- entries of one row, the newest deletion is tried. A row that no longer fits (its id or a unique
    -- key taken meanwhile) is skipped and its entry stays.
    execute pg_catalog.format(
      'with chosen as (
         select distinct on (t.record_id) t.id, t.record_id, t.record
           from public.trash t
          where t.id = any ($1) and t.resource = %2$L and $2 = any (t.restorers)
          order by t.record_id, t.deleted_at desc, t.id desc),
       back as (
         insert into public.%1$I
         select (pg_catalog.jsonb_populate_record(null::public.%1$I, c.record)).* from chosen c
         on conflict do nothing
         returning id)
       select coalesce(pg_catalog.array_agg(c.id), ''{}'') from chosen c join back b on b.id = c.record_id',
      resource_name, resource_name)
      into inserted
      using ids, role;
    -- The entries left whose row's id is in use now (by a new row, or by the one just restored).
    execute pg_catalog.format(
      'select coalesce(pg_catalog.array_agg(t.id), ''{}'')
         from public.trash t
        where t.id = any ($1) and t.resource = %2$L and $2 = any (t.restorers) and t.id <> all ($3)
          and exists (select 1 from public.%1$I r where r.id = t.record_id)',
      resource_name, resource_name)
      into taken
      using ids, role, inserted;
    delete from public.trash t where t.id = any (inserted);
    restored := restored || inserted;
    id_taken := id_taken || taken;
  end loop;
  perform pg_catalog.set_config('labellens.audit_action', '', true);
  return jsonb_build_object(
    'restored', pg_catalog.to_jsonb(restored),
    'refused', pg_catalog.to_jsonb(array(select i from unnest(ids) i where i <> all (restored))),
    'id_taken', pg_catalog.to_jsonb(id_taken));
end
$_$;
