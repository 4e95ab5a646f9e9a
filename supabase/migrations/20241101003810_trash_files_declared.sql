-- The objects a trashed row owns are those its resource declares: the object its upload field
-- names, in that field's bucket, by the URL the admin writes. private.trash_entry_objects() read
-- every field of a record and took any `…/storage/v1/object/public/<bucket>/<path>` in it, so an
-- editor could put a foreign host's URL naming an app user's label photo (scan-images) or avatar
-- into a tip or article, delete it, and have the owner's Delete forever or the purge (with the
-- service key) remove that object.
--
-- 1. private.storage_object_name(bucket, url): the object a URL names as the admin writes it.
-- 2. private.owned_objects(resource, record): the objects a row of a resource owns, by its upload
--    field (src/resources' UploadField); it replaces private.trash_entry_objects(record).
-- 3. private.named_objects() and private.remove_trash_entries() over it; the latter's trail names
--    the row's id (record_id, 20241101003800_trash_entries_own_id.sql), as before entries had ids
--    of their own.

create function private.storage_object_name(bucket text, url text) returns text
language sql immutable
set search_path = ''
as $_$
  -- The object a URL names as the admin writes it (src/storage/uploads.ts, Storage's getPublicUrl):
  -- an origin, then /storage/v1/object/public/<bucket>/<name>, nothing after. Any origin: the
  -- database does not know the project's URL (docs/architecture.md, "The trash").
  select (pg_catalog.regexp_match(url,
            '^https?://[^/?#]+/storage/v1/object/public/' || pg_catalog.regexp_replace(bucket, '([^a-z0-9])', '\\\1', 'g')
            || '/([^?#]+)$'))[1]
$_$;
revoke all on function private.storage_object_name(text, text) from public, anon, authenticated, service_role;

create function private.owned_objects(resource text, record jsonb)
returns table (bucket_id text, name text)
language sql immutable
set search_path = ''
as $$
  -- The upload fields, (table, column, bucket): src/resources' UploadField of each resource, which
  -- supabase/tests/trash.test.ts holds against this list. A row owns only the object its upload
  -- field names, in that field's bucket: no other field, no other bucket.
  select u.bucket_id, o.name
    from (values ('news', 'source_url_screenshot', 'news-screenshots')) u(resource, url_field, bucket_id),
         lateral (select private.storage_object_name(u.bucket_id, record ->> u.url_field) as name) o
   where u.resource = owned_objects.resource and o.name is not null
$$;
revoke all on function private.owned_objects(text, jsonb) from public, anon, authenticated, service_role;

create or replace function private.named_objects()
returns table (bucket_id text, name text)
language sql stable security definer
set search_path = ''
as $$
  -- The objects live rows' upload fields name (private.owned_objects's list), then those the
  -- trash's entries own.
  select 'news-screenshots'::text, o.name
    from public.news n,
         lateral (select private.storage_object_name('news-screenshots', n.source_url_screenshot) as name) o
   where o.name is not null
  union all
  select o.bucket_id, o.name from public.trash t, private.owned_objects(t.resource, t.record) o
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
           action, g.resource, g.record_id::text, g.label,
           jsonb_build_object('deleted_at', jsonb_build_object('old', g.deleted_at, 'new', null))
      from gone g
  )
  select coalesce(jsonb_agg(jsonb_build_object('resource', g.resource, 'record', g.record)), '[]')
    into records from gone g;
  -- The objects the entries' rows owned that no live row and no other entry names.
  select coalesce(jsonb_agg(distinct jsonb_build_object('bucket_id', o.bucket_id, 'name', o.name)), '[]')
    into files
    from jsonb_array_elements(records) r(entry), private.owned_objects(r.entry ->> 'resource', r.entry -> 'record') o
   where not exists (select 1 from private.named_objects() n where n.bucket_id = o.bucket_id and n.name = o.name);
  return files;
end
$$;

drop function private.trash_entry_objects(jsonb);
