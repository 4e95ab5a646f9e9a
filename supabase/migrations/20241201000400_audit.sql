-- Baseline: supabase/schemas/20_audit.sql as npm run db:squash wrote it (docs/schema-first.md).

-- The audit trail: audit_log (append-only), the row trigger function, Auth's events and hooks,
-- and restorable versions (admin_record_version, admin_restore_version).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: audit_auth_event(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.audit_auth_event() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  payload jsonb := new.payload::jsonb;
  action text := payload ->> 'action';
begin
  if action in ('token_refreshed', 'token_revoked', 'challenge_created') then
    return null;
  end if;
  insert into public.audit_log (occurred_at, actor_id, actor_email, action, resource, record_id, changes, ip_address)
  values (coalesce(new.created_at, now()), nullif(payload ->> 'actor_id', '')::uuid, payload ->> 'actor_username',
          action, 'auth', coalesce(payload -> 'traits' ->> 'factor_id', payload ->> 'actor_id'),
          coalesce(payload -> 'traits', '{}'), nullif(new.ip_address, ''));
  return null;
end
$$;


--
-- Name: audit_failed_attempt(jsonb, text, text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.audit_failed_attempt(event jsonb, action text, record_id text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.audit_log (actor_id, actor_email, action, resource, record_id, changes, ip_address)
  select u.id, u.email, action, 'auth', record_id,
         jsonb_strip_nulls(jsonb_build_object('factor_type', event ->> 'factor_type')),
         nullif(event -> 'metadata' ->> 'ip_address', '')
    from auth.users u
   where u.id = (event ->> 'user_id')::uuid
$$;


--
-- Name: audit_log_append_only(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.audit_log_append_only() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'DELETE' and old.occurred_at < now() - make_interval(days => (
       select s.audit_retention_days from public.admin_settings s where s.id = 1)) then
    return old;
  end if;
  raise exception 'The audit log is append-only' using errcode = '42501';
end
$$;


--
-- Name: audit_row_change(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.audit_row_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


--
-- Name: purge_audit_log(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.purge_audit_log() RETURNS bigint
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  with gone as (
    delete from public.audit_log
     where occurred_at < now() - make_interval(days => (
       select s.audit_retention_days from public.admin_settings s where s.id = 1))
    returning 1
  )
  select count(*) from gone
$$;


--
-- Name: record_version(text, text, bigint); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.record_version(resource text, record_id text, entry_id bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  columns text[] := private.restorable_columns(resource);
  target public.audit_log;
  row_now jsonb;
  version jsonb := '{}';
  col text;
  earlier jsonb;
  shot text;
begin
  if columns is null then
    raise exception 'This resource has no versions' using errcode = '22023';
  end if;
  select a.* into target
    from public.audit_log a
   where a.id = entry_id
     and a.resource = record_version.resource
     and a.record_id = record_version.record_id
     and a.action in ('insert', 'update', 'restore');
  if not found then
    raise exception 'No such version of this record' using errcode = 'P0002';
  end if;
  row_now := case resource
    when 'news' then (select to_jsonb(n) from public.news n where n.id::text = record_version.record_id)
    when 'health_tips' then (select to_jsonb(h) from public.health_tips h where h.id::text = record_version.record_id)
    when 'tags' then (select to_jsonb(t) from public.tags t where t.id::text = record_version.record_id)
    when 'admin_settings' then (select to_jsonb(s) from public.admin_settings s where s.id::text = record_version.record_id)
  end;
  if row_now is null then
    raise exception 'No such record' using errcode = 'P0002';
  end if;
  foreach col in array columns loop
    -- One row's entries in id order: the order their writes took the row lock and committed
    -- (occurred_at is each transaction's start). The (resource, record_id, id) index serves this range.
    select a.changes -> col -> 'old' into earlier
      from public.audit_log a
     where a.resource = record_version.resource
       and a.record_id = record_version.record_id
       and a.id > target.id
       and jsonb_typeof(a.changes -> col) = 'object'
     order by a.id
     limit 1;
    version := version || jsonb_build_object(col, case when found then earlier else row_now -> col end);
  end loop;
  -- An uploaded screenshot the version had but Storage no longer holds (the admin removes a replaced
  -- one, src/storage/uploads.ts) would restore as a broken image: the row keeps its screenshot now.
  -- Own screenshots are the bucket's public URLs, `…/storage/v1/object/public/news-screenshots/<name>`.
  shot := version ->> 'source_url_screenshot';
  if resource = 'news'
     and pg_catalog.strpos(shot, '/storage/v1/object/public/news-screenshots/') > 0
     and not exists (
       select 1 from storage.objects o
        where o.bucket_id = 'news-screenshots'
          and o.name = pg_catalog.split_part(shot, '/storage/v1/object/public/news-screenshots/', 2)) then
    version := version || jsonb_build_object('source_url_screenshot', row_now -> 'source_url_screenshot');
  end if;
  return version;
end
$$;


--
-- Name: restorable_columns(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.restorable_columns(resource text) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- Table names come only from this list; request text never becomes SQL.
  select v.columns from private.versions() v where v.resource = restorable_columns.resource
$$;


--
-- Name: versions(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.versions() RETURNS TABLE(resource text, columns text[], restorers text[])
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- The one list of versioned resources: their restorable columns and the roles that may restore
  -- them (the roles whose access grants `edit`, supabase/tests/recordHistory.test.ts).
  values
    ('news', array['title', 'content', 'source_url', 'source_url_screenshot', 'translations'], array['owner', 'editor']),
    ('health_tips', array['tip', 'translations'], array['owner', 'editor']),
    ('tags', array['key', 'label', 'icon', 'color', 'category', 'is_active', 'sort_order', 'translations'], array['owner', 'editor']),
    ('admin_settings', array['mfa_required', 'audit_retention_days'], array['owner'])
$$;


--
-- Name: admin_record_version(text, text, bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_record_version(resource text, record_id text, entry_id bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if private.restorable_columns(resource) is null then
    raise exception 'This resource has no versions' using errcode = '22023';
  end if;
  if not resource = any ((public.record_history_access()).readable) then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return private.record_version(resource, record_id, entry_id);
end
$$;


--
-- Name: admin_restore_version(text, text, bigint, timestamp with time zone, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_restore_version(resource text, record_id text, entry_id bigint, version timestamp with time zone, language text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  restored jsonb;
  columns text[] := private.restorable_columns(resource);
  current_version timestamptz;
  row_now jsonb;
  texts jsonb;
  result jsonb;
begin
  if columns is null then
    raise exception 'This resource has no versions' using errcode = '22023';
  end if;
  if not resource = any ((public.record_history_access()).readable) then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  -- `language` restores one language's text and keeps the others as they are now: 'en' the row's
  -- own columns, another code its texts in `translations` (docs/architecture/content-languages.md).
  -- It is only ever a bound jsonb key, never SQL text.
  if language is not null and (not 'translations' = any (columns) or language !~ '^[a-z]{2,3}$') then
    raise exception 'This resource has no text in that language' using errcode = '22023';
  end if;
  -- Rebuilt before the lock (a wrong entry is told as such, whatever the row's version): a save
  -- committed since makes updated_at differ below, as it never comes back to an earlier value.
  restored := private.record_version(resource, record_id, entry_id);
  -- The row, locked: a save committed since the comparison refuses the restore, and none can land
  -- between this check and the write.
  execute pg_catalog.format('select t.updated_at, to_jsonb(t) from public.%I t where t.id::text = $1 for update', resource)
    into current_version, row_now
    using record_id;
  if current_version is distinct from version then
    raise sqlstate 'PT409' using
      message = 'This record changed since the version was compared',
      detail = coalesce('Its version now is ' || current_version::text, 'It is gone');
  end if;
  if language = 'en' then
    restored := restored || pg_catalog.jsonb_build_object('translations', row_now -> 'translations');
  elsif language is not null then
    -- A code neither side has would write a restore that changes nothing.
    if not (restored -> 'translations' ? language or row_now -> 'translations' ? language) then
      raise exception 'Neither this version nor the record has text in that language' using errcode = '22023';
    end if;
    -- The row as it is now, but for this language's texts as the version had them (none if it had none).
    texts := coalesce(row_now -> 'translations', '{}'::jsonb) - language;
    if restored -> 'translations' ? language then
      texts := texts || pg_catalog.jsonb_build_object(language, restored -> 'translations' -> language);
    end if;
    restored := row_now || pg_catalog.jsonb_build_object('translations', texts);
  end if;
  -- Read by private.audit_row_change(); transaction-local, cleared again below.
  perform pg_catalog.set_config('labellens.audit_action', 'restore', true);
  perform pg_catalog.set_config('labellens.restored_from', entry_id::text, true);
  if resource = 'admin_settings' then
    perform private.update_admin_settings((restored ->> 'mfa_required')::boolean,
                                          (restored ->> 'audit_retention_days')::integer);
    select to_jsonb(s) into result from public.admin_settings s where s.id = 1;
  else
    -- The table and columns are the allow-list's literals, quoted; the values are a bound parameter
    -- typed by the table's own row type.
    execute pg_catalog.format(
      'update public.%1$I t set (%2$s) = (select %3$s from pg_catalog.jsonb_populate_record(null::public.%1$I, $1) r)
        where t.id::text = $2 returning to_jsonb(t)',
      resource,
      (select pg_catalog.string_agg(pg_catalog.format('%I', c), ', ') from unnest(columns) c),
      (select pg_catalog.string_agg(pg_catalog.format('r.%I', c), ', ') from unnest(columns) c))
      into result
      using restored, record_id;
  end if;
  perform pg_catalog.set_config('labellens.audit_action', '', true);
  perform pg_catalog.set_config('labellens.restored_from', '', true);
  return result;
end
$_$;


--
-- Name: record_history_access(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.record_history_access(OUT readable text[], OUT hidden text[]) RETURNS record
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- The one rule for a record's history (its versions in the audit trail): whoever may restore a
  -- record's versions reads every entry of it, whichever operator made it; nobody else reads any of
  -- them (their own included). Asked by the trail's select policy, admin_person, admin_record_version
  -- and admin_restore_version.
  select coalesce(array_agg(v.resource order by v.resource) filter (where me.role = any (v.restorers)), '{}'),
         coalesce(array_agg(v.resource order by v.resource) filter (where me.role is null or not me.role = any (v.restorers)), '{}')
    from private.versions() v
   cross join (select public.admin_role() as role) me
$$;


--
-- Name: FUNCTION record_history_access(OUT readable text[], OUT hidden text[]); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.record_history_access(OUT readable text[], OUT hidden text[]) IS 'The versioned resources whose records'' history the caller reads in full (those whose versions it may restore) and those whose history it reads none of.';


--
-- Name: hook_mfa_verification_attempt(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.hook_mfa_verification_attempt(event jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not coalesce((event ->> 'valid')::boolean, false) then
    perform private.audit_failed_attempt(event, 'mfa_verification_failed', event ->> 'factor_id');
  end if;
  return jsonb_build_object('decision', 'continue');
end
$$;


--
-- Name: hook_password_verification_attempt(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.hook_password_verification_attempt(event jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not coalesce((event ->> 'valid')::boolean, false) then
    perform private.audit_failed_attempt(event, 'sign_in_failed', event ->> 'user_id');
  end if;
  return jsonb_build_object('decision', 'continue');
end
$$;




--
-- Name: audit_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.audit_log (
    id bigint NOT NULL,
    occurred_at timestamp with time zone DEFAULT now() NOT NULL,
    actor_id uuid,
    actor_email text,
    action text NOT NULL,
    resource text NOT NULL,
    record_id text,
    changes jsonb DEFAULT '{}'::jsonb NOT NULL,
    ip_address text,
    record_label text,
    actor_role text,
    CONSTRAINT audit_log_changes_object CHECK ((jsonb_typeof(changes) = 'object'::text))
);


--
-- Name: TABLE audit_log; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.audit_log IS 'Who changed what and when; written by triggers only, append-only, purged past admin_settings.audit_retention_days.';


--
-- Name: audit_log_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.audit_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
