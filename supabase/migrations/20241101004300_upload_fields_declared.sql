-- Written by npm run db:diff from supabase/schemas/ (docs/schema-first.md).

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.upload_fields()
 RETURNS TABLE(resource text, url_field text, bucket_id text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- A resource's upload field is declared once, with its table (its schema file): a comment on the
  -- column keeping the object's public URL that begins `upload: <bucket>` (src/resources' UploadField,
  -- which supabase/tests/sqlLists.test.ts holds against this). The trash's file clean-up and the
  -- orphan check read it here.
  select c.relname::text, a.attname::text,
         (pg_catalog.regexp_match(d.description, '^upload: ([a-z0-9][a-z0-9_-]*)'))[1]
    from pg_catalog.pg_description d
    join pg_catalog.pg_class c on c.oid = d.objoid
    join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = d.objsubid
   where d.classoid = 'pg_catalog.pg_class'::pg_catalog.regclass and d.objsubid > 0
     and c.relnamespace = 'public'::pg_catalog.regnamespace and c.relkind = 'r'
     and d.description ~ '^upload: [a-z0-9]'
$function$
;

CREATE OR REPLACE FUNCTION private.named_objects()
 RETURNS TABLE(bucket_id text, name text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  field record;
begin
  -- The objects live rows' upload fields name (private.upload_fields: table and column names come
  -- from the catalog and reach SQL only as quoted identifiers), then those the trash's entries own.
  for field in select * from private.upload_fields() loop
    return query execute pg_catalog.format(
      'select %L::text, o.name from public.%I r, lateral (select private.storage_object_name(%L, r.%I) as name) o where o.name is not null',
      field.bucket_id, field.resource, field.bucket_id, field.url_field);
  end loop;
  return query select o.bucket_id, o.name from public.trash t, private.owned_objects(t.resource, t.record) o;
end
$function$
;

CREATE OR REPLACE FUNCTION private.owned_objects(resource text, record jsonb)
 RETURNS TABLE(bucket_id text, name text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- The upload fields (private.upload_fields). A row owns only the object its upload field names,
  -- in that field's bucket: no other field, no other bucket.
  select u.bucket_id, o.name
    from private.upload_fields() u,
         lateral (select private.storage_object_name(u.bucket_id, record ->> u.url_field) as name) o
   where u.resource = owned_objects.resource and o.name is not null
$function$
;

CREATE OR REPLACE FUNCTION public.orphan_objects(min_age interval DEFAULT '1 day'::interval)
 RETURNS TABLE(bucket_id text, name text, created_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select o.bucket_id, o.name, o.created_at
    from storage.objects o
   where o.bucket_id in (select u.bucket_id from private.upload_fields() u)
     and o.created_at < now() - min_age
     and not exists (select 1 from private.named_objects() n where n.bucket_id = o.bucket_id and n.name = o.name)
   order by o.created_at, o.name
$function$
;

COMMENT ON COLUMN public.news.source_url_screenshot IS 'upload: news-screenshots. The public URL of the screenshot the admin uploaded (src/storage/uploads.ts), or any other address; private.upload_fields reads this declaration for the trash''s file clean-up and the orphan check.';

REVOKE ALL ON FUNCTION private.upload_fields() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.upload_fields() FROM PUBLIC;
