-- Baseline: supabase/schemas/00_setup.sql as npm run db:squash wrote it (docs/schema-first.md).

-- Extensions, the private schema and the small helpers every area uses (URL and JSON checks,
-- updated_at, the request's address, PostgREST's pre-request hook).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA extensions;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;

--
-- Name: admin_reads; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA admin_reads;


--
-- Name: private; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA private;


--
-- Name: contains_pattern(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.contains_pattern(q text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select '%' || replace(replace(replace(lower(q), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;


--
-- Name: request_address(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.request_address() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(
    nullif(h ->> 'cf-connecting-ip', ''),
    nullif(h ->> 'x-real-ip', ''),
    'unknown')
  from (select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json as h) headers
$$;


--
-- Name: uuid_prefix_range(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.uuid_prefix_range(q text, OUT low uuid, OUT high uuid) RETURNS record
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
declare
  -- A uuid's text is 32 hex digits with dashes; the dashes are dropped, the rest padded both ways.
  digits text := replace(lower(q), '-', '');
begin
  if lower(q) ~ '^[0-9a-f]{4}[0-9a-f-]*$' and length(digits) <= 32 then
    low := rpad(digits, 32, '0')::uuid;
    high := rpad(digits, 32, 'f')::uuid;
  end if;
end
$_$;


--
-- Name: created_at_from_database(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.created_at_from_database() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    new.created_at := now();
  else
    new.created_at := old.created_at;
  end if;
  return new;
end
$$;


--
-- Name: is_http_url(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.is_http_url(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select value ~ '^https?://[^\s/?#]+[^\s]*$'
$_$;


--
-- Name: jsonb_has_fcm_reserved_key(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.jsonb_has_fcm_reserved_key(value jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select jsonb_typeof(value) = 'object'
     and exists (
       select 1 from jsonb_object_keys(value) k
        where k in ('from', 'notification', 'message_type', 'collapse_key')
           or k like 'google%' or k like 'gcm%')
$$;


--
-- Name: jsonb_is_string_map(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.jsonb_is_string_map(value jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select jsonb_typeof(value) = 'object'
     and not exists (select 1 from jsonb_each(value) e where jsonb_typeof(e.value) <> 'string')
$$;


--
-- Name: jsonb_string_map_bytes(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.jsonb_string_map_bytes(value jsonb) RETURNS bigint
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(sum(octet_length(e.key) + octet_length(e.value #>> '{}')), 0)
    from jsonb_each(value) e
$$;


--
-- Name: pre_request(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.pre_request() RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if current_user not in ('anon', 'authenticated') then
    return;
  end if;
  if coalesce(lower(coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json ->> 'prefer')
              ~ 'count=(planned|estimated)', false) is false then
    return;
  end if;
  -- Its own statement: anonymous callers are never admins and may not execute is_admin(), and
  -- Postgres checks that right when it prepares an expression, whether or not it evaluates the call.
  if current_user = 'authenticated' then
    if public.is_admin() then
      -- The planner's estimate counts rows from the table's statistics, hidden ones included: an
      -- operator gets it only of a list whose every row its role reads.
      if admin_reads.may_estimate(current_setting('request.path', true)) then
        return;
      end if;
      raise sqlstate 'PT403' using
        message = 'Planned and estimated counts are only for lists your role reads in full',
        hint = 'Ask for count=exact, which counts only the rows you can read';
    end if;
  end if;
  raise sqlstate 'PT403' using
    message = 'Planned and estimated counts are for admins only',
    hint = 'Ask for count=exact, which counts only the rows you can read';
end
$$;


--
-- Name: set_updated_at(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.set_updated_at() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  -- clock_timestamp(), not now() (the transaction's start: a writer that waited on the row lock would
  -- stamp a time before the version it followed), and never at or before the version it replaces.
  new.updated_at := greatest(pg_catalog.clock_timestamp(), old.updated_at + interval '1 microsecond');
  return new;
end
$$;


--
-- Name: SCHEMA admin_reads; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA admin_reads TO authenticated;


--
-- Name: SCHEMA private; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA private TO service_role;


--
-- Name: SCHEMA public; Type: ACL; Schema: -; Owner: -
--

-- Supabase Auth calls the auth hooks (20_audit.sql) as supabase_auth_admin.
GRANT USAGE ON SCHEMA public TO supabase_auth_admin;


--
-- Name: FUNCTION contains_pattern(q text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.contains_pattern(q text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.contains_pattern(q text) FROM PUBLIC;


--
-- Name: FUNCTION request_address(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.request_address() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.request_address() FROM PUBLIC;


--
-- Name: FUNCTION uuid_prefix_range(q text, OUT low uuid, OUT high uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.uuid_prefix_range(q text, OUT low uuid, OUT high uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.uuid_prefix_range(q text, OUT low uuid, OUT high uuid) FROM PUBLIC;


--
-- Name: FUNCTION created_at_from_database(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.created_at_from_database() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.created_at_from_database() FROM PUBLIC;
GRANT ALL ON FUNCTION public.created_at_from_database() TO anon;
GRANT ALL ON FUNCTION public.created_at_from_database() TO authenticated;
GRANT ALL ON FUNCTION public.created_at_from_database() TO service_role;


--
-- Name: FUNCTION is_http_url(value text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.is_http_url(value text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.is_http_url(value text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.is_http_url(value text) TO anon;
GRANT ALL ON FUNCTION public.is_http_url(value text) TO authenticated;
GRANT ALL ON FUNCTION public.is_http_url(value text) TO service_role;


--
-- Name: FUNCTION jsonb_has_fcm_reserved_key(value jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.jsonb_has_fcm_reserved_key(value jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.jsonb_has_fcm_reserved_key(value jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.jsonb_has_fcm_reserved_key(value jsonb) TO anon;
GRANT ALL ON FUNCTION public.jsonb_has_fcm_reserved_key(value jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.jsonb_has_fcm_reserved_key(value jsonb) TO service_role;


--
-- Name: FUNCTION jsonb_is_string_map(value jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.jsonb_is_string_map(value jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.jsonb_is_string_map(value jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.jsonb_is_string_map(value jsonb) TO anon;
GRANT ALL ON FUNCTION public.jsonb_is_string_map(value jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.jsonb_is_string_map(value jsonb) TO service_role;


--
-- Name: FUNCTION jsonb_string_map_bytes(value jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.jsonb_string_map_bytes(value jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.jsonb_string_map_bytes(value jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.jsonb_string_map_bytes(value jsonb) TO anon;
GRANT ALL ON FUNCTION public.jsonb_string_map_bytes(value jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.jsonb_string_map_bytes(value jsonb) TO service_role;


--
-- Name: FUNCTION pre_request(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.pre_request() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.pre_request() FROM PUBLIC;
GRANT ALL ON FUNCTION public.pre_request() TO anon;
GRANT ALL ON FUNCTION public.pre_request() TO authenticated;
GRANT ALL ON FUNCTION public.pre_request() TO service_role;


--
-- Name: FUNCTION set_updated_at(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.set_updated_at() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_updated_at() FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_updated_at() TO service_role;


ALTER ROLE authenticator SET pgrst.db_pre_request TO 'public.pre_request';
