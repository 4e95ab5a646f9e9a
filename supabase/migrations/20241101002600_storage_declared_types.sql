-- Storage's declared type, exactly one of the bucket's types (docs/architecture.md, "Files").
--
-- Storage checks an upload's declared type, never its bytes (supabase/storage
-- src/storage/uploader.ts, validateMimeType), and compares only the first two `/`-separated pieces
-- of it: `image/png/x` or `image/png/,text/html` passes for a bucket that takes image/png, is
-- stored as sent and served as its Content-Type (src/storage/renderer/renderer.ts). A browser
-- cannot parse such a type as an image type, and may then sniff the bytes as a page. Every
-- bucket here takes PNG, JPEG or WebP only, and app users write two of them, so the database
-- requires the declared type to be exactly one of the bucket's `allowed_mime_types` (or, for an
-- allowed `type/*`, a plain `type/subtype` of that type).
--
-- A trigger, not a policy, for the reason of 20241101002400_storage_quota.sql: it sees Storage's
-- first write (the caller's rolled-back test insert, with the declared type in metadata, before
-- the body is read) and its last (the row with the stored type, as Storage's superuser, past
-- RLS), the only write an upload to a signed upload URL makes as the object's row. A write
-- without a declared type (a signed upload URL being created, a move) passes: its type is checked
-- when the file comes. Storage answers 42501 with its AccessDenied error and this message
-- (src/storage/database/errors.ts); the text is Storage's own for a type it refuses
-- (src/domain/storage.ts's typeNotSupportedMessage, which a test compares).

create function private.enforce_declared_type() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  declared text := new.metadata ->> 'mimetype';
  allowed text[];
begin
  if declared is null then
    return new;
  end if;
  select b.allowed_mime_types into allowed from storage.buckets b where b.id = new.bucket_id;
  if coalesce(cardinality(allowed), 0) = 0 or declared = any (allowed)
     or (declared ~ '^[a-z0-9!#$&^_.+-]+/[a-z0-9!#$&^_.+-]+$'
         and split_part(declared, '/', 1) || '/*' = any (allowed)) then
    return new;
  end if;
  raise exception using errcode = '42501', message = format('mime type %s is not supported', declared);
end;
$$;
comment on function private.enforce_declared_type() is
  'Refuses a write of storage.objects whose declared type is not exactly one of its bucket''s allowed types (42501).';
revoke all on function private.enforce_declared_type() from public, anon, authenticated;

create trigger enforce_declared_type before insert or update of metadata, bucket_id on storage.objects
  for each row execute function private.enforce_declared_type();
