-- Deleting forever or purging a trash entry removes only the objects no live row and no other trash
-- entry still names. 20241101002900_trash.sql answered every object an entry's row named by a
-- public-URL path, whatever the URL's host: an editor could give an article the URL
-- `https://elsewhere.example/storage/v1/object/public/news-screenshots/<another article's file>`
-- (any http URL is a valid screenshot URL), delete it, and the owner's Delete forever or the purge
-- then removed the other, live article's screenshot. The database does not know the project's own
-- URL, so it keeps every object something still names, which is also the rule "a file goes with
-- its record, never before".
--
-- 1. private.named_objects(): the objects rows and trash entries name (what orphan_objects() kept).
-- 2. public.orphan_objects(): 20241101002900_trash.sql's, over private.named_objects().
-- 3. private.remove_trash_entries(): removes the entries first, then answers their objects that
--    nothing names any more (a second statement, so it sees the entries gone).

create function private.named_objects()
returns table (bucket_id text, name text)
language sql stable security definer
set search_path = ''
as $$
  -- The (bucket, table, column) of every upload field: src/storage/uploads.ts's UploadField of each
  -- resource, which supabase/tests/trash.test.ts holds against this list.
  select 'news-screenshots'::text,
         (pg_catalog.regexp_match(n.source_url_screenshot,
            '/storage/v1/object/public/news-screenshots/([^?#]+)$'))[1]
    from public.news n
   where n.source_url_screenshot is not null
  union all
  select o.bucket_id, o.name from public.trash t, private.trash_entry_objects(t.record) o
$$;
revoke all on function private.named_objects() from public, anon, authenticated;

create or replace function public.orphan_objects(min_age interval default interval '1 day')
returns table (bucket_id text, name text, created_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select o.bucket_id, o.name, o.created_at
    from storage.objects o
   where o.bucket_id in ('news-screenshots')
     and o.created_at < now() - min_age
     and not exists (select 1 from private.named_objects() n where n.bucket_id = o.bucket_id and n.name = o.name)
   order by o.created_at, o.name
$$;

create or replace function private.remove_trash_entries(ids uuid[], action text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  records jsonb;
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
  select coalesce(jsonb_agg(g.record), '[]') into records from gone g;
  select coalesce(jsonb_agg(distinct jsonb_build_object('bucket_id', o.bucket_id, 'name', o.name)), '[]')
    into files
    from jsonb_array_elements(records) r(record), private.trash_entry_objects(r.record) o
   where not exists (select 1 from private.named_objects() n where n.bucket_id = o.bucket_id and n.name = o.name);
  return files;
end
$$;
revoke all on function private.remove_trash_entries(uuid[], text) from public, anon, authenticated;
