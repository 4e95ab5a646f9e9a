-- Baseline: supabase/schemas/26_storage.sql as npm run db:squash wrote it (docs/schema-first.md).

-- Storage: the per-user quota and the declared-type check on storage.objects. Each bucket's
-- policies live in the file of the resource that owns it. The buckets themselves are rows (supabase/config.toml [storage.buckets] and the storage
-- migration), and so are the quotas' rows: data, which schema files do not hold.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: enforce_declared_type(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.enforce_declared_type() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;


--
-- Name: FUNCTION enforce_declared_type(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.enforce_declared_type() IS 'Refuses a write of storage.objects whose declared type is not exactly one of its bucket''s allowed types (42501).';


--
-- Name: enforce_storage_quota(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.enforce_storage_quota() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


--
-- Name: FUNCTION enforce_storage_quota(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.enforce_storage_quota() IS 'Refuses a write of storage.objects that takes a user''s folder past its bucket''s quota (42501).';




--
-- Name: storage_quotas; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.storage_quotas (
    bucket_id text NOT NULL,
    max_files integer NOT NULL,
    max_bytes bigint NOT NULL,
    CONSTRAINT storage_quotas_max_bytes_whole_mb CHECK (((max_bytes > 0) AND ((max_bytes % (1048576)::bigint) = 0))),
    CONSTRAINT storage_quotas_max_files_positive CHECK ((max_files > 0))
);


--
-- Name: TABLE storage_quotas; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.storage_quotas IS 'What one user keeps in their folder of a bucket (files, bytes); read by private.enforce_storage_quota.';


--
-- Name: storage_quotas storage_quotas_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.storage_quotas
    ADD CONSTRAINT storage_quotas_pkey PRIMARY KEY (bucket_id);


--
-- Name: storage_quotas storage_quotas_bucket_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.storage_quotas
    ADD CONSTRAINT storage_quotas_bucket_id_fkey FOREIGN KEY (bucket_id) REFERENCES storage.buckets(id) ON DELETE CASCADE;


--
-- Name: storage_quotas; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.storage_quotas ENABLE ROW LEVEL SECURITY;

--
-- Name: FUNCTION enforce_declared_type(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.enforce_declared_type() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.enforce_declared_type() FROM PUBLIC;


--
-- Name: FUNCTION enforce_storage_quota(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.enforce_storage_quota() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.enforce_storage_quota() FROM PUBLIC;


CREATE TRIGGER enforce_declared_type BEFORE INSERT OR UPDATE OF metadata, bucket_id ON storage.objects FOR EACH ROW EXECUTE FUNCTION private.enforce_declared_type();
CREATE TRIGGER enforce_storage_quota BEFORE INSERT OR UPDATE ON storage.objects FOR EACH ROW EXECUTE FUNCTION private.enforce_storage_quota();

-- Data: what a new project starts with.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('news-screenshots', 'news-screenshots', true, 5242880, array['image/png', 'image/jpeg', 'image/webp']);
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('scan-images', 'scan-images', false, 10485760, array['image/png', 'image/jpeg', 'image/webp']);
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('avatars', 'avatars', false, 10485760, array['image/png', 'image/jpeg', 'image/webp']);
insert into private.storage_quotas (bucket_id, max_files, max_bytes) values ('scan-images', 1000, 524288000);
insert into private.storage_quotas (bucket_id, max_files, max_bytes) values ('avatars', 20, 52428800);
