-- Baseline: supabase/schemas/25_trash.sql as npm run db:squash wrote it (docs/schema-first.md).

-- The trash: deleted rows of tables with a move_to_trash trigger, restore, delete forever, the
-- retention purge and the orphan-object check. Each resource's file adds its own move_to_trash trigger.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: move_to_trash(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.move_to_trash() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- tg_argv: the column that names a row, then the roles that may delete (and so restore) one.
  -- Every deleted row is a new entry with its own id: a later delete of a row with the same id (the
  -- same row after a restore, or a row of another table) never changes an entry already here.
  -- deleted_at orders one id's entries (Undo restores the newest): the clock, not now() (two
  -- deletes in one transaction would tie and fall to the entries' random ids), and never at or
  -- before an earlier entry of that id.
  insert into public.trash (record_id, resource, record, label, restorers, deleted_by, deleted_by_email, deleted_at)
  select (pg_catalog.to_jsonb(g) ->> 'id')::uuid, tg_table_name, pg_catalog.to_jsonb(g),
         pg_catalog.left(coalesce(pg_catalog.to_jsonb(g) ->> tg_argv[0], ''), 200),
         pg_catalog.string_to_array(tg_argv[1], ','), auth.uid(),
         (select u.email from auth.users u where u.id = auth.uid()),
         greatest(pg_catalog.clock_timestamp(),
                  (select max(t.deleted_at) + interval '1 microsecond' from public.trash t
                    where t.resource = tg_table_name and t.record_id = (pg_catalog.to_jsonb(g) ->> 'id')::uuid))
    from gone g;
  return null;
end
$$;


--
-- Name: named_objects(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.named_objects() RETURNS TABLE(bucket_id text, name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: upload_fields(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.upload_fields() RETURNS TABLE(resource text, url_field text, bucket_id text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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
$$;


--
-- Name: remove_trash_entries(uuid[], text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.remove_trash_entries(ids uuid[], action text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


--
-- Name: storage_object_name(text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.storage_object_name(bucket text, url text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  -- The object a URL names as the admin writes it (src/storage/uploads.ts, Storage's getPublicUrl):
  -- an origin, then /storage/v1/object/public/<bucket>/<name>, nothing after. Any origin: the
  -- database does not know the project's URL (docs/architecture.md, "The trash").
  select (pg_catalog.regexp_match(url,
            '^https?://[^/?#]+/storage/v1/object/public/' || pg_catalog.regexp_replace(bucket, '([^a-z0-9])', '\\\1', 'g')
            || '/([^?#]+)$'))[1]
$_$;


--
-- Name: owned_objects(text, jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.owned_objects(resource text, record jsonb) RETURNS TABLE(bucket_id text, name text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- The upload fields (private.upload_fields). A row owns only the object its upload field names,
  -- in that field's bucket: no other field, no other bucket.
  select u.bucket_id, o.name
    from private.upload_fields() u,
         lateral (select private.storage_object_name(u.bucket_id, record ->> u.url_field) as name) o
   where u.resource = owned_objects.resource and o.name is not null
$$;


--
-- Name: admin_delete_forever(uuid[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_delete_forever(ids uuid[]) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


--
-- Name: trash_resource_known(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.trash_resource_known() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  -- Only a table that keeps its deleted rows here (it has a move_to_trash trigger) may be named: the
  -- restore writes back into public.<resource>.
  if not exists (
    select 1 from pg_catalog.pg_trigger t
     where t.tgrelid = pg_catalog.to_regclass(pg_catalog.format('public.%I', new.resource))
       and t.tgfoid = 'private.move_to_trash()'::pg_catalog.regprocedure)
  then
    raise exception 'No trash for relation %', new.resource using errcode = '23514';
  end if;
  return new;
end
$$;


--
-- Name: admin_restore_trashed(uuid[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_restore_trashed(ids uuid[]) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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


--
-- Name: admin_trash_retention_days(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_trash_retention_days() RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select s.trash_retention_days from public.admin_settings s where s.id = 1 and public.is_admin()
$$;


--
-- Name: orphan_objects(interval); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.orphan_objects(min_age interval DEFAULT '1 day'::interval) RETURNS TABLE(bucket_id text, name text, created_at timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select o.bucket_id, o.name, o.created_at
    from storage.objects o
   where o.bucket_id in (select u.bucket_id from private.upload_fields() u)
     and o.created_at < now() - min_age
     and not exists (select 1 from private.named_objects() n where n.bucket_id = o.bucket_id and n.name = o.name)
   order by o.created_at, o.name
$$;


--
-- Name: purge_trash(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.purge_trash() RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


--
-- Name: trash; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.trash (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    resource text NOT NULL,
    record jsonb NOT NULL,
    label text DEFAULT ''::text NOT NULL,
    restorers text[] NOT NULL,
    deleted_at timestamp with time zone DEFAULT now() NOT NULL,
    deleted_by uuid,
    deleted_by_email text,
    record_id uuid NOT NULL,
    CONSTRAINT trash_record_id_is_the_rows CHECK (((record ->> 'id'::text) = (record_id)::text)),
    CONSTRAINT trash_record_object CHECK ((jsonb_typeof(record) = 'object'::text))
);


--
-- Name: TABLE trash; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.trash IS 'Rows deleted from tables with a trash (private.move_to_trash), kept until restored, deleted forever or purged past admin_settings.trash_retention_days.';


--
-- Name: trash trash_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.trash
    ADD CONSTRAINT trash_pkey PRIMARY KEY (id);


--
-- Name: trash_deleted_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX trash_deleted_at_idx ON public.trash USING btree (deleted_at DESC, id DESC);


--
-- Name: trash_record_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX trash_record_idx ON public.trash USING btree (resource, record_id);


--
-- Name: trash_resource_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX trash_resource_idx ON public.trash USING btree (resource, deleted_at DESC, id DESC);


--
-- Name: trash trash_resource_known; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER trash_resource_known BEFORE INSERT OR UPDATE OF resource ON public.trash FOR EACH ROW EXECUTE FUNCTION private.trash_resource_known();


--
-- Name: trash trash_deleted_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.trash
    ADD CONSTRAINT trash_deleted_by_fkey FOREIGN KEY (deleted_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: trash Operators read what their role may restore; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Operators read what their role may restore" ON public.trash FOR SELECT TO authenticated USING ((( SELECT public.admin_role() AS admin_role) = ANY (restorers)));


--
-- Name: trash; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.trash ENABLE ROW LEVEL SECURITY;
