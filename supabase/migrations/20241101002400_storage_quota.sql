-- Storage quota (docs/product-rules.md, "Files"): what one user keeps in their own folder
-- (`<user id>/…`) of scan-images and avatars, in files and bytes. The numbers are
-- src/domain/storage.ts's BUCKETS[…].userQuota (supabase/tests/storageQuota.test.ts compares them).
--
-- Enforced by a trigger on storage.objects, not by a policy, because of how Storage writes the row
-- (supabase/storage src/storage/uploader.ts):
--   1. canUpload: the caller's own insert (or upsert) of the row, with the declared type and
--      Content-Length in metadata, under their role and RLS, rolled back (testPermission), before
--      the body is read;
--   2. the file goes to the backend;
--   3. completeUpload: the row's upsert with the real size (metadata.size) as Storage's
--      superuser, which bypasses RLS.
-- A policy would only ever see step 1's declared length; the trigger runs in steps 1 and 3 alike:
-- step 1 refuses a full folder (or a declared length past the bytes left) before any byte is sent,
-- step 3 counts the real size. Hosted `postgres` holds ALL on storage.objects (TRIGGER included),
-- so `supabase db push` can create it.
--
-- Storage answers a Postgres error 42501 with its AccessDenied error and Postgres's message
-- (src/storage/database/errors.ts, DBError.fromDBError), so the refusal reads
-- {"statusCode":"403","code":"AccessDenied","error":"Unauthorized","message":"Storage quota reached: …"}.
--
-- Who is limited: a write with an owner (Storage sets owner_id from the caller's JWT `sub`), into a
-- folder of a bucket with a quota; every user writes only their own folder there (the policies of
-- 20241101001900_storage.sql), operators included, whose work never needs more. Storage's own
-- writes without a user (the service role, the dashboard, the demo seed) are not limited.

create table private.storage_quotas (
  bucket_id text primary key references storage.buckets (id) on delete cascade,
  max_files integer not null constraint storage_quotas_max_files_positive check (max_files > 0),
  -- Whole megabytes, as src/domain/storage.ts's formatBytes shows them in the message.
  max_bytes bigint not null constraint storage_quotas_max_bytes_whole_mb
    check (max_bytes > 0 and max_bytes % 1048576 = 0)
);
comment on table private.storage_quotas is
  'What one user keeps in their folder of a bucket (files, bytes); read by private.enforce_storage_quota.';
alter table private.storage_quotas enable row level security;
revoke all on private.storage_quotas from anon, authenticated;

insert into private.storage_quotas (bucket_id, max_files, max_bytes) values
  ('scan-images', 1000, 524288000),
  ('avatars', 20, 52428800);

create function private.enforce_storage_quota() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  quota private.storage_quotas;
  folder text;
  new_bytes bigint;
  used_files bigint;
  used_bytes bigint;
begin
  if new.owner_id is null or position('/' in new.name) = 0 then
    return new;
  end if;
  select * into quota from private.storage_quotas q where q.bucket_id = new.bucket_id;
  if not found then
    return new;
  end if;
  folder := split_part(new.name, '/', 1);
  -- The real size once Storage knows it, the declared length before (canUpload's test insert).
  new_bytes := coalesce((new.metadata ->> 'size')::bigint, (new.metadata ->> 'contentLength')::bigint, 0);
  -- A change that adds nothing to its folder (same bucket and folder, no more bytes) always passes,
  -- so an object in a folder over a lowered quota can still be renamed or replaced by a smaller one.
  if tg_op = 'UPDATE' and old.bucket_id = new.bucket_id and split_part(old.name, '/', 1) = folder
     and new_bytes <= coalesce((old.metadata ->> 'size')::bigint, (old.metadata ->> 'contentLength')::bigint, 0) then
    return new;
  end if;
  -- One write per folder at a time: two uploads cannot both take the last place.
  perform pg_advisory_xact_lock(hashtextextended('storage quota ' || new.bucket_id || '/' || folder, 0));
  -- The folder's other objects (a replaced object is not counted twice); name_prefix_search
  -- (text_pattern_ops) serves the range: '0' follows '/'.
  select count(*), coalesce(sum((o.metadata ->> 'size')::bigint), 0)
    into used_files, used_bytes
    from storage.objects o
   where o.bucket_id = new.bucket_id
     and o.name ~>=~ (folder || '/') and o.name ~<~ (folder || '0')
     and o.id <> new.id and o.name <> new.name;
  if used_files + 1 > quota.max_files or used_bytes + new_bytes > quota.max_bytes then
    raise exception using
      errcode = '42501',
      message = format('Storage quota reached: a user keeps at most %s files and %s MB in %s',
                       quota.max_files, quota.max_bytes / 1048576, new.bucket_id);
  end if;
  return new;
end;
$$;
comment on function private.enforce_storage_quota() is
  'Refuses a write of storage.objects that takes a user''s folder past its bucket''s quota (42501).';
revoke all on function private.enforce_storage_quota() from public, anon, authenticated;

create trigger enforce_storage_quota before insert or update on storage.objects
  for each row execute function private.enforce_storage_quota();
