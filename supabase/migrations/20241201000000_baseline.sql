-- Baseline: supabase/schemas/ in config.toml's order, as npm run db:squash wrote it (docs/schema-first.md).

-- ======================================================================
-- supabase/schemas/00_setup.sql

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

-- ======================================================================
-- supabase/schemas/10_operators.sql

-- Operators: admin_users (roles, invitations), admin_settings, and the functions every policy
-- asks (is_admin, admin_role, has_admin_role), the team's RPCs and the settings' write path.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: follow_account_email_change(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.follow_account_email_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if old.email is not distinct from new.email then
    return null;
  end if;
  update public.admin_users a set invited_email = null where a.user_id = new.id and a.accepted_at is null;
  update public.admin_users a set is_active = false
   where a.user_id = new.id and a.is_active and a.accepted_at is not null
     and (a.role <> 'owner' or exists (
       select 1 from public.admin_users o
         join auth.users u on u.id = o.user_id
        where o.user_id <> new.id and o.role = 'owner' and o.is_active and o.accepted_at is not null
          and (u.banned_until is null or u.banned_until <= now()) and u.deleted_at is null
     ));
  return null;
end
$$;


--
-- Name: FUNCTION follow_account_email_change(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.follow_account_email_change() IS 'auth.users trigger: a new address voids the account''s pending invitation until an owner renews it and deactivates an accepted operator (an owner activates them again), unless they are the last active owner.';


--
-- Name: has_verified_factor(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.has_verified_factor(uid uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return exists (select 1 from auth.mfa_factors f where f.user_id = uid and f.status = 'verified');
end
$$;


--
-- Name: is_admin_account(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_admin_account(uid uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return exists (
    select 1
      from public.admin_users a
      join auth.users u on u.id = a.user_id
     where a.user_id = uid
       and a.is_active
       and a.accepted_at is not null
       and (u.banned_until is null or u.banned_until <= now())
       and u.deleted_at is null
  );
end
$$;


--
-- Name: is_operator_role(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.is_operator_role(candidate text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select candidate in ('owner', 'editor', 'support') $$;


--
-- Name: list_readers(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.list_readers() RETURNS TABLE(screen text, roles text[])
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- The roles that list each screen's records, as the screens' `access` grants `list`
  -- (src/resources/, checked cell by cell by supabase/tests/registryAccess.test.ts). The palette's
  -- kinds (admin_search) and a person's page's sections (admin_person) follow it.
  values
    ('users', array['owner', 'support']),
    ('profiles', array['owner', 'support']),
    ('scans', array['owner', 'support']),
    ('chats', array['owner', 'support']),
    ('notifications', array['owner', 'support']),
    ('contact-messages', array['owner', 'support']),
    ('news', array['owner', 'editor', 'support']),
    ('health-tips', array['owner', 'editor', 'support']),
    ('tags', array['owner', 'editor', 'support']),
    ('audit-log', array['owner', 'editor', 'support']),
    ('team', array['owner'])
$$;


--
-- Name: listed_screens(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.listed_screens(role text) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(r.screen order by r.screen), '{}') from private.list_readers() r where listed_screens.role = any (r.roles)
$$;


--
-- Name: keep_an_active_owner(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.keep_an_active_owner() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if exists (
    select 1
      from public.admin_users a
      join auth.users u on u.id = a.user_id
     where a.role = 'owner' and a.is_active and a.accepted_at is not null
       and (u.banned_until is null or u.banned_until <= now())
       and u.deleted_at is null
  ) then
    return null;
  end if;
  -- A table with no operators at all (a fresh project before its first owner) is no team to keep.
  if not exists (select 1 from public.admin_users) then
    return null;
  end if;
  raise exception 'The last active owner cannot be demoted or deactivated' using errcode = '42501';
end
$$;


--
-- Name: require_aal2_for_protected_owner(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.require_aal2_for_protected_owner(operator uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if exists (select 1 from public.admin_users a where a.user_id = operator and a.role = 'owner')
     and private.has_verified_factor(operator)
     and coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
    raise exception 'Sign in with your authenticator app to change an owner who uses one'
      using errcode = '42501';
  end if;
end
$$;


--
-- Name: session_came_from_email(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.session_came_from_email() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(
    exists (
      select 1 from jsonb_array_elements(
        case when jsonb_typeof(auth.jwt() -> 'amr') = 'array' then auth.jwt() -> 'amr' else '[]'::jsonb end
      ) claim
       where claim ->> 'method' in ('otp', 'invite', 'recovery', 'magiclink', 'email/signup')
    ),
    false
  )
$$;


--
-- Name: session_id(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.session_id() RETURNS uuid
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  -- The token's session (auth.sessions' id), or null: a session_id that is not a uuid (a hand-made
  -- token) names no session, rather than failing the request at a cast. A CASE, since SQL may
  -- evaluate AND's operands in any order.
  select case
           when (auth.jwt() ->> 'session_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
           then (auth.jwt() ->> 'session_id')::uuid
         end
$_$;


--
-- Name: session_may_operate(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.session_may_operate(uid uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return coalesce((
    select a.invited_at is null
        or nullif(auth.jwt() ->> 'session_id', '') is null
        or exists (
             select 1 from auth.sessions s
              where s.id = private.session_id()
                and s.user_id = uid
                and s.created_at >= a.accepted_at
           )
      from public.admin_users a
     where a.user_id = uid
  ), false);
end
$$;




--
-- Name: admin_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.admin_settings (
    id smallint DEFAULT 1 NOT NULL,
    mfa_required boolean DEFAULT false NOT NULL,
    audit_retention_days integer DEFAULT 365 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    trash_retention_days integer DEFAULT 30 NOT NULL,
    CONSTRAINT admin_settings_audit_retention_days_range CHECK (((audit_retention_days >= 30) AND (audit_retention_days <= 3650))),
    CONSTRAINT admin_settings_single_row CHECK ((id = 1)),
    CONSTRAINT admin_settings_trash_retention_days_range CHECK (((trash_retention_days >= 1) AND (trash_retention_days <= 365)))
);


--
-- Name: TABLE admin_settings; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.admin_settings IS 'Back-office settings (one row). Written only through public.update_admin_settings(); every change is in public.audit_log.';


--
-- Name: update_admin_settings(boolean, integer, integer); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.update_admin_settings(mfa_required boolean DEFAULT NULL::boolean, audit_retention_days integer DEFAULT NULL::integer, trash_retention_days integer DEFAULT NULL::integer) RETURNS public.admin_settings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  result public.admin_settings;
begin
  if mfa_required and not (
    private.has_verified_factor(auth.uid()) and coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
  ) then
    raise exception 'Set up your own authenticator app and sign in with it before requiring one'
      using errcode = '42501';
  end if;
  update public.admin_settings s
     set mfa_required = coalesce(update_admin_settings.mfa_required, s.mfa_required),
         audit_retention_days = coalesce(update_admin_settings.audit_retention_days, s.audit_retention_days),
         trash_retention_days = coalesce(update_admin_settings.trash_retention_days, s.trash_retention_days),
         updated_at = now(),
         updated_by = auth.uid()
   where s.id = 1
  returning * into result;
  return result;
end
$$;


--
-- Name: admin_accept_invitation(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_accept_invitation() RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  session_id uuid := private.session_id();
  started timestamptz;
begin
  if auth.uid() is null or session_id is null or not private.session_came_from_email() then
    raise exception 'Open the link in your invitation email to accept it' using errcode = '42501';
  end if;
  select s.created_at into started from auth.sessions s where s.id = session_id and s.user_id = auth.uid();
  if started is null then
    raise exception 'Open the link in your invitation email to accept it' using errcode = '42501';
  end if;
  if not exists (select 1 from public.admin_users a where a.user_id = auth.uid() and a.accepted_at is null) then
    return false;
  end if;
  update public.admin_users a set accepted_at = started
    from auth.users u
   where a.user_id = auth.uid() and a.accepted_at is null
     and u.id = a.user_id and a.invited_email = lower(u.email) and started >= a.invited_at;
  if not found then
    raise exception 'Open the link in your newest invitation email to accept it' using errcode = '42501';
  end if;
  delete from auth.sessions s where s.user_id = auth.uid() and s.id <> session_id;
  delete from auth.mfa_factors f where f.user_id = auth.uid();
  -- '' is Auth's "no password" (models.User.HasPassword); the page sets the invitee's next. A change
  -- of address asked for before the address was proven goes too, or its link could move the account
  -- away later: Auth keeps its state on auth.users and, on hosted, its tokens in auth.one_time_tokens
  -- (supabase/auth internal/models/one_time_token.go), which the local stand-in does not model.
  update auth.users u
     set encrypted_password = '', email_change = '', email_change_token_new = '',
         email_change_token_current = '', email_change_confirm_status = 0, updated_at = now()
   where u.id = auth.uid();
  if to_regclass('auth.one_time_tokens') is not null then
    execute 'delete from auth.one_time_tokens t where t.user_id = $1' using auth.uid();
  end if;
  return true;
end
$$;


--
-- Name: FUNCTION admin_accept_invitation(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_accept_invitation() IS 'Accepts the caller''s pending invitation (true), or false without one. Only a session of the account holding the invited address, begun at an emailed link after the invitation.';


--
-- Name: admin_users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.admin_users (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    role text DEFAULT 'owner'::text NOT NULL,
    invited_at timestamp with time zone,
    accepted_at timestamp with time zone DEFAULT now(),
    invited_email text,
    CONSTRAINT admin_users_role_known CHECK (private.is_operator_role(role))
);


--
-- Name: COLUMN admin_users.role; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.admin_users.role IS 'owner: everything; editor: news, health tips and tags; support: reads app users'' data, the inbox, pushes. Changed only through public.admin_set_operator_role().';


--
-- Name: COLUMN admin_users.invited_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.admin_users.invited_at IS 'When the invite-operator function last invited this address (null for operators added by SQL).';


--
-- Name: COLUMN admin_users.invited_email; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.admin_users.invited_email IS 'The address the invitation was sent to (the account''s email then, lower-cased). Only a session of the account holding it, begun at an emailed link after the invitation, accepts. Null for operators added by SQL and invitations made before it was recorded.';


--
-- Name: COLUMN admin_users.accepted_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.admin_users.accepted_at IS 'When the invitee accepted through the emailed link: the accepting session''s start. Null while pending; the row grants nothing until then.';

-- ======================================================================
-- supabase/schemas/11_operators_policies.sql

-- Operators: its functions, indexes, triggers, policies (after supabase/schemas/10_operators.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: admin_add_operator(uuid, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_add_operator(operator uuid, new_role text) RETURNS public.admin_users
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  result public.admin_users;
  address text;
begin
  if not public.has_admin_role('owner') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if new_role is null or not private.is_operator_role(new_role) then
    raise exception 'Unknown role %', new_role using errcode = '22023';
  end if;
  select lower(u.email) into address from auth.users u where u.id = operator and u.deleted_at is null;
  if address is null then
    raise exception 'No such account' using errcode = 'P0002';
  end if;
  update public.admin_users a set role = new_role, invited_at = now(), invited_email = address
   where a.user_id = operator and a.accepted_at is null
  returning a.* into result;
  -- found, not `result is not null`: a pending row has null columns, and a row value is "not null"
  -- only when every column is.
  if found then
    return result;
  end if;
  if exists (select 1 from public.admin_users a where a.user_id = operator) then
    raise exception 'Already an operator' using errcode = '23505';
  end if;
  if exists (select 1 from auth.users u where u.id = operator and u.email_confirmed_at is not null) then
    raise exception 'An existing account cannot be made an operator' using errcode = '23505';
  end if;
  insert into public.admin_users (user_id, role, invited_at, accepted_at, invited_email)
  values (operator, new_role, now(), null, address)
  returning * into result;
  return result;
end
$$;


--
-- Name: admin_mfa_status(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_mfa_status() RETURNS json
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select json_build_object(
    'is_admin_account', private.is_admin_account(auth.uid()),
    'aal', coalesce(auth.jwt() ->> 'aal', 'aal1'),
    'has_verified_factor',
      case when private.is_admin_account(auth.uid()) then private.has_verified_factor(auth.uid()) end,
    'mfa_required',
      case when private.is_admin_account(auth.uid())
           then (select s.mfa_required from public.admin_settings s where s.id = 1) end
  )
$$;


--
-- Name: admin_operator_emails(uuid[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_operator_emails(operators uuid[]) RETURNS TABLE(user_id uuid, email text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select u.id, u.email::text
    from auth.users u
   where u.id = any (operators[1:50])
     and private.is_admin_account(u.id)
     and public.is_admin()
   order by u.email
$$;


--
-- Name: admin_reset_operator_factors(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_reset_operator_factors(operator uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  removed integer;
begin
  if not public.has_admin_role('owner') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if not exists (select 1 from public.admin_users a where a.user_id = operator) then
    raise exception 'No such operator' using errcode = 'P0002';
  end if;
  perform private.require_aal2_for_protected_owner(operator);
  with gone as (delete from auth.mfa_factors f where f.user_id = operator returning 1)
  select count(*) into removed from gone;
  insert into public.audit_log (actor_id, actor_email, action, resource, record_id, changes)
  values (auth.uid(), (select u.email from auth.users u where u.id = auth.uid()), 'factors_reset', 'admin_users',
          operator::text, jsonb_build_object('factors_removed', jsonb_build_object('old', removed, 'new', 0)));
  return removed;
end
$$;


--
-- Name: admin_role(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_role() RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return (select a.role from public.admin_users a where a.user_id = auth.uid() and public.is_admin());
end
$$;


--
-- Name: admin_set_operator_active(uuid, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_set_operator_active(operator uuid, active boolean) RETURNS public.admin_users
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  result public.admin_users;
begin
  if not public.has_admin_role('owner') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if active is null then
    raise exception 'active must be true or false' using errcode = '22023';
  end if;
  perform private.require_aal2_for_protected_owner(operator);
  update public.admin_users a set is_active = active where a.user_id = operator returning * into result;
  if result is null then
    raise exception 'No such operator' using errcode = 'P0002';
  end if;
  return result;
end
$$;


--
-- Name: admin_set_operator_role(uuid, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_set_operator_role(operator uuid, new_role text) RETURNS public.admin_users
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  result public.admin_users;
begin
  if not public.has_admin_role('owner') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if new_role is null or not private.is_operator_role(new_role) then
    raise exception 'Unknown role %', new_role using errcode = '22023';
  end if;
  perform private.require_aal2_for_protected_owner(operator);
  update public.admin_users a set role = new_role where a.user_id = operator returning * into result;
  if result is null then
    raise exception 'No such operator' using errcode = 'P0002';
  end if;
  return result;
end
$$;


--
-- Name: admin_team(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_team() RETURNS TABLE(user_id uuid, email text, role text, is_active boolean, has_verified_factor boolean, last_sign_in_at timestamp with time zone, created_at timestamp with time zone, invite_pending boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.has_admin_role('owner') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return query
    select a.user_id, u.email::text, a.role, a.is_active, private.has_verified_factor(a.user_id),
           u.last_sign_in_at, a.created_at, a.accepted_at is null
      from public.admin_users a
      join auth.users u on u.id = a.user_id
     order by a.created_at, a.user_id;
end
$$;


--
-- Name: has_admin_role(text[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.has_admin_role(VARIADIC roles text[]) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return coalesce(public.admin_role() = any (roles), false);
end
$$;


--
-- Name: is_admin(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.is_admin() RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return private.is_admin_account(auth.uid())
     and private.session_may_operate(auth.uid())
     and (
       coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
       or (
         not private.has_verified_factor(auth.uid())
         and not coalesce((select s.mfa_required from public.admin_settings s where s.id = 1), false)
       )
     );
end
$$;


--
-- Name: update_admin_settings(boolean, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.update_admin_settings(mfa_required boolean DEFAULT NULL::boolean, audit_retention_days integer DEFAULT NULL::integer, trash_retention_days integer DEFAULT NULL::integer) RETURNS public.admin_settings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.has_admin_role('owner') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return private.update_admin_settings(mfa_required, audit_retention_days, trash_retention_days);
end
$$;


--
-- Name: admin_settings admin_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.admin_settings
    ADD CONSTRAINT admin_settings_pkey PRIMARY KEY (id);

-- Its one row (data: what every project starts with).
INSERT INTO public.admin_settings (id) VALUES (1) ON CONFLICT DO NOTHING;


--
-- Name: admin_users admin_users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.admin_users
    ADD CONSTRAINT admin_users_pkey PRIMARY KEY (id);


--
-- Name: admin_users admin_users_user_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.admin_users
    ADD CONSTRAINT admin_users_user_id_key UNIQUE (user_id);


--
-- Name: admin_users admin_users_keep_an_owner; Type: TRIGGER; Schema: public; Owner: -
--

CREATE CONSTRAINT TRIGGER admin_users_keep_an_owner AFTER DELETE OR UPDATE ON public.admin_users DEFERRABLE INITIALLY IMMEDIATE FOR EACH ROW EXECUTE FUNCTION private.keep_an_active_owner();


--
-- Name: users follow_account_email_change; Type: TRIGGER; Schema: auth; Owner: -
--

CREATE TRIGGER follow_account_email_change AFTER UPDATE OF email ON auth.users FOR EACH ROW EXECUTE FUNCTION private.follow_account_email_change();


--
-- Name: admin_settings admin_settings_updated_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.admin_settings
    ADD CONSTRAINT admin_settings_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: admin_users admin_users_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.admin_users
    ADD CONSTRAINT admin_users_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: admin_users Operators read their own accepted row; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Operators read their own accepted row" ON public.admin_users FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) AND (accepted_at IS NOT NULL)));


--
-- Name: admin_settings Owners read settings; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners read settings" ON public.admin_settings FOR SELECT TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text]) AS has_admin_role));


--
-- Name: admin_users Owners read the team; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners read the team" ON public.admin_users FOR SELECT TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text]) AS has_admin_role));


--
-- Name: admin_settings; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.admin_settings ENABLE ROW LEVEL SECURITY;

--
-- Name: admin_users; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.admin_users ENABLE ROW LEVEL SECURITY;

-- ======================================================================
-- supabase/schemas/12_operators_grants.sql

-- Operators: its grants (after supabase/schemas/11_operators_policies.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: FUNCTION follow_account_email_change(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.follow_account_email_change() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.follow_account_email_change() FROM PUBLIC;


--
-- Name: FUNCTION has_verified_factor(uid uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.has_verified_factor(uid uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.has_verified_factor(uid uuid) FROM PUBLIC;


--
-- Name: FUNCTION is_admin_account(uid uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.is_admin_account(uid uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.is_admin_account(uid uuid) FROM PUBLIC;


--
-- Name: FUNCTION list_readers(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.list_readers() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.list_readers() FROM PUBLIC;


--
-- Name: FUNCTION listed_screens(role text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.listed_screens(role text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.listed_screens(role text) FROM PUBLIC;


--
-- Name: FUNCTION keep_an_active_owner(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.keep_an_active_owner() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.keep_an_active_owner() FROM PUBLIC;


--
-- Name: FUNCTION require_aal2_for_protected_owner(operator uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.require_aal2_for_protected_owner(operator uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.require_aal2_for_protected_owner(operator uuid) FROM PUBLIC;


--
-- Name: FUNCTION session_came_from_email(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.session_came_from_email() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.session_came_from_email() FROM PUBLIC;


--
-- Name: FUNCTION session_id(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.session_id() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.session_id() FROM PUBLIC;


--
-- Name: FUNCTION session_may_operate(uid uuid); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.session_may_operate(uid uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.session_may_operate(uid uuid) FROM PUBLIC;


--
-- Name: TABLE admin_settings; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.admin_settings FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.admin_settings TO authenticated;
GRANT SELECT ON TABLE public.admin_settings TO service_role;


--
-- Name: FUNCTION update_admin_settings(mfa_required boolean, audit_retention_days integer, trash_retention_days integer); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.update_admin_settings(mfa_required boolean, audit_retention_days integer, trash_retention_days integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.update_admin_settings(mfa_required boolean, audit_retention_days integer, trash_retention_days integer) FROM PUBLIC;


--
-- Name: FUNCTION admin_accept_invitation(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_accept_invitation() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_accept_invitation() FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_accept_invitation() TO authenticated;
GRANT ALL ON FUNCTION public.admin_accept_invitation() TO service_role;


--
-- Name: TABLE admin_users; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.admin_users FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.admin_users TO service_role;
GRANT SELECT ON TABLE public.admin_users TO authenticated;


--
-- Name: FUNCTION admin_add_operator(operator uuid, new_role text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_add_operator(operator uuid, new_role text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_add_operator(operator uuid, new_role text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_add_operator(operator uuid, new_role text) TO authenticated;
GRANT ALL ON FUNCTION public.admin_add_operator(operator uuid, new_role text) TO service_role;


--
-- Name: FUNCTION admin_mfa_status(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_mfa_status() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_mfa_status() FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_mfa_status() TO authenticated;
GRANT ALL ON FUNCTION public.admin_mfa_status() TO service_role;


--
-- Name: FUNCTION admin_operator_emails(operators uuid[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_operator_emails(operators uuid[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_operator_emails(operators uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_operator_emails(operators uuid[]) TO authenticated;
GRANT ALL ON FUNCTION public.admin_operator_emails(operators uuid[]) TO service_role;


--
-- Name: FUNCTION admin_reset_operator_factors(operator uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_reset_operator_factors(operator uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_reset_operator_factors(operator uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_reset_operator_factors(operator uuid) TO authenticated;
GRANT ALL ON FUNCTION public.admin_reset_operator_factors(operator uuid) TO service_role;


--
-- Name: FUNCTION admin_role(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_role() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_role() FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_role() TO authenticated;
GRANT ALL ON FUNCTION public.admin_role() TO service_role;


--
-- Name: FUNCTION admin_set_operator_active(operator uuid, active boolean); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_set_operator_active(operator uuid, active boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_set_operator_active(operator uuid, active boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_set_operator_active(operator uuid, active boolean) TO authenticated;
GRANT ALL ON FUNCTION public.admin_set_operator_active(operator uuid, active boolean) TO service_role;


--
-- Name: FUNCTION admin_set_operator_role(operator uuid, new_role text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_set_operator_role(operator uuid, new_role text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_set_operator_role(operator uuid, new_role text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_set_operator_role(operator uuid, new_role text) TO authenticated;
GRANT ALL ON FUNCTION public.admin_set_operator_role(operator uuid, new_role text) TO service_role;


--
-- Name: FUNCTION admin_team(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_team() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_team() FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_team() TO authenticated;
GRANT ALL ON FUNCTION public.admin_team() TO service_role;


--
-- Name: FUNCTION has_admin_role(VARIADIC roles text[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.has_admin_role(VARIADIC roles text[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.has_admin_role(VARIADIC roles text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.has_admin_role(VARIADIC roles text[]) TO authenticated;
GRANT ALL ON FUNCTION public.has_admin_role(VARIADIC roles text[]) TO service_role;


--
-- Name: FUNCTION is_admin(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.is_admin() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.is_admin() FROM PUBLIC;
GRANT ALL ON FUNCTION public.is_admin() TO authenticated;
GRANT ALL ON FUNCTION public.is_admin() TO service_role;


--
-- Name: FUNCTION update_admin_settings(mfa_required boolean, audit_retention_days integer, trash_retention_days integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.update_admin_settings(mfa_required boolean, audit_retention_days integer, trash_retention_days integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.update_admin_settings(mfa_required boolean, audit_retention_days integer, trash_retention_days integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.update_admin_settings(mfa_required boolean, audit_retention_days integer, trash_retention_days integer) TO authenticated;
GRANT ALL ON FUNCTION public.update_admin_settings(mfa_required boolean, audit_retention_days integer, trash_retention_days integer) TO service_role;

-- ======================================================================
-- supabase/schemas/20_audit.sql

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

-- ======================================================================
-- supabase/schemas/21_audit_policies.sql

-- The audit trail: its indexes, triggers, policies, grants (after supabase/schemas/20_audit.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: audit_log audit_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);


--
-- Name: audit_log_action_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_action_idx ON public.audit_log USING btree (action, occurred_at DESC, id DESC);


--
-- Name: audit_log_actor_email_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_actor_email_idx ON public.audit_log USING btree (actor_email, occurred_at DESC, id DESC);


--
-- Name: audit_log_actor_email_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_actor_email_trgm_idx ON public.audit_log USING gin (actor_email extensions.gin_trgm_ops);


--
-- Name: audit_log_actor_id_occurred_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_actor_id_occurred_at_idx ON public.audit_log USING btree (actor_id, occurred_at DESC, id DESC);


--
-- Name: audit_log_actor_role_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_actor_role_idx ON public.audit_log USING btree (actor_role, occurred_at DESC, id DESC);


--
-- Name: audit_log_occurred_at_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_occurred_at_id_idx ON public.audit_log USING btree (occurred_at DESC, id DESC);


--
-- Name: audit_log_record_id_occurred_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_record_id_occurred_at_idx ON public.audit_log USING btree (record_id, occurred_at DESC, id DESC);


--
-- Name: audit_log_record_id_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_record_id_trgm_idx ON public.audit_log USING gin (record_id extensions.gin_trgm_ops);


--
-- Name: audit_log_record_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_record_idx ON public.audit_log USING btree (resource, record_id, occurred_at DESC, id DESC);


--
-- Name: audit_log_record_history_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_record_history_idx ON public.audit_log USING btree (resource, record_id, id);


--
-- Name: audit_log_resource_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_resource_idx ON public.audit_log USING btree (resource, occurred_at DESC, id DESC);


--
-- Name: admin_settings admin_settings_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER admin_settings_audit AFTER INSERT OR DELETE OR UPDATE ON public.admin_settings FOR EACH ROW EXECUTE FUNCTION private.audit_row_change();


--
-- Name: admin_users admin_users_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER admin_users_audit AFTER INSERT OR DELETE OR UPDATE ON public.admin_users FOR EACH ROW EXECUTE FUNCTION private.audit_row_change('user_id');


--
-- Name: audit_log audit_log_no_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON public.audit_log FOR EACH ROW EXECUTE FUNCTION private.audit_log_append_only();


--
-- Name: audit_log audit_log_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON public.audit_log FOR EACH STATEMENT EXECUTE FUNCTION private.audit_log_append_only();


--
-- Name: audit_log audit_log_no_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON public.audit_log FOR EACH ROW EXECUTE FUNCTION private.audit_log_append_only();


--
-- Name: audit_log Restorers read a record's history, owners the rest, operators their own; Type: POLICY; Schema: public; Owner: -
--

-- Both lookups are initplans, run once per statement, not per row.
CREATE POLICY "Restorers read a record's history, owners the rest, operators their own" ON public.audit_log FOR SELECT TO authenticated USING (((resource = ANY (( SELECT h.readable FROM public.record_history_access() h(readable, hidden))::text[])) OR ((( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text]) AS has_admin_role) OR ((actor_id = ( SELECT auth.uid() AS uid)) AND ( SELECT public.is_admin() AS is_admin))) AND (NOT (resource = ANY (( SELECT h.hidden FROM public.record_history_access() h(readable, hidden))::text[]))))));


--
-- Name: audit_log; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.audit_log ENABLE ROW LEVEL SECURITY;

--
-- Name: FUNCTION audit_auth_event(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.audit_auth_event() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.audit_auth_event() FROM PUBLIC;


--
-- Name: FUNCTION audit_failed_attempt(event jsonb, action text, record_id text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.audit_failed_attempt(event jsonb, action text, record_id text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.audit_failed_attempt(event jsonb, action text, record_id text) FROM PUBLIC;


--
-- Name: FUNCTION audit_log_append_only(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.audit_log_append_only() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.audit_log_append_only() FROM PUBLIC;


--
-- Name: FUNCTION audit_row_change(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.audit_row_change() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.audit_row_change() FROM PUBLIC;


--
-- Name: FUNCTION versions(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.versions() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.versions() FROM PUBLIC;


--
-- Name: FUNCTION purge_audit_log(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.purge_audit_log() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.purge_audit_log() FROM PUBLIC;


--
-- Name: FUNCTION record_version(resource text, record_id text, entry_id bigint); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.record_version(resource text, record_id text, entry_id bigint) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.record_version(resource text, record_id text, entry_id bigint) FROM PUBLIC;


--
-- Name: FUNCTION restorable_columns(resource text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.restorable_columns(resource text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.restorable_columns(resource text) FROM PUBLIC;


--
-- Name: FUNCTION admin_record_version(resource text, record_id text, entry_id bigint); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_record_version(resource text, record_id text, entry_id bigint) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_record_version(resource text, record_id text, entry_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_record_version(resource text, record_id text, entry_id bigint) TO authenticated;
GRANT ALL ON FUNCTION public.admin_record_version(resource text, record_id text, entry_id bigint) TO service_role;


--
-- Name: FUNCTION record_history_access(OUT readable text[], OUT hidden text[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.record_history_access(OUT readable text[], OUT hidden text[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.record_history_access(OUT readable text[], OUT hidden text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_history_access(OUT readable text[], OUT hidden text[]) TO authenticated;
GRANT ALL ON FUNCTION public.record_history_access(OUT readable text[], OUT hidden text[]) TO service_role;


--
-- Name: FUNCTION admin_restore_version(resource text, record_id text, entry_id bigint, version timestamp with time zone, language text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_restore_version(resource text, record_id text, entry_id bigint, version timestamp with time zone, language text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_restore_version(resource text, record_id text, entry_id bigint, version timestamp with time zone, language text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_restore_version(resource text, record_id text, entry_id bigint, version timestamp with time zone, language text) TO authenticated;
GRANT ALL ON FUNCTION public.admin_restore_version(resource text, record_id text, entry_id bigint, version timestamp with time zone, language text) TO service_role;


--
-- Name: FUNCTION hook_mfa_verification_attempt(event jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.hook_mfa_verification_attempt(event jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.hook_mfa_verification_attempt(event jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.hook_mfa_verification_attempt(event jsonb) TO service_role;
GRANT ALL ON FUNCTION public.hook_mfa_verification_attempt(event jsonb) TO supabase_auth_admin;


--
-- Name: FUNCTION hook_password_verification_attempt(event jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.hook_password_verification_attempt(event jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.hook_password_verification_attempt(event jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.hook_password_verification_attempt(event jsonb) TO service_role;
GRANT ALL ON FUNCTION public.hook_password_verification_attempt(event jsonb) TO supabase_auth_admin;


--
-- Name: TABLE audit_log; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.audit_log FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.audit_log TO authenticated;
GRANT SELECT ON TABLE public.audit_log TO service_role;


--
-- Name: SEQUENCE audit_log_id_seq; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON SEQUENCE public.audit_log_id_seq FROM anon, authenticated, service_role;
GRANT ALL ON SEQUENCE public.audit_log_id_seq TO anon;
GRANT ALL ON SEQUENCE public.audit_log_id_seq TO authenticated;
GRANT ALL ON SEQUENCE public.audit_log_id_seq TO service_role;


CREATE TRIGGER audit_log_entries_to_trail AFTER INSERT ON auth.audit_log_entries FOR EACH ROW EXECUTE FUNCTION private.audit_auth_event();

-- ======================================================================
-- supabase/schemas/25_trash.sql

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

-- ======================================================================
-- supabase/schemas/25_trash_purge_runs.sql

-- The trash: its grants, functions, tables, indexes, policies (after supabase/schemas/25_trash.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: FUNCTION move_to_trash(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.move_to_trash() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.move_to_trash() FROM PUBLIC;


--
-- Name: FUNCTION named_objects(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.named_objects() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.named_objects() FROM PUBLIC;


--
-- Name: FUNCTION remove_trash_entries(ids uuid[], action text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.remove_trash_entries(ids uuid[], action text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.remove_trash_entries(ids uuid[], action text) FROM PUBLIC;


--
-- Name: FUNCTION storage_object_name(bucket text, url text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.storage_object_name(bucket text, url text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.storage_object_name(bucket text, url text) FROM PUBLIC;


--
-- Name: FUNCTION owned_objects(resource text, record jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.owned_objects(resource text, record jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.owned_objects(resource text, record jsonb) FROM PUBLIC;


--
-- Name: FUNCTION upload_fields(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.upload_fields() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.upload_fields() FROM PUBLIC;


--
-- Name: FUNCTION admin_delete_forever(ids uuid[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_delete_forever(ids uuid[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_delete_forever(ids uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_delete_forever(ids uuid[]) TO authenticated;
GRANT ALL ON FUNCTION public.admin_delete_forever(ids uuid[]) TO service_role;


--
-- Name: FUNCTION admin_restore_trashed(ids uuid[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_restore_trashed(ids uuid[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_restore_trashed(ids uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_restore_trashed(ids uuid[]) TO authenticated;
GRANT ALL ON FUNCTION public.admin_restore_trashed(ids uuid[]) TO service_role;


--
-- Name: FUNCTION admin_trash_retention_days(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_trash_retention_days() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_trash_retention_days() FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_trash_retention_days() TO authenticated;
GRANT ALL ON FUNCTION public.admin_trash_retention_days() TO service_role;


--
-- Name: FUNCTION orphan_objects(min_age interval); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.orphan_objects(min_age interval) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.orphan_objects(min_age interval) FROM PUBLIC;
GRANT ALL ON FUNCTION public.orphan_objects(min_age interval) TO service_role;


--
-- Name: FUNCTION purge_trash(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.purge_trash() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.purge_trash() FROM PUBLIC;
GRANT ALL ON FUNCTION public.purge_trash() TO service_role;


--
-- Name: FUNCTION trash_resource_known(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.trash_resource_known() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.trash_resource_known() FROM PUBLIC;


--
-- Name: TABLE trash; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.trash FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.trash TO service_role;
GRANT SELECT ON TABLE public.trash TO authenticated;


--
-- Name: record_purge_run(boolean, text, integer, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.record_purge_run(succeeded boolean, reason text DEFAULT NULL::text, purged integer DEFAULT 0, files_removed integer DEFAULT 0, orphans_removed integer DEFAULT 0) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.trash_purge_runs (succeeded, reason, purged, files_removed, orphans_removed)
  values (succeeded, pg_catalog.left(reason, 500), purged, files_removed, orphans_removed);
  delete from public.trash_purge_runs r where r.ran_at < now() - interval '90 days';
end
$$;


--
-- Name: FUNCTION record_purge_run(succeeded boolean, reason text, purged integer, files_removed integer, orphans_removed integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.record_purge_run(succeeded boolean, reason text, purged integer, files_removed integer, orphans_removed integer) IS 'Records one run of the trash purge (service role only: the purge-trash function calls it after each run).';


--
-- Name: trash_purge_runs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.trash_purge_runs (
    id bigint NOT NULL,
    ran_at timestamp with time zone DEFAULT now() NOT NULL,
    succeeded boolean NOT NULL,
    reason text,
    purged integer DEFAULT 0 NOT NULL,
    files_removed integer DEFAULT 0 NOT NULL,
    orphans_removed integer DEFAULT 0 NOT NULL,
    CONSTRAINT trash_purge_runs_reason_length CHECK ((char_length(reason) <= 500)),
    CONSTRAINT trash_purge_runs_reason_when_failed CHECK ((succeeded = (reason IS NULL)))
);


--
-- Name: TABLE trash_purge_runs; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.trash_purge_runs IS 'One row per run of the trash purge (supabase/functions/purge-trash): when, whether it succeeded, why not, and what it removed. Written by public.record_purge_run() only.';


--
-- Name: trash_purge_runs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.trash_purge_runs ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.trash_purge_runs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: trash_purge_runs trash_purge_runs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.trash_purge_runs
    ADD CONSTRAINT trash_purge_runs_pkey PRIMARY KEY (id);


--
-- Name: trash_purge_runs_ran_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX trash_purge_runs_ran_at_idx ON public.trash_purge_runs USING btree (ran_at DESC);


--
-- Name: trash_purge_runs Operators read the purge runs; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Operators read the purge runs" ON public.trash_purge_runs FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: trash_purge_runs; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.trash_purge_runs ENABLE ROW LEVEL SECURITY;


--
-- Name: FUNCTION record_purge_run(succeeded boolean, reason text, purged integer, files_removed integer, orphans_removed integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.record_purge_run(succeeded boolean, reason text, purged integer, files_removed integer, orphans_removed integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.record_purge_run(succeeded boolean, reason text, purged integer, files_removed integer, orphans_removed integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_purge_run(succeeded boolean, reason text, purged integer, files_removed integer, orphans_removed integer) TO service_role;


--
-- Name: TABLE trash_purge_runs; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.trash_purge_runs FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.trash_purge_runs TO authenticated;
GRANT SELECT ON TABLE public.trash_purge_runs TO service_role;

-- ======================================================================
-- supabase/schemas/26_storage.sql

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

-- ======================================================================
-- supabase/schemas/27_realtime.sql

-- Realtime: presence on private channels
-- (Realtime Authorization's policies on realtime.messages), and who has a record open
-- (public.open_records: "Also open by" names only operators whose own session wrote a row there).
-- Each live resource's file adds its table to the supabase_realtime publication.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: stamp_open_record(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.stamp_open_record() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    delete from public.open_records o where o.user_id = (select auth.uid()) and o.expires_at <= now();
    if (select count(*) from public.open_records o
         where o.user_id = new.user_id
           and (o.resource, o.record_id, o.tab) is distinct from (new.resource, new.record_id, new.tab)) >= 20 then
      raise exception 'Too many records open at once' using errcode = '54000';
    end if;
  end if;
  new.expires_at := now() + interval '90 seconds';
  return new;
end
$$;


--
-- Name: admin_mark_open(text, text, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_mark_open(resource text, record_id text, tab uuid) RETURNS integer
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  insert into public.open_records as o (resource, record_id, tab)
  values (admin_mark_open.resource, admin_mark_open.record_id, admin_mark_open.tab)
  on conflict (resource, record_id, user_id, tab) do update set expires_at = excluded.expires_at
  returning ceil(extract(epoch from o.expires_at - now()))::integer;
$$;


--
-- Name: admin_open_by(text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_open_by(resource text, record_id text) RETURNS TABLE(user_id uuid, email text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select e.user_id, e.email
    from public.admin_operator_emails(array(
      select distinct o.user_id
        from public.open_records o
       where o.resource = admin_open_by.resource
         and o.record_id = admin_open_by.record_id
         and o.expires_at > now()
         and o.user_id <> (select auth.uid())
    )) e;
$$;


--
-- Name: may_edit_record(text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.may_edit_record(resource text, record_id text) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  -- The resources with edit dialogs, by their admin names (src/domain/operatorRoles.ts,
  -- OPERATOR_ACCESS: owners and editors write them). The record must exist and be readable.
  if resource not in ('news', 'health-tips', 'tags') or not (select public.has_admin_role('owner', 'editor')) then
    return false;
  end if;
  return case resource
    when 'news' then exists (select 1 from public.news n where n.id::text = record_id)
    when 'health-tips' then exists (select 1 from public.health_tips h where h.id::text = record_id)
    when 'tags' then exists (select 1 from public.tags t where t.id::text = record_id)
  end;
end
$$;


--
-- Name: may_share_presence(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.may_share_presence(topic text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(
    split_part(topic, ':', 1) = 'presence'
      and public.may_edit_record(split_part(topic, ':', 2), substr(topic, length(split_part(topic, ':', 2)) + 11)),
    false)
$$;


--
-- Name: open_records; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.open_records (
    resource text NOT NULL,
    record_id text NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    tab uuid NOT NULL,
    expires_at timestamp with time zone NOT NULL
);


--
-- Name: TABLE open_records; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.open_records IS 'Who has a record open in an edit dialog ("Also open by"): written by that operator''s own session, live until expires_at.';


--
-- Name: open_records open_records_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.open_records
    ADD CONSTRAINT open_records_pkey PRIMARY KEY (resource, record_id, user_id, tab);


--
-- Name: open_records open_records_expiry; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER open_records_expiry BEFORE INSERT OR UPDATE ON public.open_records FOR EACH ROW EXECUTE FUNCTION private.stamp_open_record();


--
-- Name: open_records open_records_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.open_records
    ADD CONSTRAINT open_records_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: open_records Editors of a record say they have it open; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Editors of a record say they have it open" ON public.open_records FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND public.may_edit_record(resource, record_id)));


--
-- Name: open_records Editors of a record see who has it open; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Editors of a record see who has it open" ON public.open_records FOR SELECT TO authenticated USING (public.may_edit_record(resource, record_id));


--
-- Name: open_records Operators keep their own rows fresh; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Operators keep their own rows fresh" ON public.open_records FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND public.may_edit_record(resource, record_id)));


--
-- Name: open_records Operators remove their own rows; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Operators remove their own rows" ON public.open_records FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: open_records; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.open_records ENABLE ROW LEVEL SECURITY;


--
-- Name: FUNCTION stamp_open_record(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.stamp_open_record() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.stamp_open_record() FROM PUBLIC;


--
-- Name: FUNCTION admin_mark_open(resource text, record_id text, tab uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_mark_open(resource text, record_id text, tab uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_mark_open(resource text, record_id text, tab uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_mark_open(resource text, record_id text, tab uuid) TO authenticated;
GRANT ALL ON FUNCTION public.admin_mark_open(resource text, record_id text, tab uuid) TO service_role;


--
-- Name: FUNCTION admin_open_by(resource text, record_id text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_open_by(resource text, record_id text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_open_by(resource text, record_id text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_open_by(resource text, record_id text) TO authenticated;
GRANT ALL ON FUNCTION public.admin_open_by(resource text, record_id text) TO service_role;


--
-- Name: FUNCTION may_edit_record(resource text, record_id text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.may_edit_record(resource text, record_id text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.may_edit_record(resource text, record_id text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.may_edit_record(resource text, record_id text) TO authenticated;
GRANT ALL ON FUNCTION public.may_edit_record(resource text, record_id text) TO service_role;


--
-- Name: FUNCTION may_share_presence(topic text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.may_share_presence(topic text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.may_share_presence(topic text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.may_share_presence(topic text) TO authenticated;
GRANT ALL ON FUNCTION public.may_share_presence(topic text) TO service_role;


--
-- Name: TABLE open_records; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.open_records FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.open_records TO service_role;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.open_records TO authenticated;


ALTER PUBLICATION supabase_realtime ADD TABLE public.audit_log;

CREATE POLICY "Editors of a record see who else edits it" ON realtime.messages AS PERMISSIVE FOR SELECT TO authenticated
  USING (((extension = 'presence'::text) AND ( SELECT public.may_share_presence(( SELECT realtime.topic() AS topic)) AS may_share_presence)));

CREATE POLICY "Editors of a record show they edit it" ON realtime.messages AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK (((extension = 'presence'::text) AND ( SELECT public.may_share_presence(( SELECT realtime.topic() AS topic)) AS may_share_presence)));

-- ======================================================================
-- supabase/schemas/30_app_data.sql

-- The mobile app's data (profiles, scans, chats, messages, devices, payments) with their policies,
-- the admin's views over them, owner emails, the dashboard's counters and the paging functions.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: admin_list_users(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.admin_list_users(search text DEFAULT NULL::text) RETURNS TABLE(id uuid, email text, phone text, email_confirmed_at timestamp with time zone, phone_confirmed_at timestamp with time zone, created_at timestamp with time zone, updated_at timestamp with time zone, last_sign_in_at timestamp with time zone, provider text, role text, aud text, banned_until timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  words text[] := array(select w from regexp_split_to_table(lower(coalesce(search, '')), '\s+') w where w <> '');
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;

  return query
    select u.id,
           u.email::text,
           u.phone,
           u.email_confirmed_at,
           u.phone_confirmed_at,
           u.created_at,
           u.updated_at,
           u.last_sign_in_at,
           coalesce(u.raw_app_meta_data ->> 'provider', 'email'),
           coalesce(u.role::text, 'authenticated'),
           u.aud::text,
           u.banned_until
      from auth.users u
     where u.deleted_at is null
       and not exists (
         select 1 from unnest(words) w
          where coalesce(strpos(lower(u.email), w), 0) = 0
            and coalesce(strpos(lower(u.phone), w), 0) = 0
            and strpos(u.id::text, w) = 0)
     order by u.created_at desc, u.id;
end
$$;


--
-- Name: admin_owner_ids(text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.admin_owner_ids(words text[]) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  max_ids constant integer := 50;
  word text;
  ids uuid[];
  result jsonb := '[]';
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if words is null or exists (select 1 from pg_catalog.unnest(words) w where w is null) then
    raise exception 'words must be an array of words' using errcode = '22023';
  end if;
  foreach word in array words loop
    -- Bounded work: past the 50th word, "too many to list" (the app then matches owner_email).
    if pg_catalog.jsonb_array_length(result) >= 50 then
      result := result || '[null]'::jsonb;
      continue;
    end if;
    -- No email is longer than auth.users.email's 255 characters: a longer word names no one.
    if pg_catalog.length(word) > 255 then
      result := result || '[[]]'::jsonb;
      continue;
    end if;
    -- Contains the word, case-insensitively and literally: LIKE's \ % _ escaped.
    ids := array(
      select e.user_id from private.user_emails e
       where pg_catalog.lower(e.email) like
             '%' || pg_catalog.regexp_replace(pg_catalog.lower(word), '([\\%_])', '\\\1', 'g') || '%'
       limit max_ids + 1);
    result := result || pg_catalog.jsonb_build_array(
      case when pg_catalog.cardinality(ids) > max_ids then null else pg_catalog.to_jsonb(ids) end);
  end loop;
  return result;
end
$$;


--
-- Name: FUNCTION admin_owner_ids(words text[]); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.admin_owner_ids(words text[]) IS 'For each word, the ids of the users whose email contains it (case-insensitive), or null past 50. Admins only.';


--
-- Name: refuse_admin_view_write(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.refuse_admin_view_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  raise exception 'permission denied for view %', tg_table_name using errcode = '42501';
end;
$$;


--
-- Name: row_counts_deleted(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.row_counts_deleted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update private.row_counts set n = n - (select count(*) from old_rows) where table_name = tg_table_name;
  return null;
end
$$;


--
-- Name: row_counts_inserted(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.row_counts_inserted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update private.row_counts set n = n + (select count(*) from new_rows) where table_name = tg_table_name;
  return null;
end
$$;


--
-- Name: row_counts_truncated(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.row_counts_truncated() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update private.row_counts set n = 0 where table_name = tg_table_name;
  return null;
end
$$;


--
-- Name: scan_counts_hourly_apply(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.scan_counts_hourly_apply() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  changes text := case tg_op
    when 'INSERT' then 'select created_at, 1 as sign from new_rows'
    when 'DELETE' then 'select created_at, -1 as sign from old_rows'
    else 'select created_at, 1 as sign from new_rows union all select created_at, -1 from old_rows'
  end;
  emptied timestamptz[];
begin
  execute format($sql$
    with upserted as (
      insert into private.scan_counts_hourly as h (hour, scans)
      select date_trunc('hour', c.created_at, 'UTC'), sum(c.sign)
        from (%s) c
       group by 1
      having sum(c.sign) <> 0
       order by 1
      on conflict (hour) do update set scans = h.scans + excluded.scans
      returning h.hour, h.scans
    )
    select array_agg(hour) filter (where scans = 0) from upserted
  $sql$, changes)
  into emptied;
  if emptied is not null then
    delete from private.scan_counts_hourly h where h.hour = any (emptied);
  end if;
  return null;
end
$_$;


--
-- Name: scan_counts_hourly_clear(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.scan_counts_hourly_clear() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from private.scan_counts_hourly;
  return null;
end
$$;


--
-- Name: scan_stats_daily_apply(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.scan_stats_daily_apply() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  -- A trigger with transition tables may fire on one event only, so each event has its own
  -- trigger and names only the transition tables it has; EXECUTE lets one query read whichever.
  changes text := case tg_op
    when 'INSERT' then 'select created_at, health_score, 1 as sign from new_rows'
    when 'DELETE' then 'select created_at, health_score, -1 as sign from old_rows'
    else 'select created_at, health_score, 1 as sign from new_rows
          union all select created_at, health_score, -1 from old_rows'
  end;
  emptied date[];
begin
  execute format($sql$
    with upserted as (
      insert into private.scan_stats_daily as d (day, scans, scored, score_sum, excellent, good, fair, poor)
      select (c.created_at at time zone 'UTC')::date,
             sum(c.sign),
             coalesce(sum(c.sign) filter (where c.health_score is not null), 0),
             coalesce(sum(c.sign * c.health_score), 0),
             coalesce(sum(c.sign) filter (where c.health_score between 80 and 100), 0),
             coalesce(sum(c.sign) filter (where c.health_score between 60 and 79), 0),
             coalesce(sum(c.sign) filter (where c.health_score between 40 and 59), 0),
             coalesce(sum(c.sign) filter (where c.health_score between 0 and 39), 0)
        from (%s) c
       group by 1
      having sum(c.sign) <> 0
          or sum(c.sign) filter (where c.health_score is not null) <> 0
          or sum(c.sign * c.health_score) <> 0
          or sum(c.sign) filter (where c.health_score between 80 and 100) <> 0
          or sum(c.sign) filter (where c.health_score between 60 and 79) <> 0
          or sum(c.sign) filter (where c.health_score between 40 and 59) <> 0
          or sum(c.sign) filter (where c.health_score between 0 and 39) <> 0
       order by 1
      on conflict (day) do update set
        scans = d.scans + excluded.scans,
        scored = d.scored + excluded.scored,
        score_sum = d.score_sum + excluded.score_sum,
        excellent = d.excellent + excluded.excellent,
        good = d.good + excluded.good,
        fair = d.fair + excluded.fair,
        poor = d.poor + excluded.poor
      returning d.day, d.scans
    )
    select array_agg(day) filter (where scans = 0) from upserted
  $sql$, changes)
  into emptied;

  if emptied is not null then
    delete from private.scan_stats_daily d where d.day = any (emptied);
  end if;
  return null;
end
$_$;


--
-- Name: scan_stats_daily_clear(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.scan_stats_daily_clear() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from private.scan_stats_daily;
  return null;
end
$$;


--
-- Name: scans_created_between(timestamp with time zone, timestamp with time zone); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.scans_created_between(after timestamp with time zone, up_to timestamp with time zone) RETURNS bigint
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  first_hour timestamptz := date_trunc('hour', after, 'UTC');
  last_hour timestamptz := date_trunc('hour', up_to, 'UTC');
begin
  if first_hour >= last_hour then
    return (select count(*) from public.scans s where s.created_at > after and s.created_at <= up_to);
  end if;
  return (select coalesce(sum(h.scans), 0) from private.scan_counts_hourly h
           where h.hour > first_hour and h.hour < last_hour)
       + (select count(*) from public.scans s
           where s.created_at > after and s.created_at < first_hour + interval '1 hour')
       + (select count(*) from public.scans s where s.created_at >= last_hour and s.created_at <= up_to);
end
$$;


--
-- Name: sync_user_email(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.sync_user_email() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into private.user_emails as e (user_id, email)
  values (new.id, new.email)
  on conflict (user_id) do update set email = excluded.email
    where e.email is distinct from excluded.email;
  return null;
end
$$;


--
-- Name: admin_dashboard_stats(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_dashboard_stats() RETURNS json
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  result json;
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;

  select json_build_object(
    'scans', score.total,
    'profiles', (select c.n from private.row_counts c where c.table_name = 'profiles'),
    'chats', (select c.n from private.row_counts c where c.table_name = 'chats'),
    'payments', (select c.n from private.row_counts c where c.table_name = 'payments'),
    'news', (select c.n from private.row_counts c where c.table_name = 'news'),
    'health_tips', (select c.n from private.row_counts c where c.table_name = 'health_tips'),
    -- avg(integer) is numeric sum / count; the same division here gives the same rounding
    'avg_health_score', round(score.score_sum::numeric / nullif(score.scored, 0))::integer,
    'score_distribution', json_build_object(
      'excellent', score.excellent,
      'good', score.good,
      'fair', score.fair,
      'poor', score.poor
    ),
    'scans_trend_pct', case
      when trend.previous_week = 0 then null
      else round((trend.last_week - trend.previous_week) * 100.0 / trend.previous_week, 1)
    end,
    'recent_scans', coalesce(
      (select json_agg(json_build_object('id', r.id, 'name', r.name, 'health_score', r.health_score,
                                         'created_at', r.created_at) order by r.created_at desc, r.id)
         from (select s.id, s.name, s.health_score, s.created_at
                 from public.scans s
                order by s.created_at desc, s.id
                limit 5) r),
      '[]'::json)
  )
  into result
  from (
    select coalesce(sum(d.scans), 0)::bigint as total,
           coalesce(sum(d.scored), 0)::bigint as scored,
           coalesce(sum(d.score_sum), 0)::bigint as score_sum,
           coalesce(sum(d.excellent), 0)::bigint as excellent,
           coalesce(sum(d.good), 0)::bigint as good,
           coalesce(sum(d.fair), 0)::bigint as fair,
           coalesce(sum(d.poor), 0)::bigint as poor
      from private.scan_stats_daily d
  ) score,
  (
    select private.scans_created_between(now() - interval '7 days', now()) as last_week,
           private.scans_created_between(now() - interval '14 days', now() - interval '7 days') as previous_week
  ) trend;

  return result;
end
$$;


--
-- Name: admin_list_users(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_list_users(search text DEFAULT NULL::text) RETURNS TABLE(id uuid, email text, phone text, email_confirmed_at timestamp with time zone, phone_confirmed_at timestamp with time zone, created_at timestamp with time zone, updated_at timestamp with time zone, last_sign_in_at timestamp with time zone, provider text, role text, aud text, banned_until timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.has_admin_role('owner', 'support') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return query select * from private.admin_list_users(search);
end
$$;

-- ======================================================================
-- supabase/schemas/31_app_data_admin_reads.sql

-- The mobile app's data: its functions (after supabase/schemas/30_app_data.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: admin_owner_ids(text[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_owner_ids(words text[]) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.has_admin_role('owner', 'support') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return private.admin_owner_ids(words);
end
$$;


--
-- Name: FUNCTION admin_owner_ids(words text[]); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_owner_ids(words text[]) IS 'For each word, the ids of the users whose email contains it (case-insensitive), or null past 50. Owners and support.';


--
-- Name: admin_page(text, text, jsonb, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  max_rows constant integer := 1000;
  total bigint;
  plan jsonb;
  page_end bigint;
  rows jsonb;
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if read_relation is null or skip is null or take is null then
    raise exception 'read_relation, skip and take are required' using errcode = '22023';
  end if;
  if not admin_reads.walks_every_row(relation) then
    -- The planner's estimate counts rows the caller cannot read: the rows it may read, exactly.
    execute pg_catalog.format('select pg_catalog.count(*) from public.%I', read_relation) into total;
  else
    -- PostgREST counts exactly (here: max-rows + 1 at most), and past max-rows takes the planner's
    -- estimate, never below what it counted.
    execute pg_catalog.format(
      'select pg_catalog.count(*) from (select 1 from public.%I limit %s) c', read_relation, max_rows + 1)
      into total;
    if total > max_rows then
      execute pg_catalog.format('explain (format json) select 1 from public.%I', read_relation) into plan;
      total := greatest(total, (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric::bigint);
    end if;
  end if;

  page_end := least(skip::bigint + take, total);
  if skip <= total / 2.0 or page_end <= skip then
    rows := public.admin_page_rows(relation, read_relation, sort_terms, skip, take);
  else
    -- Past the middle: the same rows from the end, every term's direction flipped, then put back.
    select public.admin_page_rows(
             relation, read_relation,
             (select pg_catalog.jsonb_agg(
                       pg_catalog.jsonb_set(t, '{ascending}', pg_catalog.to_jsonb(not (t ->> 'ascending')::boolean))
                       order by n)
                from pg_catalog.jsonb_array_elements(sort_terms) with ordinality as e(t, n)),
             (total - page_end)::integer, (page_end - skip)::integer)
      into rows;
    select coalesce(pg_catalog.jsonb_agg(r order by n desc), '[]')
      into rows
      from pg_catalog.jsonb_array_elements(rows) with ordinality as e(r, n);
  end if;
  return pg_catalog.jsonb_build_object('total', total, 'rows', rows);
end
$$;


--
-- Name: FUNCTION admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) IS 'The total of an admin list (as count=estimated counts it for a role that reads every row of the table, else the exact count of the rows the caller may read) and its rows skip..skip+take-1, read from the nearer end. Admins only.';


--
-- Name: admin_page_rows(text, text, jsonb, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  rel oid := pg_catalog.to_regclass(pg_catalog.format('public.%I', relation));
  read_rel oid := pg_catalog.to_regclass(pg_catalog.format('public.%I', read_relation));
  order_by text;
  page_ids uuid[];
  result jsonb;
  shown integer;
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  -- The list's rows come from `relation` itself or a view that reads it (through other views too).
  if rel is null or read_rel is null or not exists (
    with recursive reads(oid) as (
      select read_rel
      union
      select d.refobjid
        from reads r
        join pg_catalog.pg_rewrite w on w.ev_class = r.oid
        join pg_catalog.pg_depend d
          on d.classid = 'pg_catalog.pg_rewrite'::pg_catalog.regclass and d.objid = w.oid
         and d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass and d.refobjid <> r.oid)
    select 1 from reads where oid = rel)
  then
    raise exception 'No paging for relation %', read_relation using errcode = '22023';
  end if;
  order_by := admin_reads.page_order(relation, sort_terms, skip, take);
  -- The order is one the list itself can take: its columns are the read relation's too.
  if exists (
    select 1 from pg_catalog.jsonb_array_elements(sort_terms) t
     where not exists (
       select 1 from pg_catalog.pg_attribute a
        where a.attrelid = read_rel and a.attname = t ->> 'field' and a.attnum > 0 and not a.attisdropped))
  then
    raise exception 'Unknown sort column' using errcode = '42703';
  end if;

  -- A role that reads every row: the page found through an index only (null for any other).
  page_ids := admin_reads.page_ids(relation, sort_terms, skip, take);
  if page_ids is null then
    -- The rows the caller may read, filtered first (offset 0 keeps the planner from walking an index
    -- through rows it hides, whose number before the page would tell in the time taken), then
    -- ordered: nothing the caller cannot read takes a place in the order.
    execute pg_catalog.format(
      'select coalesce(jsonb_agg(p.r order by p.n), ''[]'') from (
         select to_jsonb(v) as r, row_number() over (order by %1$s) as n
           from (select * from public.%2$I offset 0) v
          order by %1$s offset $1 limit $2) p',
      order_by, read_relation)
      into result
      using skip, take;
    return result;
  end if;

  -- The page's rows read by primary key as the caller, so grants and row-level security still apply.
  execute pg_catalog.format(
    'select coalesce(jsonb_agg(to_jsonb(v) order by array_position($1, v.id)), ''[]''), count(*)::integer from public.%I v where v.id = any($1)',
    read_relation)
    into result, shown
    using page_ids;
  -- Never so while private.paging_walks() and the policies agree (descriptors.test.ts).
  if shown < pg_catalog.cardinality(page_ids) then
    raise exception 'The paging walk of % is declared for a role that does not read every row', relation
      using errcode = 'XX000';
  end if;
  return result;
end
$$;


--
-- Name: FUNCTION admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) IS 'Rows skip..skip+take-1 of an admin list in the given order, read as the caller from the list''s table or a view of it: found through an index only for a role that reads every row of the table, else among the rows the caller may read. Operators only.';


--
-- Name: admin_person(uuid, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_person(person uuid, per_section integer DEFAULT 5) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  take integer := least(greatest(coalesce(per_section, 5), 1), 20);
  address text;
  account jsonb;
  -- The trail's own rule (its select policy, supabase/schemas/20_audit.sql): a versioned record's
  -- history to whoever may restore it, none of it to anyone else; other entries to owners, and
  -- each operator's own.
  all_entries boolean := public.has_admin_role('owner');
  me uuid := auth.uid();
  readable text[];
  hidden text[];
  -- The sections follow the screens the caller's role lists (private.list_readers).
  screens text[] := private.listed_screens(public.admin_role());
  page jsonb;
begin
  if not 'users' = any (screens) then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;

  select to_jsonb(u), u.email into account, address
    from (select x.id, x.email::text as email, x.phone, x.email_confirmed_at, x.phone_confirmed_at,
                 x.created_at, x.updated_at, x.last_sign_in_at,
                 coalesce(x.raw_app_meta_data ->> 'provider', 'email') as provider, x.role::text as role, x.aud::text as aud,
                 x.banned_until
            from auth.users x where x.id = person) u;
  if account is null then
    return null;
  end if;
  select h.readable, h.hidden into readable, hidden from public.record_history_access() h;

  page := jsonb_build_object(
    'user', account,
    'profiles', jsonb_build_object(
      'total', (select count(*) from public.profiles p where p.user_id = person),
      'rows', coalesce((select jsonb_agg(r) from (
        select p.id, p.name, p.relationship, p.allergies, p.health_conditions, p.created_at
          from public.profiles p where p.user_id = person
         order by p.created_at desc, p.id desc limit take) r), '[]')),
    'scans', jsonb_build_object(
      'total', (select count(*) from public.scans s where s.user_id = person),
      'rows', coalesce((select jsonb_agg(r) from (
        select s.id, s.name, s.image_url, s.image_path, s.health_score, s.category, s.created_at
          from public.scans s where s.user_id = person
         order by s.created_at desc, s.id desc limit take) r), '[]')),
    'chats', jsonb_build_object(
      'total', (select count(*) from public.chats c where c.user_id = person),
      'rows', coalesce((select jsonb_agg(r) from (
        select c.id, c.title, c.created_at,
               (select count(*) from public.messages m where m.chat_id = c.id) as message_count
          from public.chats c where c.user_id = person
         order by c.created_at desc, c.id desc limit take) r), '[]')),
    -- A device's token is the push address itself: the page names the platform and dates only.
    'devices', jsonb_build_object(
      'total', (select count(*) from public.user_devices d where d.user_id = person),
      'rows', coalesce((select jsonb_agg(r) from (
        select d.id, d.platform, d.created_at, d.updated_at
          from public.user_devices d where d.user_id = person
         order by d.updated_at desc, d.id desc limit take) r), '[]')),
    'notifications', jsonb_build_object(
      'total', (select count(*) from public.notifications n where n.user_id = person),
      'rows', coalesce((select jsonb_agg(r) from (
        select n.id, n.title, n.body, n.status, n.error, n.created_at, s.email as sender_email
          from public.notifications n
          left join private.user_emails s on s.user_id = n.sent_by
         where n.user_id = person
         order by n.created_at desc, n.id desc limit take) r), '[]')),
    'contact_messages', jsonb_build_object(
      'total', (select count(*) from public.contact_messages m where address is not null and lower(m.email) = lower(address)),
      'rows', coalesce((select jsonb_agg(r) from (
        select m.id, m.subject, m.status, m.created_at
          from public.contact_messages m where address is not null and lower(m.email) = lower(address)
         order by lower(m.email), m.created_at desc limit take) r), '[]')),
    'audit', jsonb_build_object(
      'total', (select count(*) from public.audit_log a
                 where (a.record_id = person::text or a.actor_id = person)
                   and (a.resource = any (readable) or ((all_entries or a.actor_id = me) and not a.resource = any (hidden)))),
      'rows', coalesce((select jsonb_agg(r) from (
        select a.id, a.occurred_at, a.action, a.resource, a.record_id, a.actor_id, a.actor_email
          from ((select x.* from public.audit_log x where x.record_id = person::text
                  and (x.resource = any (readable) or ((all_entries or x.actor_id = me) and not x.resource = any (hidden)))
                  order by x.record_id, x.occurred_at desc, x.id desc limit take)
                union
                (select x.* from public.audit_log x where x.actor_id = person
                  and (x.resource = any (readable) or ((all_entries or x.actor_id = me) and not x.resource = any (hidden)))
                  order by x.actor_id, x.occurred_at desc, x.id desc limit take)) a
         order by a.occurred_at desc, a.id desc limit take) r), '[]'))
  );
  -- Each section only for a role that lists its screen; the account and its devices are the Users screen's.
  return (select jsonb_object_agg(e.key, e.value) from jsonb_each(page) e
           where replace(case e.key when 'user' then 'users' when 'devices' then 'users' when 'audit' then 'audit-log'
                         else e.key end, '_', '-') = any (screens));
end
$$;


--
-- Name: FUNCTION admin_person(person uuid, per_section integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_person(person uuid, per_section integer) IS 'A person''s page in one read: the account and, per section, the newest per_section rows and the total. Owners and support; null when there is no such user.';


--
-- Name: admin_search(text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_search(q text, per_kind integer DEFAULT 5) RETURNS TABLE(kind text, id text, title text, detail text, owner_id uuid, owner_email text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_custom_plan'
    AS $_$
declare
  caller_role text := public.admin_role();
  term text := btrim(coalesce(q, ''));
  pattern text := private.contains_pattern(term);
  texts boolean := char_length(term) >= 3;
  low uuid;
  high uuid;
  take integer := least(greatest(coalesce(per_kind, 5), 1), 10);
  -- The kinds the caller's role lists (private.list_readers, the registry's list access).
  kinds text[] := private.listed_screens(caller_role);
begin
  if caller_role is null then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if char_length(term) > 200 then
    raise exception 'The search is longer than 200 characters' using errcode = '22023';
  end if;
  select r.low, r.high into low, high from private.uuid_prefix_range(term) r;

  if 'users' = any (kinds) then
    return query
      select 'users', u.id::text, coalesce(u.email::text, u.phone, u.id::text), u.phone, u.id, u.email::text, u.created_at
        from auth.users u
       where u.id in (
               (select e.user_id from private.user_emails e
                 where texts and lower(e.email) like pattern limit take)
               union
               (select x.id from auth.users x
                 where low is not null and x.id between low and high limit take)
               union
               -- Phones only for a query of digits (auth.users has no index to offer; it is the
               -- smallest table here).
               (select x.id from auth.users x
                 where term ~ '^\+?[0-9][0-9 ]{2,}$' and x.phone like '%' || replace(ltrim(term, '+'), ' ', '') || '%'
                 limit take))
       order by u.created_at desc
       limit take;
  end if;

  if 'profiles' = any (kinds) then
    return query
      select 'profiles', p.id::text, p.name, p.relationship, p.user_id, e.email, p.created_at
        from (select x.* from public.profiles x where texts and x.name ilike pattern limit take) p
        left join private.user_emails e on e.user_id = p.user_id;
  end if;

  if 'scans' = any (kinds) then
    return query
      select 'scans', s.id::text, coalesce(s.name, s.id::text), s.category, s.user_id, e.email, s.created_at
        from ((select x.* from public.scans x where low is not null and x.id between low and high limit take)
              union all
              (select x.* from public.scans x where texts and x.name ilike pattern limit take)
              limit take) s
        left join private.user_emails e on e.user_id = s.user_id;
  end if;

  if 'chats' = any (kinds) then
    return query
      select 'chats', c.id::text, coalesce(c.title, c.id::text), null::text, c.user_id, e.email, c.created_at
        from ((select x.* from public.chats x where low is not null and x.id between low and high limit take)
              union all
              (select x.* from public.chats x where texts and x.title ilike pattern limit take)
              limit take) c
        left join private.user_emails e on e.user_id = c.user_id;
  end if;

  if 'contact-messages' = any (kinds) then
    return query
      select 'contact-messages', m.id::text, btrim(m.first_name || ' ' || m.last_name), m.subject,
             (select e.user_id from private.user_emails e where lower(e.email) = lower(m.email) limit 1),
             m.email, m.created_at
        from public.contact_messages m
       where texts and lower(m.first_name || ' ' || m.last_name || ' ' || m.email || ' ' || m.subject) like pattern
       limit take;
  end if;

  if 'news' = any (kinds) then
    return query
      -- A hit on the Hindi text only is shown by its Hindi title, the text that was found.
      select 'news', n.id::text,
             case when n.title ilike pattern then n.title else coalesce(n.translations -> 'hi' ->> 'title', n.title) end,
             null::text, null::uuid, null::text, n.created_at
        from public.news n
       where texts and (n.title ilike pattern or (n.translations -> 'hi' ->> 'title') ilike pattern) limit take;
  end if;
  if 'health-tips' = any (kinds) then
    return query
      select 'health-tips', t.id::text,
             case when t.tip ilike pattern then t.tip else coalesce(t.translations -> 'hi' ->> 'tip', t.tip) end,
             null::text, null::uuid, null::text, t.created_at
        from public.health_tips t
       where texts and (t.tip ilike pattern or (t.translations -> 'hi' ->> 'tip') ilike pattern) limit take;
  end if;
  if 'tags' = any (kinds) then
    return query
      select 'tags', t.id::text,
             case when t.label ilike pattern or t.key ilike pattern then t.label
                  else coalesce(t.translations -> 'hi' ->> 'label', t.label) end,
             t.key, null::uuid, null::text, t.created_at
        from public.tags t
       where texts and (t.label ilike pattern or t.key ilike pattern or (t.translations -> 'hi' ->> 'label') ilike pattern)
       limit take;
  end if;

  if 'team' = any (kinds) then
    return query
      -- From the team's few rows to their addresses (not the other way round, through every user's).
      select 'team', a.user_id::text, e.email, a.role, a.user_id, e.email, a.created_at
        from public.admin_users a
       cross join lateral (select x.email from private.user_emails x where x.user_id = a.user_id) e
       where texts and lower(e.email) like pattern
       order by e.email
       limit take;
  end if;
end
$_$;


--
-- Name: FUNCTION admin_search(q text, per_kind integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_search(q text, per_kind integer) IS 'The command palette: up to per_kind records of each kind the caller''s role reads whose text contains q (3+ characters) or whose id starts with q (4+ hex digits).';

-- ======================================================================
-- supabase/schemas/32_app_data_paging.sql

-- The mobile app's data: its tables, functions (after supabase/schemas/31_app_data_admin_reads.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: user_emails; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.user_emails (
    user_id uuid NOT NULL,
    email text
);


--
-- Name: TABLE user_emails; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.user_emails IS 'Each auth user''s email, kept by a trigger on auth.users, trigram-indexed for the admin''s owner search.';


--
-- Name: chats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.chats (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid,
    title text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT chats_title_length CHECK ((char_length(title) <= 200))
);


--
-- Name: messages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    chat_id uuid NOT NULL,
    role text NOT NULL,
    content text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT messages_role_not_blank CHECK (((role ~ '\S'::text) AND (char_length(role) <= 20)))
);


--
-- Name: page_ids(text, jsonb, integer, integer); Type: FUNCTION; Schema: admin_reads; Owner: -
--

CREATE FUNCTION admin_reads.page_ids(relation text, sort_terms jsonb, skip integer, take integer) RETURNS uuid[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  order_by text := admin_reads.page_order(relation, sort_terms, skip, take);
  newest_first constant jsonb := '[{"field": "created_at", "ascending": false}, {"field": "id", "ascending": false}]';
  oldest_first constant jsonb := '[{"field": "created_at", "ascending": true}, {"field": "id", "ascending": true}]';
  boundary date;
  rows_before bigint;
  forwards boolean;
  page_ids uuid[];
begin
  -- The walk sees every row: only for a role that may read every one of them; no ids for others.
  if not admin_reads.walks_every_row(relation) then
    return null;
  end if;

  -- Scans by creation time (the list's default order, either way): the exact per-UTC-day counts
  -- the dashboard keeps (private.scan_stats_daily, maintained by triggers) say which day holds row
  -- `skip`, so the index walk starts at that day's edge and skips less than a day's scans, whatever
  -- the table's size.
  if relation = 'scans' and sort_terms in (newest_first, oldest_first) then
    forwards := sort_terms = oldest_first;
    -- rows_before: the scans of the days read before this one; the day holding row `skip` is the
    -- last day read whose rows_before is at most `skip`.
    select d.day, d.before into boundary, rows_before
      from (select day,
                   case when forwards then sum(scans) over (order by day)
                        else sum(scans) over (order by day desc) end - scans as before
              from private.scan_stats_daily) d
     where d.before <= skip
     order by d.before desc
     limit 1;
    if boundary is null then
      return '{}';
    elsif forwards then
      return array(
        select s.id from public.scans s
         where s.created_at >= (boundary::timestamp at time zone 'UTC')
         order by s.created_at, s.id
        offset skip - rows_before limit take);
    else
      return array(
        select s.id from public.scans s
         where s.created_at < ((boundary + 1)::timestamp at time zone 'UTC')
         order by s.created_at desc, s.id desc
        offset skip - rows_before limit take);
    end if;
  end if;

  execute pg_catalog.format('select array(select id from public.%I order by %s offset $1 limit $2)', relation, order_by)
    into page_ids
    using skip, take;
  return page_ids;
end
$_$;


--
-- Name: FUNCTION page_ids(relation text, sort_terms jsonb, skip integer, take integer); Type: COMMENT; Schema: admin_reads; Owner: -
--

COMMENT ON FUNCTION admin_reads.page_ids(relation text, sort_terms jsonb, skip integer, take integer) IS 'The ids of rows skip..skip+take-1 of a public table with row-level security in the given order, found through an index only. Null unless the caller''s role reads every row of it (admin_reads.walks_every_row); called by public.admin_page_rows.';


--
-- Name: page_order(text, jsonb, integer, integer); Type: FUNCTION; Schema: admin_reads; Owner: -
--

CREATE FUNCTION admin_reads.page_order(relation text, sort_terms jsonb, skip integer, take integer) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  rel oid := pg_catalog.to_regclass(pg_catalog.format('public.%I', relation));
  order_by text;
begin
  -- Any list's base table, by the catalog: a table of public with row-level security and a uuid id.
  if rel is null or not exists (
    select 1 from pg_catalog.pg_class c
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attname = 'id' and not a.attisdropped
     where c.oid = rel and c.relkind in ('r', 'p') and c.relrowsecurity
       and a.atttypid = 'uuid'::pg_catalog.regtype)
  then
    raise exception 'No paging for relation %', relation using errcode = '22023';
  end if;
  if skip is null or skip < 0 or take is null or take < 1 or take > 1000 then
    raise exception 'skip must be 0 or more and take 1 to 1000' using errcode = '22023';
  end if;
  if pg_catalog.jsonb_typeof(sort_terms) is distinct from 'array' or pg_catalog.jsonb_array_length(sort_terms) = 0
     or exists (
       select 1 from pg_catalog.jsonb_array_elements(sort_terms) t
        where pg_catalog.jsonb_typeof(t -> 'field') is distinct from 'string'
           or pg_catalog.jsonb_typeof(t -> 'ascending') is distinct from 'boolean')
  then
    raise exception 'sort_terms must be a non-empty array of {field, ascending}' using errcode = '22023';
  end if;
  if exists (
    select 1 from pg_catalog.jsonb_array_elements(sort_terms) t
     where not exists (
       select 1 from pg_catalog.pg_attribute a
        where a.attrelid = rel and a.attname = t ->> 'field' and a.attnum > 0 and not a.attisdropped))
  then
    raise exception 'Unknown sort column' using errcode = '42703';
  end if;
  -- PostgREST's asc is SQL's asc (nulls last) and its desc SQL's desc (nulls first): same order.
  select pg_catalog.string_agg(
           pg_catalog.format('%I %s', t ->> 'field', case when (t ->> 'ascending')::boolean then 'asc' else 'desc' end),
           ', ' order by n)
    into order_by
    from pg_catalog.jsonb_array_elements(sort_terms) with ordinality as e(t, n);
  return order_by;
end
$$;


--
-- Name: FUNCTION page_order(relation text, sort_terms jsonb, skip integer, take integer); Type: COMMENT; Schema: admin_reads; Owner: -
--

COMMENT ON FUNCTION admin_reads.page_order(relation text, sort_terms jsonb, skip integer, take integer) IS 'The ORDER BY of a page of the public table `relation` (columns as quoted identifiers), once the table, the window and the terms are checked.';


--
-- Name: walks_every_row(text); Type: FUNCTION; Schema: admin_reads; Owner: -
--

CREATE FUNCTION admin_reads.walks_every_row(relation text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from private.paging_walks() w
     where w.relation = walks_every_row.relation and public.has_admin_role(variadic array[w.role]))
$$;


--
-- Name: FUNCTION walks_every_row(relation text); Type: COMMENT; Schema: admin_reads; Owner: -
--

COMMENT ON FUNCTION admin_reads.walks_every_row(relation text) IS 'Whether the caller''s operator role reads every row of the public table `relation`, as private.paging_walks() declares: only then is its page found by admin_reads.page_ids.';


--
-- Name: may_estimate(text); Type: FUNCTION; Schema: admin_reads; Owner: -
--

CREATE FUNCTION admin_reads.may_estimate(path text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- The relation a REST path reads ('/audit_log', '/admin_scans'; a function's '/rpc/…' reads none
  -- this can vouch for): a table, or an admin list's view public.admin_<table> of its table (whose
  -- joins, the owner's email or a count of messages, add no rows). The estimate is blind to hidden
  -- rows only when the caller's role reads every row of that table (admin_reads.walks_every_row).
  select path !~ '(^|/)rpc/' and coalesce((
    select admin_reads.walks_every_row(
             case when c.relkind = 'v' then pg_catalog.substring(c.relname, '^admin_(.+)$') else c.relname end)
      from pg_catalog.pg_class c
     where c.relnamespace = 'public'::pg_catalog.regnamespace
       and c.relname = pg_catalog.substring(path, '([^/]+)/?$')
       and c.relkind in ('r', 'p', 'v')), false)
$$;


--
-- Name: FUNCTION may_estimate(path text); Type: COMMENT; Schema: admin_reads; Owner: -
--

COMMENT ON FUNCTION admin_reads.may_estimate(path text) IS 'Whether a planned or estimated count of the REST path `path` is blind to rows the caller cannot read: it reads a public table, or the admin list view public.admin_<table> of one, every row of which the caller''s operator role reads (admin_reads.walks_every_row). Asked by public.pre_request.';


--
-- Name: paging_walks(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.paging_walks() RETURNS TABLE(relation text, role text)
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  values ('chats', 'owner'), ('chats', 'support'),
         ('contact_messages', 'owner'), ('contact_messages', 'support'),
         ('health_tips', 'editor'), ('health_tips', 'owner'), ('health_tips', 'support'),
         ('news', 'editor'), ('news', 'owner'), ('news', 'support'),
         ('notifications', 'owner'), ('notifications', 'support'),
         ('profiles', 'owner'), ('profiles', 'support'),
         ('scans', 'owner'), ('scans', 'support'),
         ('tags', 'editor'), ('tags', 'owner'), ('tags', 'support')
$$;


--
-- Name: FUNCTION paging_walks(); Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON FUNCTION private.paging_walks() IS 'The tables whose deep pages an operator role may find by an index-only walk as the definer: the role reads every row of the table. Declared by the resources'' `seek`; supabase/tests/descriptors.test.ts checks both and the policies.';

-- ======================================================================
-- supabase/schemas/33_app_data_tables.sql

-- The mobile app's data: its tables (after supabase/schemas/32_app_data_paging.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: chats; Type: VIEW; Schema: admin_reads; Owner: -
--

CREATE VIEW admin_reads.chats AS
 SELECT c.id,
    c.user_id,
    c.title,
    c.created_at,
    c.updated_at,
    u.email AS owner_email,
    (( SELECT count(*) AS count
           FROM public.messages m
          WHERE (m.chat_id = c.id)))::integer AS message_count
   FROM (public.chats c
     LEFT JOIN private.user_emails u ON ((u.user_id = c.user_id)))
  WHERE ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role);


--
-- Name: profiles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.profiles (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    name text NOT NULL,
    avatar text,
    relationship text,
    age integer,
    gender text,
    height numeric(5,1),
    weight numeric(5,1),
    date_of_birth date,
    health_conditions text[] DEFAULT '{}'::text[] NOT NULL,
    allergies text[] DEFAULT '{}'::text[] NOT NULL,
    dietary_restrictions text[] DEFAULT '{}'::text[] NOT NULL,
    scans_count integer DEFAULT 0 NOT NULL,
    avg_health_score numeric(5,2),
    last_scan_date timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    avatar_path text,
    CONSTRAINT profiles_age_range CHECK (((age >= 0) AND (age <= 150))),
    CONSTRAINT profiles_avatar_http CHECK (((avatar IS NULL) OR public.is_http_url(avatar))),
    CONSTRAINT profiles_avatar_path_relative CHECK (((avatar_path IS NULL) OR ((avatar_path ~ '^[^/]'::text) AND (avatar_path !~ '(^|/)\.\.?(/|$)'::text) AND (length(avatar_path) <= 1024)))),
    CONSTRAINT profiles_avg_health_score_range CHECK (((avg_health_score >= (0)::numeric) AND (avg_health_score <= (100)::numeric))),
    CONSTRAINT profiles_gender_length CHECK ((char_length(gender) <= 30)),
    CONSTRAINT profiles_height_range CHECK (((height > (0)::numeric) AND (height < (300)::numeric))),
    CONSTRAINT profiles_name_not_blank CHECK (((name ~ '\S'::text) AND (char_length(name) <= 100))),
    CONSTRAINT profiles_relationship_length CHECK ((char_length(relationship) <= 50)),
    CONSTRAINT profiles_scans_count_non_negative CHECK ((scans_count >= 0)),
    CONSTRAINT profiles_weight_range CHECK (((weight > (0)::numeric) AND (weight < (500)::numeric)))
);


--
-- Name: COLUMN profiles.avatar_path; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.profiles.avatar_path IS 'The avatar''s path in the avatars bucket (<user id>/<file>).';


--
-- Name: profiles; Type: VIEW; Schema: admin_reads; Owner: -
--

CREATE VIEW admin_reads.profiles AS
 SELECT p.id,
    p.user_id,
    p.name,
    p.avatar,
    p.relationship,
    p.age,
    p.gender,
    p.height,
    p.weight,
    p.date_of_birth,
    p.health_conditions,
    p.allergies,
    p.dietary_restrictions,
    p.scans_count,
    p.avg_health_score,
    p.last_scan_date,
    p.created_at,
    p.updated_at,
    u.email AS owner_email,
    p.avatar_path
   FROM (public.profiles p
     LEFT JOIN private.user_emails u ON ((u.user_id = p.user_id)))
  WHERE ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role);


--
-- Name: scans; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.scans (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid,
    name text,
    description text,
    image_url text,
    health_score integer,
    category text,
    analysis text,
    ingredients text[] DEFAULT '{}'::text[] NOT NULL,
    health_benefits text[] DEFAULT '{}'::text[] NOT NULL,
    health_risks text[] DEFAULT '{}'::text[] NOT NULL,
    allergens text[] DEFAULT '{}'::text[] NOT NULL,
    nutrition_facts jsonb,
    healthy_recipe text,
    is_favorite boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    image_path text,
    CONSTRAINT scans_category_length CHECK ((char_length(category) <= 50)),
    CONSTRAINT scans_health_score_range CHECK (((health_score >= 0) AND (health_score <= 100))),
    CONSTRAINT scans_image_path_relative CHECK (((image_path IS NULL) OR ((image_path ~ '^[^/]'::text) AND (image_path !~ '(^|/)\.\.?(/|$)'::text) AND (length(image_path) <= 1024)))),
    CONSTRAINT scans_image_url_http CHECK (((image_url IS NULL) OR public.is_http_url(image_url))),
    CONSTRAINT scans_name_length CHECK ((char_length(name) <= 200)),
    CONSTRAINT scans_nutrition_facts_object CHECK ((jsonb_typeof(nutrition_facts) = 'object'::text))
);


--
-- Name: COLUMN scans.image_path; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.scans.image_path IS 'The label photo''s path in the scan-images bucket (<user id>/<file>).';


--
-- Name: scans; Type: VIEW; Schema: admin_reads; Owner: -
--

CREATE VIEW admin_reads.scans AS
 SELECT s.id,
    s.user_id,
    s.name,
    s.description,
    s.image_url,
    s.health_score,
    s.category,
    s.analysis,
    s.ingredients,
    s.health_benefits,
    s.health_risks,
    s.allergens,
    s.nutrition_facts,
    s.healthy_recipe,
    s.is_favorite,
    s.created_at,
    u.email AS owner_email,
    s.image_path
   FROM (public.scans s
     LEFT JOIN private.user_emails u ON ((u.user_id = s.user_id)))
  WHERE ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role);


--
-- Name: row_counts; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.row_counts (
    table_name text NOT NULL,
    n bigint NOT NULL
);


--
-- Name: TABLE row_counts; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.row_counts IS 'Exact row counts of the tables the dashboard counts; maintained by triggers, read by admin_dashboard_stats().';


--
-- Name: scan_counts_hourly; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.scan_counts_hourly (
    hour timestamp with time zone NOT NULL,
    scans bigint NOT NULL
);


--
-- Name: TABLE scan_counts_hourly; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.scan_counts_hourly IS 'Scans per UTC hour of scans.created_at; maintained by triggers on public.scans, read by scans_created_between().';


--
-- Name: scan_stats_daily; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.scan_stats_daily (
    day date NOT NULL,
    scans bigint NOT NULL,
    scored bigint NOT NULL,
    score_sum bigint NOT NULL,
    excellent bigint NOT NULL,
    good bigint NOT NULL,
    fair bigint NOT NULL,
    poor bigint NOT NULL
);


--
-- Name: TABLE scan_stats_daily; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.scan_stats_daily IS 'Per UTC day of scans.created_at: scans, scans with a health_score, their sum and score bands. Maintained by triggers on public.scans; read by admin_dashboard_stats().';


--
-- Name: admin_chats; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.admin_chats WITH (security_invoker='true') AS
 SELECT chats.id,
    chats.user_id,
    chats.title,
    chats.created_at,
    chats.updated_at,
    chats.owner_email,
    chats.message_count
   FROM admin_reads.chats;


--
-- Name: admin_profiles; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.admin_profiles WITH (security_invoker='true') AS
 SELECT profiles.id,
    profiles.user_id,
    profiles.name,
    profiles.avatar,
    profiles.relationship,
    profiles.age,
    profiles.gender,
    profiles.height,
    profiles.weight,
    profiles.date_of_birth,
    profiles.health_conditions,
    profiles.allergies,
    profiles.dietary_restrictions,
    profiles.scans_count,
    profiles.avg_health_score,
    profiles.last_scan_date,
    profiles.created_at,
    profiles.updated_at,
    profiles.owner_email,
    profiles.avatar_path
   FROM admin_reads.profiles;


--
-- Name: admin_scans; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.admin_scans WITH (security_invoker='true') AS
 SELECT scans.id,
    scans.user_id,
    scans.name,
    scans.description,
    scans.image_url,
    scans.health_score,
    scans.category,
    scans.analysis,
    scans.ingredients,
    scans.health_benefits,
    scans.health_risks,
    scans.allergens,
    scans.nutrition_facts,
    scans.healthy_recipe,
    scans.is_favorite,
    scans.created_at,
    scans.owner_email,
    scans.image_path
   FROM admin_reads.scans;


--
-- Name: payments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    amount numeric(12,2) NOT NULL,
    currency text DEFAULT 'INR'::text NOT NULL,
    status text DEFAULT 'succeeded'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payments_amount_positive CHECK ((amount > (0)::numeric)),
    CONSTRAINT payments_currency_iso CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT payments_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'succeeded'::text, 'failed'::text, 'refunded'::text])))
);


--
-- Name: user_devices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_devices (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    token text NOT NULL,
    platform text DEFAULT 'android'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    locale text DEFAULT 'en'::text NOT NULL,
    CONSTRAINT user_devices_locale_known CHECK ((locale = ANY (ARRAY['en'::text, 'hi'::text]))),
    CONSTRAINT user_devices_platform_known CHECK ((platform = ANY (ARRAY['android'::text, 'ios'::text, 'web'::text]))),
    CONSTRAINT user_devices_token_not_blank CHECK (((token ~ '\S'::text) AND (char_length(token) <= 4096)))
);

-- ======================================================================
-- supabase/schemas/34_app_data_indexes.sql

-- The mobile app's data: its indexes, triggers (after supabase/schemas/33_app_data_tables.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: row_counts row_counts_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.row_counts
    ADD CONSTRAINT row_counts_pkey PRIMARY KEY (table_name);

-- The counted tables' counters (data: a new project's tables are empty; the row-count triggers
-- only update a counter that exists).
INSERT INTO private.row_counts (table_name, n) VALUES ('chats', 0), ('health_tips', 0), ('news', 0), ('payments', 0), ('profiles', 0) ON CONFLICT DO NOTHING;


--
-- Name: scan_counts_hourly scan_counts_hourly_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.scan_counts_hourly
    ADD CONSTRAINT scan_counts_hourly_pkey PRIMARY KEY (hour);


--
-- Name: scan_stats_daily scan_stats_daily_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.scan_stats_daily
    ADD CONSTRAINT scan_stats_daily_pkey PRIMARY KEY (day);


--
-- Name: user_emails user_emails_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.user_emails
    ADD CONSTRAINT user_emails_pkey PRIMARY KEY (user_id);


--
-- Name: chats chats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chats
    ADD CONSTRAINT chats_pkey PRIMARY KEY (id);


--
-- Name: messages messages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_pkey PRIMARY KEY (id);


--
-- Name: payments payments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);


--
-- Name: profiles profiles_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY (id);


--
-- Name: scans scans_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scans
    ADD CONSTRAINT scans_pkey PRIMARY KEY (id);


--
-- Name: user_devices user_devices_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_devices
    ADD CONSTRAINT user_devices_pkey PRIMARY KEY (id);


--
-- Name: user_devices user_devices_token_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_devices
    ADD CONSTRAINT user_devices_token_key UNIQUE (token);


--
-- Name: user_emails_email_trgm_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX user_emails_email_trgm_idx ON private.user_emails USING gin (lower(email) extensions.gin_trgm_ops);


--
-- Name: chats_created_at_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chats_created_at_id_idx ON public.chats USING btree (created_at DESC, id DESC);


--
-- Name: chats_title_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chats_title_trgm_idx ON public.chats USING gin (title extensions.gin_trgm_ops);


--
-- Name: chats_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chats_user_id_idx ON public.chats USING btree (user_id);


--
-- Name: messages_chat_id_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_chat_id_created_at_idx ON public.messages USING btree (chat_id, created_at);


--
-- Name: messages_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_created_at_idx ON public.messages USING btree (created_at DESC);


--
-- Name: payments_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payments_created_at_idx ON public.payments USING btree (created_at DESC);


--
-- Name: payments_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payments_user_id_idx ON public.payments USING btree (user_id);


--
-- Name: profiles_created_at_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX profiles_created_at_id_idx ON public.profiles USING btree (created_at DESC, id DESC);


--
-- Name: profiles_name_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX profiles_name_trgm_idx ON public.profiles USING gin (name extensions.gin_trgm_ops);


--
-- Name: profiles_relationship_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX profiles_relationship_trgm_idx ON public.profiles USING gin (relationship extensions.gin_trgm_ops);


--
-- Name: profiles_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX profiles_user_id_idx ON public.profiles USING btree (user_id);


--
-- Name: scans_category_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_category_id_idx ON public.scans USING btree (category, id);


--
-- Name: scans_category_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_category_trgm_idx ON public.scans USING gin (category extensions.gin_trgm_ops);


--
-- Name: scans_created_at_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_created_at_id_idx ON public.scans USING btree (created_at DESC, id DESC);


--
-- Name: scans_health_score_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_health_score_id_idx ON public.scans USING btree (health_score, id);


--
-- Name: scans_health_score_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_health_score_idx ON public.scans USING btree (health_score);


--
-- Name: scans_name_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_name_id_idx ON public.scans USING btree (name, id);


--
-- Name: scans_name_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_name_trgm_idx ON public.scans USING gin (name extensions.gin_trgm_ops);


--
-- Name: scans_user_id_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_user_id_created_at_idx ON public.scans USING btree (user_id, created_at DESC);


--
-- Name: user_devices_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX user_devices_updated_at_idx ON public.user_devices USING btree (updated_at DESC);


--
-- Name: user_devices_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX user_devices_user_id_idx ON public.user_devices USING btree (user_id);


--
-- Name: admin_chats admin_chats_read_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER admin_chats_read_only INSTEAD OF INSERT OR DELETE OR UPDATE ON public.admin_chats FOR EACH ROW EXECUTE FUNCTION private.refuse_admin_view_write();


--
-- Name: admin_profiles admin_profiles_read_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER admin_profiles_read_only INSTEAD OF INSERT OR DELETE OR UPDATE ON public.admin_profiles FOR EACH ROW EXECUTE FUNCTION private.refuse_admin_view_write();


--
-- Name: admin_scans admin_scans_read_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER admin_scans_read_only INSTEAD OF INSERT OR DELETE OR UPDATE ON public.admin_scans FOR EACH ROW EXECUTE FUNCTION private.refuse_admin_view_write();


--
-- Name: chats chats_created_at_from_database; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chats_created_at_from_database BEFORE INSERT OR UPDATE OF created_at ON public.chats FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION public.created_at_from_database();


--
-- Name: chats chats_row_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chats_row_count_delete AFTER DELETE ON public.chats REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_deleted();


--
-- Name: chats chats_row_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chats_row_count_insert AFTER INSERT ON public.chats REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_inserted();


--
-- Name: chats chats_row_count_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chats_row_count_truncate AFTER TRUNCATE ON public.chats FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_truncated();


--
-- Name: chats chats_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chats_set_updated_at BEFORE UPDATE ON public.chats FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: messages messages_created_at_from_database; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER messages_created_at_from_database BEFORE INSERT OR UPDATE OF created_at ON public.messages FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION public.created_at_from_database();


--
-- Name: payments payments_row_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER payments_row_count_delete AFTER DELETE ON public.payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_deleted();


--
-- Name: payments payments_row_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER payments_row_count_insert AFTER INSERT ON public.payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_inserted();


--
-- Name: payments payments_row_count_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER payments_row_count_truncate AFTER TRUNCATE ON public.payments FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_truncated();


--
-- Name: profiles profiles_created_at_from_database; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_created_at_from_database BEFORE INSERT OR UPDATE OF created_at ON public.profiles FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION public.created_at_from_database();


--
-- Name: profiles profiles_row_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_row_count_delete AFTER DELETE ON public.profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_deleted();


--
-- Name: profiles profiles_row_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_row_count_insert AFTER INSERT ON public.profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_inserted();


--
-- Name: profiles profiles_row_count_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_row_count_truncate AFTER TRUNCATE ON public.profiles FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_truncated();


--
-- Name: profiles profiles_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_set_updated_at BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: scans scans_counts_hourly_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_counts_hourly_delete AFTER DELETE ON public.scans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_counts_hourly_apply();


--
-- Name: scans scans_counts_hourly_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_counts_hourly_insert AFTER INSERT ON public.scans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_counts_hourly_apply();


--
-- Name: scans scans_counts_hourly_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_counts_hourly_truncate AFTER TRUNCATE ON public.scans FOR EACH STATEMENT EXECUTE FUNCTION private.scan_counts_hourly_clear();


--
-- Name: scans scans_counts_hourly_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_counts_hourly_update AFTER UPDATE ON public.scans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_counts_hourly_apply();


--
-- Name: scans scans_created_at_from_database; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_created_at_from_database BEFORE INSERT OR UPDATE OF created_at ON public.scans FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION public.created_at_from_database();


--
-- Name: scans scans_stats_daily_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_stats_daily_delete AFTER DELETE ON public.scans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_stats_daily_apply();


--
-- Name: scans scans_stats_daily_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_stats_daily_insert AFTER INSERT ON public.scans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_stats_daily_apply();


--
-- Name: scans scans_stats_daily_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_stats_daily_truncate AFTER TRUNCATE ON public.scans FOR EACH STATEMENT EXECUTE FUNCTION private.scan_stats_daily_clear();


--
-- Name: scans scans_stats_daily_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_stats_daily_update AFTER UPDATE ON public.scans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_stats_daily_apply();


--
-- Name: user_devices user_devices_created_at_from_database; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER user_devices_created_at_from_database BEFORE INSERT OR UPDATE OF created_at ON public.user_devices FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION public.created_at_from_database();


--
-- Name: user_devices user_devices_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER user_devices_set_updated_at BEFORE UPDATE ON public.user_devices FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

-- ======================================================================
-- supabase/schemas/35_app_data_policies.sql

-- The mobile app's data: its indexes, policies (after supabase/schemas/34_app_data_indexes.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: user_emails user_emails_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.user_emails
    ADD CONSTRAINT user_emails_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: chats chats_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chats
    ADD CONSTRAINT chats_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: messages messages_chat_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_chat_id_fkey FOREIGN KEY (chat_id) REFERENCES public.chats(id) ON DELETE CASCADE;


--
-- Name: payments payments_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: profiles profiles_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: scans scans_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scans
    ADD CONSTRAINT scans_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_devices user_devices_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_devices
    ADD CONSTRAINT user_devices_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: row_counts; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.row_counts ENABLE ROW LEVEL SECURITY;

--
-- Name: scan_counts_hourly; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.scan_counts_hourly ENABLE ROW LEVEL SECURITY;

--
-- Name: scan_stats_daily; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.scan_stats_daily ENABLE ROW LEVEL SECURITY;

--
-- Name: user_emails; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.user_emails ENABLE ROW LEVEL SECURITY;

--
-- Name: messages Chat owners add messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Chat owners add messages" ON public.messages FOR INSERT TO authenticated WITH CHECK ((chat_id IN ( SELECT c.id
   FROM public.chats c
  WHERE (c.user_id = ( SELECT auth.uid() AS uid)))));


--
-- Name: messages Chat owners and operators read messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Chat owners and operators read messages" ON public.messages FOR SELECT TO authenticated USING ((( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role) OR (chat_id IN ( SELECT c.id
   FROM public.chats c
  WHERE (c.user_id = ( SELECT auth.uid() AS uid))))));


--
-- Name: messages Chat owners change messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Chat owners change messages" ON public.messages FOR UPDATE TO authenticated USING ((chat_id IN ( SELECT c.id
   FROM public.chats c
  WHERE (c.user_id = ( SELECT auth.uid() AS uid))))) WITH CHECK ((chat_id IN ( SELECT c.id
   FROM public.chats c
  WHERE (c.user_id = ( SELECT auth.uid() AS uid)))));


--
-- Name: messages Chat owners remove messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Chat owners remove messages" ON public.messages FOR DELETE TO authenticated USING ((chat_id IN ( SELECT c.id
   FROM public.chats c
  WHERE (c.user_id = ( SELECT auth.uid() AS uid)))));


--
-- Name: chats Owners add chats; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners add chats" ON public.chats FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: user_devices Owners add devices; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners add devices" ON public.user_devices FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: profiles Owners add profiles; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners add profiles" ON public.profiles FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: scans Owners add scans; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners add scans" ON public.scans FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: chats Owners and operators read chats; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners and operators read chats" ON public.chats FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));


--
-- Name: user_devices Owners and operators read devices; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners and operators read devices" ON public.user_devices FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));


--
-- Name: payments Owners and operators read payments; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners and operators read payments" ON public.payments FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));


--
-- Name: profiles Owners and operators read profiles; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners and operators read profiles" ON public.profiles FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));


--
-- Name: scans Owners and operators read scans; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners and operators read scans" ON public.scans FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));


--
-- Name: chats Owners change chats; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners change chats" ON public.chats FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: user_devices Owners change devices; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners change devices" ON public.user_devices FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: profiles Owners change profiles; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners change profiles" ON public.profiles FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: scans Owners change scans; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners change scans" ON public.scans FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: chats Owners remove chats; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners remove chats" ON public.chats FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: user_devices Owners remove devices; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners remove devices" ON public.user_devices FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: profiles Owners remove profiles; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners remove profiles" ON public.profiles FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: scans Owners remove scans; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners remove scans" ON public.scans FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: chats; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.chats ENABLE ROW LEVEL SECURITY;

--
-- Name: messages; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.messages ENABLE ROW LEVEL SECURITY;

--
-- Name: payments; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.payments ENABLE ROW LEVEL SECURITY;

--
-- Name: profiles; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;

--
-- Name: scans; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.scans ENABLE ROW LEVEL SECURITY;

--
-- Name: user_devices; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.user_devices ENABLE ROW LEVEL SECURITY;

-- ======================================================================
-- supabase/schemas/36_app_data_grants.sql

-- The mobile app's data: its grants (after supabase/schemas/35_app_data_policies.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: FUNCTION admin_list_users(search text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.admin_list_users(search text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.admin_list_users(search text) FROM PUBLIC;


--
-- Name: FUNCTION admin_owner_ids(words text[]); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.admin_owner_ids(words text[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.admin_owner_ids(words text[]) FROM PUBLIC;


--
-- Name: FUNCTION refuse_admin_view_write(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.refuse_admin_view_write() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.refuse_admin_view_write() FROM PUBLIC;


--
-- Name: FUNCTION row_counts_deleted(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.row_counts_deleted() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.row_counts_deleted() FROM PUBLIC;


--
-- Name: FUNCTION row_counts_inserted(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.row_counts_inserted() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.row_counts_inserted() FROM PUBLIC;


--
-- Name: FUNCTION row_counts_truncated(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.row_counts_truncated() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.row_counts_truncated() FROM PUBLIC;


--
-- Name: FUNCTION scan_counts_hourly_apply(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.scan_counts_hourly_apply() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.scan_counts_hourly_apply() FROM PUBLIC;


--
-- Name: FUNCTION scan_counts_hourly_clear(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.scan_counts_hourly_clear() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.scan_counts_hourly_clear() FROM PUBLIC;


--
-- Name: FUNCTION scan_stats_daily_apply(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.scan_stats_daily_apply() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.scan_stats_daily_apply() FROM PUBLIC;


--
-- Name: FUNCTION scan_stats_daily_clear(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.scan_stats_daily_clear() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.scan_stats_daily_clear() FROM PUBLIC;


--
-- Name: FUNCTION scans_created_between(after timestamp with time zone, up_to timestamp with time zone); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.scans_created_between(after timestamp with time zone, up_to timestamp with time zone) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.scans_created_between(after timestamp with time zone, up_to timestamp with time zone) FROM PUBLIC;


--
-- Name: FUNCTION sync_user_email(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.sync_user_email() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.sync_user_email() FROM PUBLIC;


--
-- Name: FUNCTION admin_dashboard_stats(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_dashboard_stats() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_dashboard_stats() FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_dashboard_stats() TO authenticated;
GRANT ALL ON FUNCTION public.admin_dashboard_stats() TO service_role;


--
-- Name: FUNCTION admin_list_users(search text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_list_users(search text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_list_users(search text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_list_users(search text) TO authenticated;
GRANT ALL ON FUNCTION public.admin_list_users(search text) TO service_role;


--
-- Name: FUNCTION admin_owner_ids(words text[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_owner_ids(words text[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_owner_ids(words text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_owner_ids(words text[]) TO authenticated;
GRANT ALL ON FUNCTION public.admin_owner_ids(words text[]) TO service_role;


--
-- Name: FUNCTION admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) TO authenticated;
GRANT ALL ON FUNCTION public.admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) TO service_role;


--
-- Name: FUNCTION admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) TO authenticated;
GRANT ALL ON FUNCTION public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) TO service_role;


--
-- Name: FUNCTION admin_person(person uuid, per_section integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_person(person uuid, per_section integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_person(person uuid, per_section integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_person(person uuid, per_section integer) TO authenticated;
GRANT ALL ON FUNCTION public.admin_person(person uuid, per_section integer) TO service_role;


--
-- Name: FUNCTION admin_search(q text, per_kind integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_search(q text, per_kind integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_search(q text, per_kind integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_search(q text, per_kind integer) TO authenticated;
GRANT ALL ON FUNCTION public.admin_search(q text, per_kind integer) TO service_role;


--
-- Name: TABLE user_emails; Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON TABLE private.user_emails FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE private.user_emails TO service_role;


--
-- Name: TABLE chats; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.chats FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.chats TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.chats TO authenticated;


--
-- Name: TABLE messages; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.messages FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.messages TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.messages TO authenticated;


--
-- Name: FUNCTION page_ids(relation text, sort_terms jsonb, skip integer, take integer); Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON FUNCTION admin_reads.page_ids(relation text, sort_terms jsonb, skip integer, take integer) FROM PUBLIC;
GRANT ALL ON FUNCTION admin_reads.page_ids(relation text, sort_terms jsonb, skip integer, take integer) TO authenticated;
GRANT ALL ON FUNCTION admin_reads.page_ids(relation text, sort_terms jsonb, skip integer, take integer) TO service_role;


--
-- Name: FUNCTION page_order(relation text, sort_terms jsonb, skip integer, take integer); Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON FUNCTION admin_reads.page_order(relation text, sort_terms jsonb, skip integer, take integer) FROM PUBLIC;
GRANT ALL ON FUNCTION admin_reads.page_order(relation text, sort_terms jsonb, skip integer, take integer) TO authenticated;
GRANT ALL ON FUNCTION admin_reads.page_order(relation text, sort_terms jsonb, skip integer, take integer) TO service_role;


--
-- Name: FUNCTION walks_every_row(relation text); Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON FUNCTION admin_reads.walks_every_row(relation text) FROM PUBLIC;
GRANT ALL ON FUNCTION admin_reads.walks_every_row(relation text) TO authenticated;
GRANT ALL ON FUNCTION admin_reads.walks_every_row(relation text) TO service_role;


--
-- Name: FUNCTION may_estimate(path text); Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON FUNCTION admin_reads.may_estimate(path text) FROM PUBLIC;
GRANT ALL ON FUNCTION admin_reads.may_estimate(path text) TO authenticated;
GRANT ALL ON FUNCTION admin_reads.may_estimate(path text) TO service_role;


--
-- Name: FUNCTION paging_walks(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.paging_walks() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.paging_walks() FROM PUBLIC;


--
-- Name: TABLE chats; Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON TABLE admin_reads.chats FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE admin_reads.chats TO authenticated;


--
-- Name: TABLE profiles; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.profiles FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.profiles TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.profiles TO authenticated;


--
-- Name: TABLE profiles; Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON TABLE admin_reads.profiles FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE admin_reads.profiles TO authenticated;


--
-- Name: TABLE scans; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.scans FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.scans TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.scans TO authenticated;


--
-- Name: TABLE scans; Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON TABLE admin_reads.scans FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE admin_reads.scans TO authenticated;


--
-- Name: TABLE row_counts; Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON TABLE private.row_counts FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE private.row_counts TO service_role;


--
-- Name: TABLE scan_counts_hourly; Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON TABLE private.scan_counts_hourly FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE private.scan_counts_hourly TO service_role;


--
-- Name: TABLE scan_stats_daily; Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON TABLE private.scan_stats_daily FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE private.scan_stats_daily TO service_role;


--
-- Name: TABLE admin_chats; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.admin_chats FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.admin_chats TO service_role;
GRANT SELECT ON TABLE public.admin_chats TO authenticated;


--
-- Name: TABLE admin_profiles; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.admin_profiles FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.admin_profiles TO service_role;
GRANT SELECT ON TABLE public.admin_profiles TO authenticated;


--
-- Name: TABLE admin_scans; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.admin_scans FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.admin_scans TO service_role;
GRANT SELECT ON TABLE public.admin_scans TO authenticated;


--
-- Name: TABLE payments; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.payments FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.payments TO service_role;
GRANT SELECT ON TABLE public.payments TO authenticated;


--
-- Name: TABLE user_devices; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.user_devices FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.user_devices TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.user_devices TO authenticated;


CREATE TRIGGER sync_user_email AFTER INSERT OR UPDATE OF email ON auth.users FOR EACH ROW EXECUTE FUNCTION private.sync_user_email();


-- The app users' images: scan pictures and avatars, each user's own folder (buckets in config.toml).

CREATE POLICY "Users add images to their folder" ON storage.objects AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK (((bucket_id = ANY (ARRAY['scan-images'::text, 'avatars'::text])) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));

CREATE POLICY "Users read their own images" ON storage.objects AS PERMISSIVE FOR SELECT TO authenticated
  USING (((bucket_id = ANY (ARRAY['scan-images'::text, 'avatars'::text])) AND (((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role))));

CREATE POLICY "Users remove images from their folder" ON storage.objects AS PERMISSIVE FOR DELETE TO authenticated
  USING (((bucket_id = ANY (ARRAY['scan-images'::text, 'avatars'::text])) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));

CREATE POLICY "Users replace images in their folder" ON storage.objects AS PERMISSIVE FOR UPDATE TO authenticated
  USING (((bucket_id = ANY (ARRAY['scan-images'::text, 'avatars'::text])) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)))
  WITH CHECK (((bucket_id = ANY (ARRAY['scan-images'::text, 'avatars'::text])) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));

ALTER PUBLICATION supabase_realtime ADD TABLE public.chats;
ALTER PUBLICATION supabase_realtime ADD TABLE public.profiles;
ALTER PUBLICATION supabase_realtime ADD TABLE public.scans;

-- ======================================================================
-- supabase/schemas/40_content.sql

-- Admin-managed content the app reads: news, health tips, tags.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: grapheme_count(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.grapheme_count(value text) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path TO ''
    AS $$
  -- The characters a reader sees (Unicode's extended grapheme clusters, UAX #29), as the admin's
  -- Intl.Segmenter counts them (src/domain/graphemes.ts; supabase/tests/graphemes.test.ts compares the
  -- two): one match per cluster. A cluster is CR LF, a control alone, or a base and the marks that
  -- extend it (combining marks, vowel signs, virama, nukta, ZWJ/ZWNJ, variation selectors, skin
  -- tones), where a base is a Devanagari or Bengali conjunct (consonant, virama, consonant, with marks
  -- between: rule GB9c), a flag's pair of regional indicators, an emoji ZWJ sequence, or any other
  -- character. Other scripts' rarer rules (Hangul syllables, prepend marks) are not modelled: the
  -- limits it serves are for English and Hindi text.
  select pg_catalog.regexp_count(value, '\r\n|[\u0000-\u001f\u007f-\u009f]|(?:[\u0915-\u0939\u0958-\u095f\u0978-\u097f\u0995-\u09a8\u09aa-\u09b0\u09b2\u09b6-\u09b9\u09dc\u09dd\u09df\u09f0\u09f1](?:[\u0900-\u0902\u093a\u093c\u0941-\u0948\u0951-\u0957\u0962\u0963\u0981\u09bc\u09be\u09c1-\u09c4\u09d7\u09e2\u09e3\u09fe\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u064b-\u065f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f\U0001f3fb-\U0001f3ff\U000e0020-\U000e007f\u200d]*[\u094d\u09cd\u0acd\u0b4d\u0c4d\u0d4d][\u0900-\u0902\u093a\u093c\u0941-\u0948\u0951-\u0957\u0962\u0963\u0981\u09bc\u09be\u09c1-\u09c4\u09d7\u09e2\u09e3\u09fe\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u064b-\u065f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f\U0001f3fb-\U0001f3ff\U000e0020-\U000e007f\u200d\u094d\u09cd\u0acd\u0b4d\u0c4d\u0d4d]*[\u0915-\u0939\u0958-\u095f\u0978-\u097f\u0995-\u09a8\u09aa-\u09b0\u09b2\u09b6-\u09b9\u09dc\u09dd\u09df\u09f0\u09f1])*|[\U0001f1e6-\U0001f1ff][\U0001f1e6-\U0001f1ff]|[\U0001f000-\U0001f1e5\U0001f200-\U0001f3fa\U0001f400-\U0001faff\u2600-\u27bf\u231a-\u23ff\u00a9\u00ae\u203c\u2049\u2122\u2139\u2b50\u2b55](?:[\u0900-\u0902\u093a\u093c\u0941-\u0948\u0951-\u0957\u0962\u0963\u0981\u09bc\u09be\u09c1-\u09c4\u09d7\u09e2\u09e3\u09fe\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u064b-\u065f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f\U0001f3fb-\U0001f3ff\U000e0020-\U000e007f\u200d\u0903\u093b\u093e-\u0940\u0949-\u094c\u094e\u094f\u0982\u0983\u09bf\u09c0\u09c7\u09c8\u09cb\u09cc\u200c]*\u200d[\U0001f000-\U0001f1e5\U0001f200-\U0001f3fa\U0001f400-\U0001faff\u2600-\u27bf\u231a-\u23ff\u00a9\u00ae\u203c\u2049\u2122\u2139\u2b50\u2b55])*|[^\u0000-\u001f\u007f-\u009f])[\u0900-\u0902\u093a\u093c\u0941-\u0948\u0951-\u0957\u0962\u0963\u0981\u09bc\u09be\u09c1-\u09c4\u09d7\u09e2\u09e3\u09fe\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u064b-\u065f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f\U0001f3fb-\U0001f3ff\U000e0020-\U000e007f\u200d\u0903\u093b\u093e-\u0940\u0949-\u094c\u094e\u094f\u0982\u0983\u09bf\u09c0\u09c7\u09c8\u09cb\u09cc\u200c\u094d\u09cd\u0acd\u0b4d\u0c4d\u0d4d]*')
$$;


--
-- Name: FUNCTION grapheme_count(value text); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.grapheme_count(value text) IS 'How many characters a reader sees in value (extended grapheme clusters): the unit of the content''s per-language length limits.';


--
-- Name: translations_fit(jsonb, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.translations_fit(translations jsonb, fields jsonb) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
-- A content row's other languages: {"hi": {"tip": "…"}, …}, keyed by a language code other than
-- English (English is the row's own columns). Each language gives every field of `fields`
-- ({"tip": [min, max]}, max null for none) and no other, each a non-blank text whose length in
-- characters as read (grapheme clusters) is within its limits: the English column's limits.
declare
  locale text;
  texts jsonb;
  field text;
  limits jsonb;
  n integer;
begin
  if pg_catalog.jsonb_typeof(translations) <> 'object' then
    return false;
  end if;
  for locale, texts in select l.key, l.value from pg_catalog.jsonb_each(translations) l loop
    if locale !~ '^[a-z]{2,3}$' or locale = 'en' or pg_catalog.jsonb_typeof(texts) <> 'object'
       or (select count(*) from pg_catalog.jsonb_object_keys(texts)) <> (select count(*) from pg_catalog.jsonb_object_keys(fields)) then
      return false;
    end if;
    for field, limits in select f.key, f.value from pg_catalog.jsonb_each(fields) f loop
      if pg_catalog.jsonb_typeof(texts -> field) is distinct from 'string' or (texts ->> field) !~ '\S' then
        return false;
      end if;
      n := public.grapheme_count(texts ->> field);
      if n < (limits ->> 0)::integer or n > coalesce((limits ->> 1)::integer, n) then
        return false;
      end if;
    end loop;
  end loop;
  return true;
end
$$;


--
-- Name: FUNCTION translations_fit(translations jsonb, fields jsonb); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.translations_fit(translations jsonb, fields jsonb) IS 'Whether a content row''s translations are well formed and each language''s texts are within the English field''s limits, counted in characters as read.';


--
-- Name: health_tips; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.health_tips (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    tip text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    translations jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT health_tips_tip_length CHECK (((char_length(tip) >= 10) AND (char_length(tip) <= 1000))),
    CONSTRAINT health_tips_tip_not_blank CHECK ((tip ~ '\S'::text)),
    CONSTRAINT health_tips_translations_fit CHECK (public.translations_fit(translations, '{"tip": [10, 1000]}'::jsonb))
);


--
-- Name: news; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.news (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    title text NOT NULL,
    content text NOT NULL,
    source_url text NOT NULL,
    source_url_screenshot text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    translations jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT news_content_not_blank CHECK ((content ~ '\S'::text)),
    CONSTRAINT news_source_url_http CHECK (public.is_http_url(source_url)),
    CONSTRAINT news_source_url_screenshot_http CHECK (((source_url_screenshot IS NULL) OR public.is_http_url(source_url_screenshot))),
    CONSTRAINT news_title_length CHECK (((title ~ '\S'::text) AND (char_length(title) <= 200))),
    CONSTRAINT news_translations_fit CHECK (public.translations_fit(translations, '{"title": [1, 200], "content": [1, null]}'::jsonb))
);


--
-- Name: news; Type: VIEW; Schema: admin_reads; Owner: -
--

CREATE VIEW admin_reads.news AS
 SELECT n.id,
    n.title,
    n.content,
    n.source_url,
    n.source_url_screenshot,
    n.created_at,
    n.updated_at,
    n.translations
   FROM public.news n
  WHERE ( SELECT public.is_admin() AS is_admin);


--
-- Name: VIEW news; Type: COMMENT; Schema: admin_reads; Owner: -
--

COMMENT ON VIEW admin_reads.news IS 'The admin''s news list, read with the owner''s rights behind the operator gate, so that a search''s ilike is planned from the column statistics (docs/deploying.md, "How the admin views pass the advisor"); writes go to public.news.';


--
-- Name: admin_news; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.admin_news WITH (security_invoker='true') AS
 SELECT news.id,
    news.title,
    news.content,
    news.source_url,
    news.source_url_screenshot,
    news.created_at,
    news.updated_at,
    news.translations
   FROM admin_reads.news;


--
-- Name: tags; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tags (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    key text NOT NULL,
    label text NOT NULL,
    icon text NOT NULL,
    color text NOT NULL,
    category text NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    translations jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT tags_category_known CHECK ((category = ANY (ARRAY['general'::text, 'nutrition'::text, 'dietary'::text, 'health'::text, 'allergen'::text, 'cuisine'::text, 'preparation'::text]))),
    CONSTRAINT tags_category_length CHECK (((category ~ '\S'::text) AND (char_length(category) <= 50))),
    CONSTRAINT tags_color_hex CHECK ((color ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'::text)),
    CONSTRAINT tags_icon_length CHECK (((icon ~ '\S'::text) AND (char_length(icon) <= 50))),
    CONSTRAINT tags_key_length CHECK (((key ~ '\S'::text) AND (char_length(key) <= 50))),
    CONSTRAINT tags_label_length CHECK (((label ~ '\S'::text) AND (char_length(label) <= 100))),
    CONSTRAINT tags_sort_order_non_negative CHECK ((sort_order >= 0)),
    CONSTRAINT tags_translations_fit CHECK (public.translations_fit(translations, '{"label": [1, 100]}'::jsonb))
);


--
-- Name: health_tips health_tips_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.health_tips
    ADD CONSTRAINT health_tips_pkey PRIMARY KEY (id);


--
-- Name: news news_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news
    ADD CONSTRAINT news_pkey PRIMARY KEY (id);


--
-- Name: tags tags_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_key_key UNIQUE (key);


--
-- Name: tags tags_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_pkey PRIMARY KEY (id);


--
-- Name: health_tips_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX health_tips_created_at_idx ON public.health_tips USING btree (created_at DESC);


--
-- Name: health_tips_tip_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX health_tips_tip_trgm_idx ON public.health_tips USING gin (tip extensions.gin_trgm_ops);


--
-- Name: news_content_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_content_trgm_idx ON public.news USING gin (content extensions.gin_trgm_ops) WITH (fastupdate=off);


--
-- Name: news_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_created_at_idx ON public.news USING btree (created_at DESC);


--
-- Name: news_title_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_title_trgm_idx ON public.news USING gin (title extensions.gin_trgm_ops) WITH (fastupdate=off);


--
-- Name: tags_category_sort_order_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tags_category_sort_order_id_idx ON public.tags USING btree (category, sort_order, id);


--
-- Name: tags_category_sort_order_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tags_category_sort_order_idx ON public.tags USING btree (category, sort_order);


--
-- Name: tags_category_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tags_category_trgm_idx ON public.tags USING gin (category extensions.gin_trgm_ops);


--
-- Name: tags_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tags_created_at_idx ON public.tags USING btree (created_at DESC);


--
-- Name: tags_key_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tags_key_trgm_idx ON public.tags USING gin (key extensions.gin_trgm_ops);


--
-- Name: tags_label_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tags_label_trgm_idx ON public.tags USING gin (label extensions.gin_trgm_ops);

-- ======================================================================
-- supabase/schemas/41_content_policies.sql

-- Admin-managed content: triggers, policies, grants, trash, the screenshots bucket, realtime.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

--
-- Name: admin_news admin_news_read_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER admin_news_read_only INSTEAD OF INSERT OR DELETE OR UPDATE ON public.admin_news FOR EACH ROW EXECUTE FUNCTION private.refuse_admin_view_write();


--
-- Name: health_tips health_tips_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER health_tips_audit AFTER INSERT OR DELETE OR UPDATE ON public.health_tips FOR EACH ROW EXECUTE FUNCTION private.audit_row_change('tip', '120');


--
-- Name: health_tips health_tips_row_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER health_tips_row_count_delete AFTER DELETE ON public.health_tips REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_deleted();


--
-- Name: health_tips health_tips_row_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER health_tips_row_count_insert AFTER INSERT ON public.health_tips REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_inserted();


--
-- Name: health_tips health_tips_row_count_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER health_tips_row_count_truncate AFTER TRUNCATE ON public.health_tips FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_truncated();


--
-- Name: health_tips health_tips_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER health_tips_set_updated_at BEFORE UPDATE ON public.health_tips FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION public.set_updated_at();


--
-- Name: news news_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER news_audit AFTER INSERT OR DELETE OR UPDATE ON public.news FOR EACH ROW EXECUTE FUNCTION private.audit_row_change('title');


--
-- Name: news news_row_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER news_row_count_delete AFTER DELETE ON public.news REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_deleted();


--
-- Name: news news_row_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER news_row_count_insert AFTER INSERT ON public.news REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_inserted();


--
-- Name: news news_row_count_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER news_row_count_truncate AFTER TRUNCATE ON public.news FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_truncated();


--
-- Name: news news_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER news_set_updated_at BEFORE UPDATE ON public.news FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION public.set_updated_at();


--
-- Name: tags tags_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER tags_audit AFTER INSERT OR DELETE OR UPDATE ON public.tags FOR EACH ROW EXECUTE FUNCTION private.audit_row_change('label');


--
-- Name: tags tags_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER tags_set_updated_at BEFORE UPDATE ON public.tags FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION public.set_updated_at();


--
-- Name: health_tips Signed-in users read health tips; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Signed-in users read health tips" ON public.health_tips FOR SELECT TO authenticated USING (true);


--
-- Name: news Signed-in users read news; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Signed-in users read news" ON public.news FOR SELECT TO authenticated USING (true);


--
-- Name: tags Users read active tags, admins all; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Users read active tags, admins all" ON public.tags FOR SELECT TO authenticated USING ((is_active OR ( SELECT public.is_admin() AS is_admin)));


--
-- Name: health_tips Writers add health tips; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Writers add health tips" ON public.health_tips FOR INSERT TO authenticated WITH CHECK (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role));


--
-- Name: news Writers add news; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Writers add news" ON public.news FOR INSERT TO authenticated WITH CHECK (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role));


--
-- Name: tags Writers add tags; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Writers add tags" ON public.tags FOR INSERT TO authenticated WITH CHECK (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role));


--
-- Name: health_tips Writers change health tips; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Writers change health tips" ON public.health_tips FOR UPDATE TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role)) WITH CHECK (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role));


--
-- Name: news Writers change news; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Writers change news" ON public.news FOR UPDATE TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role)) WITH CHECK (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role));


--
-- Name: tags Writers change tags; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Writers change tags" ON public.tags FOR UPDATE TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role)) WITH CHECK (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role));


--
-- Name: health_tips Writers remove health tips; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Writers remove health tips" ON public.health_tips FOR DELETE TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role));


--
-- Name: news Writers remove news; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Writers remove news" ON public.news FOR DELETE TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role));


--
-- Name: tags Writers remove tags; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Writers remove tags" ON public.tags FOR DELETE TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role));


--
-- Name: health_tips; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.health_tips ENABLE ROW LEVEL SECURITY;

--
-- Name: news; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.news ENABLE ROW LEVEL SECURITY;

--
-- Name: tags; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.tags ENABLE ROW LEVEL SECURITY;

--
-- Name: TABLE news; Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON TABLE admin_reads.news FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE admin_reads.news TO authenticated;


--
-- Name: TABLE admin_news; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.admin_news FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.admin_news TO service_role;
GRANT SELECT ON TABLE public.admin_news TO authenticated;


--
-- Name: TABLE health_tips; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.health_tips FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.health_tips TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.health_tips TO authenticated;


--
-- Name: TABLE news; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.news FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.news TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.news TO authenticated;


--
-- Name: TABLE tags; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.tags FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.tags TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.tags TO authenticated;


--
-- Name: health_tips health_tips_to_trash; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER health_tips_to_trash AFTER DELETE ON public.health_tips REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.move_to_trash('tip', 'owner,editor');


--
-- Name: news news_to_trash; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER news_to_trash AFTER DELETE ON public.news REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.move_to_trash('title', 'owner,editor');


--
-- Name: tags tags_to_trash; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER tags_to_trash AFTER DELETE ON public.tags REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.move_to_trash('label', 'owner,editor');

-- The news screenshots bucket (config.toml [storage.buckets.news-screenshots]).

COMMENT ON COLUMN public.news.source_url_screenshot IS 'upload: news-screenshots. The public URL of the screenshot the admin uploaded (src/storage/uploads.ts), or any other address; private.upload_fields reads this declaration for the trash''s file clean-up and the orphan check.';

CREATE POLICY "News writers add screenshots" ON storage.objects AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK (((bucket_id = 'news-screenshots'::text) AND ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role)));

CREATE POLICY "News writers read screenshots" ON storage.objects AS PERMISSIVE FOR SELECT TO authenticated
  USING (((bucket_id = 'news-screenshots'::text) AND ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role)));

CREATE POLICY "News writers remove screenshots" ON storage.objects AS PERMISSIVE FOR DELETE TO authenticated
  USING (((bucket_id = 'news-screenshots'::text) AND ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role)));

CREATE POLICY "News writers replace screenshots" ON storage.objects AS PERMISSIVE FOR UPDATE TO authenticated
  USING (((bucket_id = 'news-screenshots'::text) AND ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role)))
  WITH CHECK (((bucket_id = 'news-screenshots'::text) AND ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'editor'::text]) AS has_admin_role)));

ALTER PUBLICATION supabase_realtime ADD TABLE public.health_tips;
ALTER PUBLICATION supabase_realtime ADD TABLE public.news;
ALTER PUBLICATION supabase_realtime ADD TABLE public.tags;

-- ======================================================================
-- supabase/schemas/42_content_languages.sql

-- Content in more languages than English: the app's localized reads, the Hindi search indexes.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

-- Content in more languages than English (docs/architecture/content-languages.md): the app's read
-- with a fallback to English, and the indexes that serve a search of the Hindi texts.

CREATE FUNCTION public.news_localized(locale text) RETURNS TABLE(id uuid, title text, content text, source_url text, source_url_screenshot text, created_at timestamp with time zone, updated_at timestamp with time zone, language text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- The caller's rows (its own rights and policies: security invoker), each text in `locale`
  -- ('hi', or 'hi-IN': the language part counts) where the row has it, else in English.
  select n.id,
         coalesce(n.translations #>> array[l.code, 'title'], n.title),
         coalesce(n.translations #>> array[l.code, 'content'], n.content),
         n.source_url, n.source_url_screenshot, n.created_at, n.updated_at,
         case when n.translations ? l.code then l.code else 'en' end
    from public.news n
   cross join (select pg_catalog.lower(pg_catalog.split_part(pg_catalog.replace(locale, '_', '-'), '-', 1)) as code) l
$$;

COMMENT ON FUNCTION public.news_localized(locale text) IS 'The app''s news in a language, each article''s English where it has no text in that language (language says which).';

CREATE FUNCTION public.health_tips_localized(locale text) RETURNS TABLE(id uuid, tip text, created_at timestamp with time zone, updated_at timestamp with time zone, language text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select h.id, coalesce(h.translations #>> array[l.code, 'tip'], h.tip), h.created_at, h.updated_at,
         case when h.translations ? l.code then l.code else 'en' end
    from public.health_tips h
   cross join (select pg_catalog.lower(pg_catalog.split_part(pg_catalog.replace(locale, '_', '-'), '-', 1)) as code) l
$$;

COMMENT ON FUNCTION public.health_tips_localized(locale text) IS 'The app''s health tips in a language, each tip''s English where it has no text in that language (language says which).';

CREATE FUNCTION public.tags_localized(locale text) RETURNS TABLE(id uuid, key text, label text, icon text, color text, category text, is_active boolean, sort_order integer, created_at timestamp with time zone, updated_at timestamp with time zone, language text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select t.id, t.key, coalesce(t.translations #>> array[l.code, 'label'], t.label), t.icon, t.color,
         t.category, t.is_active, t.sort_order, t.created_at, t.updated_at,
         case when t.translations ? l.code then l.code else 'en' end
    from public.tags t
   cross join (select pg_catalog.lower(pg_catalog.split_part(pg_catalog.replace(locale, '_', '-'), '-', 1)) as code) l
$$;

COMMENT ON FUNCTION public.tags_localized(locale text) IS 'The app''s tags in a language, each label''s English where it has none in that language (language says which).';

CREATE INDEX news_title_hi_trgm_idx ON public.news USING gin (((translations -> 'hi'::text) ->> 'title'::text) extensions.gin_trgm_ops) WITH (fastupdate=off);
CREATE INDEX news_content_hi_trgm_idx ON public.news USING gin (((translations -> 'hi'::text) ->> 'content'::text) extensions.gin_trgm_ops) WITH (fastupdate=off);
CREATE INDEX health_tips_tip_hi_trgm_idx ON public.health_tips USING gin (((translations -> 'hi'::text) ->> 'tip'::text) extensions.gin_trgm_ops);
CREATE INDEX tags_label_hi_trgm_idx ON public.tags USING gin (((translations -> 'hi'::text) ->> 'label'::text) extensions.gin_trgm_ops);

REVOKE ALL ON FUNCTION public.grapheme_count(value text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.grapheme_count(value text) TO anon;
GRANT ALL ON FUNCTION public.grapheme_count(value text) TO authenticated;
GRANT ALL ON FUNCTION public.grapheme_count(value text) TO service_role;
REVOKE ALL ON FUNCTION public.translations_fit(translations jsonb, fields jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.translations_fit(translations jsonb, fields jsonb) TO anon;
GRANT ALL ON FUNCTION public.translations_fit(translations jsonb, fields jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.translations_fit(translations jsonb, fields jsonb) TO service_role;
REVOKE ALL ON FUNCTION public.news_localized(locale text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.news_localized(locale text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.news_localized(locale text) TO authenticated;
GRANT ALL ON FUNCTION public.news_localized(locale text) TO service_role;
REVOKE ALL ON FUNCTION public.health_tips_localized(locale text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.health_tips_localized(locale text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.health_tips_localized(locale text) TO authenticated;
GRANT ALL ON FUNCTION public.health_tips_localized(locale text) TO service_role;
REVOKE ALL ON FUNCTION public.tags_localized(locale text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.tags_localized(locale text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tags_localized(locale text) TO authenticated;
GRANT ALL ON FUNCTION public.tags_localized(locale text) TO service_role;

-- ======================================================================
-- supabase/schemas/45_notifications.sql

-- Push history (notifications) and the admin's view of it.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: notifications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notifications (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    data jsonb DEFAULT '{}'::jsonb NOT NULL,
    status text NOT NULL,
    message_id text,
    error text,
    sent_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT notifications_body_length CHECK (((body ~ '\S'::text) AND (char_length(body) <= 200))),
    CONSTRAINT notifications_data_fcm_keys CHECK ((NOT public.jsonb_has_fcm_reserved_key(data))),
    CONSTRAINT notifications_data_object CHECK ((jsonb_typeof(data) = 'object'::text)),
    CONSTRAINT notifications_data_size CHECK ((public.jsonb_string_map_bytes(data) <= 4096)),
    CONSTRAINT notifications_data_strings CHECK (public.jsonb_is_string_map(data)),
    CONSTRAINT notifications_outcome_recorded CHECK ((((status <> 'sent'::text) OR (message_id IS NOT NULL)) AND ((status <> 'failed'::text) OR (error IS NOT NULL)))),
    CONSTRAINT notifications_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'sent'::text, 'failed'::text]))),
    CONSTRAINT notifications_title_length CHECK (((title ~ '\S'::text) AND (char_length(title) <= 50)))
);


--
-- Name: notifications; Type: VIEW; Schema: admin_reads; Owner: -
--

CREATE VIEW admin_reads.notifications AS
 SELECT n.id,
    n.user_id,
    recipient.email AS recipient_email,
    n.title,
    n.body,
    n.data,
    n.status,
    n.message_id,
    n.error,
    n.sent_by,
    sender.email AS sender_email,
    n.created_at
   FROM ((public.notifications n
     LEFT JOIN private.user_emails recipient ON ((recipient.user_id = n.user_id)))
     LEFT JOIN private.user_emails sender ON ((sender.user_id = n.sent_by)))
  WHERE ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role);


--
-- Name: admin_notifications; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.admin_notifications WITH (security_invoker='true') AS
 SELECT notifications.id,
    notifications.user_id,
    notifications.recipient_email,
    notifications.title,
    notifications.body,
    notifications.data,
    notifications.status,
    notifications.message_id,
    notifications.error,
    notifications.sent_by,
    notifications.sender_email,
    notifications.created_at
   FROM admin_reads.notifications;


--
-- Name: notifications notifications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);


--
-- Name: notifications_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_created_at_idx ON public.notifications USING btree (created_at DESC);


--
-- Name: notifications_sent_by_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_sent_by_idx ON public.notifications USING btree (sent_by);


--
-- Name: notifications_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_user_id_idx ON public.notifications USING btree (user_id);


--
-- Name: notifications notifications_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER notifications_audit AFTER INSERT OR UPDATE ON public.notifications FOR EACH ROW EXECUTE FUNCTION private.audit_row_change('title');


--
-- Name: notifications notifications_sent_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_sent_by_fkey FOREIGN KEY (sent_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: notifications notifications_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: notifications Operators who push read notifications; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Operators who push read notifications" ON public.notifications FOR SELECT TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));


--
-- Name: notifications; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.notifications ENABLE ROW LEVEL SECURITY;

--
-- Name: TABLE notifications; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.notifications FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.notifications TO service_role;
GRANT SELECT ON TABLE public.notifications TO authenticated;


--
-- Name: TABLE notifications; Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON TABLE admin_reads.notifications FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE admin_reads.notifications TO authenticated;


--
-- Name: TABLE admin_notifications; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.admin_notifications FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.admin_notifications TO service_role;
GRANT SELECT ON TABLE public.admin_notifications TO authenticated;

-- ======================================================================
-- supabase/schemas/47_push_audiences.sql

-- Push audiences: an audience (a jsonb definition over the app's own data), its one translation
-- into SQL over a per-person summary (private.push_people, kept by triggers), the count and the
-- sample, and saved audiences. Sends and their approval: 48_push_sends.sql; the queue's worker
-- RPCs: 49_push_queue.sql. docs/architecture/push.md.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: push_audience_issue(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_audience_issue(definition jsonb) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  k text;
begin
  -- An audience: {} is everyone; every key narrows it. Lists match any of their values.
  if definition is null or jsonb_typeof(definition) <> 'object' then return 'not an object'; end if;
  for k in select jsonb_object_keys(definition) loop
    if k in ('conditions', 'allergies', 'locales', 'platforms') then
      if jsonb_typeof(definition -> k) <> 'array' or jsonb_array_length(definition -> k) = 0
         or jsonb_array_length(definition -> k) > 50
         or exists (select 1 from jsonb_array_elements(definition -> k) e
                     where jsonb_typeof(e) <> 'string' or char_length(e #>> '{}') not between 1 and 100) then
        return k || ': a list of 1 to 50 texts';
      end if;
      if k = 'locales' and exists (select 1 from jsonb_array_elements_text(definition -> k) e where e not in ('en', 'hi')) then
        return 'locales: en or hi';
      end if;
      if k = 'platforms' and exists (select 1 from jsonb_array_elements_text(definition -> k) e where e not in ('android', 'ios', 'web')) then
        return 'platforms: android, ios or web';
      end if;
    elsif k in ('signed_up_before', 'signed_up_after') then
      if jsonb_typeof(definition -> k) <> 'string' or (definition ->> k) !~ '^\d{4}-\d{2}-\d{2}$' then
        return k || ': a date (YYYY-MM-DD)';
      end if;
    elsif k in ('scanned_within_days', 'not_scanned_within_days') then
      if jsonb_typeof(definition -> k) <> 'number' or (definition ->> k) !~ '^\d+$' or (definition ->> k)::numeric not between 1 and 3650 then
        return k || ': a whole number of days from 1 to 3650';
      end if;
    elsif k = 'has_device' then
      if jsonb_typeof(definition -> k) <> 'boolean' then return 'has_device: true or false'; end if;
    else
      return 'unknown key: ' || k;
    end if;
  end loop;
  return null;
end
$$;

--
-- Name: push_audience_pairs(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_audience_pairs(definition jsonb) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- The (locale, platform) pairs a definition reaches, as 'en_android' ...: the names of
  -- private.push_people's device columns the count sums, and what a device's locale || '_' ||
  -- platform is matched against when the sample and the enqueue read the devices themselves.
  select coalesce(array_agg(l || '_' || pl order by l, pl), '{}')
    from unnest(array['en', 'hi']) l, unnest(array['android', 'ios', 'web']) pl
   where (not definition ? 'locales' or definition -> 'locales' ? l)
     and (not definition ? 'platforms' or definition -> 'platforms' ? pl)
$$;

--
-- Name: push_audience_devices(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_audience_devices(definition jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- A person's devices the definition reaches, as SQL over p (private.push_people): their total
  -- where every pair is in, else the sum of the chosen pair columns (fixed names from the known values).
  select case
    when cardinality(private.push_audience_pairs(definition)) = 6 then '(p.devices)'
    when cardinality(private.push_audience_pairs(definition)) = 0 then '(0)'
    else '(' || array_to_string(array(select 'p.' || c from unnest(private.push_audience_pairs(definition)) c), ' + ') || ')'
  end
$$;

--
-- Name: push_audience_where(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_audience_where(definition jsonb) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  -- The one translation of a definition into SQL: fixed fragments over p (private.push_people), every
  -- value read from $1, the definition itself, bound at EXECUTE: nothing from the request is spliced
  -- into the text. The count sums p's device columns; the sample and the enqueue join the devices
  -- of the people it selects (d, filtered by private.push_audience_pairs). Each value is a
  -- subquery, computed once per count rather than once per person.
  parts text[] := array['not p.deleted'];
  matching text := private.push_audience_devices(definition);
begin
  if definition ? 'conditions' then
    parts := parts || text 'p.conditions && array(select jsonb_array_elements_text($1 -> ''conditions''))';
  end if;
  if definition ? 'allergies' then
    parts := parts || text 'p.allergies && array(select jsonb_array_elements_text($1 -> ''allergies''))';
  end if;
  if definition ? 'signed_up_after' then
    parts := parts || text 'p.created_at >= (select ($1 ->> ''signed_up_after'')::date::timestamp at time zone ''Asia/Kolkata'')';
  end if;
  if definition ? 'signed_up_before' then
    parts := parts || text 'p.created_at < (select ($1 ->> ''signed_up_before'')::date::timestamp at time zone ''Asia/Kolkata'')';
  end if;
  if definition ? 'scanned_within_days' then
    parts := parts || text 'p.last_scan_at >= (select now() - make_interval(days => ($1 ->> ''scanned_within_days'')::integer))';
  end if;
  if definition ? 'not_scanned_within_days' then
    parts := parts || text 'p.last_scan_at < (select now() - make_interval(days => ($1 ->> ''not_scanned_within_days'')::integer))';
  end if;
  if definition -> 'has_device' = 'false'::jsonb then
    -- People without a device: nobody a push reaches, counted for the composer only.
    parts := parts || text 'p.devices = 0';
  else
    parts := parts || (matching || ' > 0');
  end if;
  return array_to_string(parts, ' and ');
end
$$;

--
-- Name: push_people; Type: TABLE; Schema: private; Owner: -
--

-- One row per account, kept by triggers, so a count reads one narrow row per person instead of
-- every device joined to auth.users, profiles and scans: the conditions and allergies of all their
-- family profiles, their last scan (-infinity: never), and their devices, in all and by (locale,
-- platform). Fixed-width columns first and no nulls in practice: a pass over every row reads them
-- at fixed offsets, the arrays last.
CREATE TABLE private.push_people (
    user_id uuid NOT NULL,
    created_at timestamp with time zone,
    last_scan_at timestamp with time zone DEFAULT '-infinity'::timestamp with time zone NOT NULL,
    devices integer DEFAULT 0 NOT NULL,
    en_android integer DEFAULT 0 NOT NULL,
    en_ios integer DEFAULT 0 NOT NULL,
    en_web integer DEFAULT 0 NOT NULL,
    hi_android integer DEFAULT 0 NOT NULL,
    hi_ios integer DEFAULT 0 NOT NULL,
    hi_web integer DEFAULT 0 NOT NULL,
    deleted boolean DEFAULT false NOT NULL,
    conditions text[] DEFAULT '{}'::text[] NOT NULL,
    allergies text[] DEFAULT '{}'::text[] NOT NULL
);

ALTER TABLE ONLY private.push_people
    ADD CONSTRAINT push_people_pkey PRIMARY KEY (user_id);

CREATE INDEX push_people_allergies_idx ON private.push_people USING gin (allergies);

CREATE INDEX push_people_conditions_idx ON private.push_people USING gin (conditions);

ALTER TABLE private.push_people ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE private.push_people FROM anon, authenticated, service_role;

--
-- Name: push_people_refresh(uuid[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_people_refresh(people uuid[]) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- Recomputes these people's rows from the tables (or removes them with their accounts).
  delete from private.push_people p where p.user_id = any (people) and not exists (select 1 from auth.users u where u.id = p.user_id);
  insert into private.push_people as p (user_id, created_at, last_scan_at, devices, en_android, en_ios, en_web,
                                        hi_android, hi_ios, hi_web, deleted, conditions, allergies)
  select u.id, u.created_at,
         coalesce((select max(s.created_at) from public.scans s where s.user_id = u.id), '-infinity'),
         d.devices, d.en_android, d.en_ios, d.en_web, d.hi_android, d.hi_ios, d.hi_web, u.deleted_at is not null,
         coalesce((select array_agg(distinct c) from public.profiles f, unnest(f.health_conditions) c where f.user_id = u.id), '{}'),
         coalesce((select array_agg(distinct a) from public.profiles f, unnest(f.allergies) a where f.user_id = u.id), '{}')
    from auth.users u,
         lateral (select count(*)::integer as devices,
                         count(*) filter (where x.locale = 'en' and x.platform = 'android')::integer as en_android,
                         count(*) filter (where x.locale = 'en' and x.platform = 'ios')::integer as en_ios,
                         count(*) filter (where x.locale = 'en' and x.platform = 'web')::integer as en_web,
                         count(*) filter (where x.locale = 'hi' and x.platform = 'android')::integer as hi_android,
                         count(*) filter (where x.locale = 'hi' and x.platform = 'ios')::integer as hi_ios,
                         count(*) filter (where x.locale = 'hi' and x.platform = 'web')::integer as hi_web
                    from public.user_devices x where x.user_id = u.id) d
   where u.id = any (people)
  on conflict (user_id) do update
     set created_at = excluded.created_at, last_scan_at = excluded.last_scan_at, devices = excluded.devices,
         en_android = excluded.en_android, en_ios = excluded.en_ios, en_web = excluded.en_web,
         hi_android = excluded.hi_android, hi_ios = excluded.hi_ios, hi_web = excluded.hi_web,
         deleted = excluded.deleted, conditions = excluded.conditions, allergies = excluded.allergies
$$;

--
-- Name: push_people_rebuild(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_people_rebuild() RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- Every person's row from the tables in one pass (the migration's backfill; a bulk load that ran
  -- without triggers). Returns the number of people.
  delete from private.push_people;
  insert into private.push_people (user_id, created_at, last_scan_at, devices, en_android, en_ios, en_web,
                                   hi_android, hi_ios, hi_web, deleted, conditions, allergies)
  select u.id, u.created_at, coalesce(s.last_scan_at, '-infinity'), coalesce(d.devices, 0),
         coalesce(d.en_android, 0), coalesce(d.en_ios, 0), coalesce(d.en_web, 0),
         coalesce(d.hi_android, 0), coalesce(d.hi_ios, 0), coalesce(d.hi_web, 0),
         u.deleted_at is not null, coalesce(fc.conditions, '{}'), coalesce(fa.allergies, '{}')
    from auth.users u
    left join (select f.user_id, array_agg(distinct c) as conditions
                 from public.profiles f, unnest(f.health_conditions) c group by f.user_id) fc on fc.user_id = u.id
    left join (select f.user_id, array_agg(distinct a) as allergies
                 from public.profiles f, unnest(f.allergies) a group by f.user_id) fa on fa.user_id = u.id
    left join (select s.user_id, max(s.created_at) as last_scan_at from public.scans s group by s.user_id) s on s.user_id = u.id
    left join (select x.user_id, count(*)::integer as devices,
                      count(*) filter (where x.locale = 'en' and x.platform = 'android')::integer as en_android,
                      count(*) filter (where x.locale = 'en' and x.platform = 'ios')::integer as en_ios,
                      count(*) filter (where x.locale = 'en' and x.platform = 'web')::integer as en_web,
                      count(*) filter (where x.locale = 'hi' and x.platform = 'android')::integer as hi_android,
                      count(*) filter (where x.locale = 'hi' and x.platform = 'ios')::integer as hi_ios,
                      count(*) filter (where x.locale = 'hi' and x.platform = 'web')::integer as hi_web
                 from public.user_devices x group by x.user_id) d on d.user_id = u.id;
  select count(*) from private.push_people
$$;

--
-- Name: push_people_follow(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_people_follow() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  -- TG_ARGV: the column naming the person, then the other columns their summary reads. A
  -- statement-level trigger (one per event: PostgreSQL allows transition tables on one event
  -- only, and on UPDATE without a column list), so a bulk write refreshes each person once.
  key text := TG_ARGV[0];
  fed text := array_to_string(array(select format('%I', c) from unnest(TG_ARGV) c), ', ');
  people uuid[];
begin
  if TG_OP = 'INSERT' then
    execute format('select array(select distinct n.%I from changed n)', key) into people;
  elsif TG_OP = 'DELETE' then
    execute format('select array(select distinct o.%I from gone o)', key) into people;
  else
    -- Rows matched on their primary key (id); either side of a row whose read columns changed
    -- (a row moved between accounts feeds two people).
    execute format('select array(select distinct x.person from gone o full join changed n on n.id = o.id,
                      lateral (values (o.%1$I), (n.%1$I)) x (person)
                     where o.id is null or n.id is null or (o.%2$s) is distinct from (n.%3$s))',
                   key, replace(fed, ', ', ', o.'), replace(fed, ', ', ', n.'))
      into people;
  end if;
  people := array_remove(people, null);
  if cardinality(people) > 0 then perform private.push_people_refresh(people); end if;
  return null;
end
$$;

--
-- Name: push_audience_counts(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_audience_counts(definition jsonb, OUT people bigint, OUT devices bigint) RETURNS record
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  -- The device sum names the fixed (locale, platform) columns the definition's known values select.
  matching text := case when definition -> 'has_device' = 'false'::jsonb then '0' else private.push_audience_devices(definition) end;
begin
  if private.push_audience_issue(definition) is not null then
    raise exception 'Invalid audience: %', private.push_audience_issue(definition) using errcode = '22023';
  end if;
  execute 'select count(*), coalesce(sum(' || matching || '), 0)::bigint from private.push_people p where '
    || private.push_audience_where(definition)
    using definition into people, devices;
end
$$;

--
-- Name: push_audiences; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_audiences (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    definition jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_by uuid DEFAULT auth.uid(),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT push_audiences_definition_valid CHECK ((private.push_audience_issue(definition) IS NULL)),
    CONSTRAINT push_audiences_name_length CHECK (((name ~ '\S'::text) AND (char_length(name) <= 100)))
);

ALTER TABLE ONLY public.push_audiences
    ADD CONSTRAINT push_audiences_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.push_audiences
    ADD CONSTRAINT push_audiences_name_key UNIQUE (name);

ALTER TABLE ONLY public.push_audiences
    ADD CONSTRAINT push_audiences_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE TRIGGER push_audiences_set_updated_at BEFORE UPDATE ON public.push_audiences FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER push_audiences_audit AFTER INSERT OR DELETE OR UPDATE ON public.push_audiences FOR EACH ROW EXECUTE FUNCTION private.audit_row_change('name');

ALTER TABLE public.push_audiences ENABLE ROW LEVEL SECURITY;

CREATE POLICY "Push operators read audiences" ON public.push_audiences FOR SELECT TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));

CREATE POLICY "Push operators save audiences" ON public.push_audiences FOR INSERT TO authenticated WITH CHECK ((( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role) AND (created_by = ( SELECT auth.uid() AS uid))));

CREATE POLICY "Authors and owners change audiences" ON public.push_audiences FOR UPDATE TO authenticated USING ((( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text]) AS has_admin_role) OR ((created_by = ( SELECT auth.uid() AS uid)) AND ( SELECT public.has_admin_role(VARIADIC ARRAY['support'::text]) AS has_admin_role)))) WITH CHECK ((( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));

CREATE POLICY "Authors and owners remove audiences" ON public.push_audiences FOR DELETE TO authenticated USING ((( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text]) AS has_admin_role) OR ((created_by = ( SELECT auth.uid() AS uid)) AND ( SELECT public.has_admin_role(VARIADIC ARRAY['support'::text]) AS has_admin_role))));

REVOKE ALL ON TABLE public.push_audiences FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.push_audiences TO service_role;
GRANT SELECT, DELETE ON TABLE public.push_audiences TO authenticated;
GRANT INSERT (name, definition, created_by), UPDATE (name, definition) ON TABLE public.push_audiences TO authenticated;

--
-- Indexes the audience count reads at a million devices.
--

CREATE INDEX user_devices_user_id_locale_platform_idx ON public.user_devices USING btree (user_id, locale, platform);

CREATE INDEX profiles_allergies_idx ON public.profiles USING gin (allergies);

CREATE INDEX profiles_health_conditions_idx ON public.profiles USING gin (health_conditions);

--
-- Name: push_require_role(text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_require_role(VARIADIC roles text[]) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.has_admin_role(variadic roles) then
    raise exception 'Your role cannot do this with pushes' using errcode = '42501';
  end if;
end
$$;

--
-- Name: push_audience_count(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_audience_count(definition jsonb) RETURNS json
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  c record;
begin
  perform private.push_require_role('owner', 'support');
  c := private.push_audience_counts(definition);
  return json_build_object('people', c.people, 'devices', c.devices);
end
$$;

--
-- Name: push_audience_sample(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_audience_sample(definition jsonb) RETURNS TABLE(user_id uuid, email text, locale text, platform text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- People are shown to the roles that list users (private.list_readers), no one else.
  if not public.has_admin_role(variadic (select r.roles from private.list_readers() r where r.screen = 'users')) then
    raise exception 'Your role cannot see the people of an audience' using errcode = '42501';
  end if;
  if private.push_audience_issue(definition) is not null then
    raise exception 'Invalid audience: %', private.push_audience_issue(definition) using errcode = '22023';
  end if;
  return query execute
    'select d.user_id, e.email, d.locale, d.platform from private.push_people p
       join public.user_devices d on d.user_id = p.user_id
       left join private.user_emails e on e.user_id = d.user_id
      where ' || private.push_audience_where(definition) || '
        and (d.locale || ''_'' || d.platform) = any (private.push_audience_pairs($1))
      order by d.user_id, d.id limit 10'
    using definition;
end
$$;

--
-- Function privileges: the composer's count and sample for signed-in push operators (each checks
-- the role); the helpers for no one.
--

REVOKE ALL ON FUNCTION private.push_audience_issue(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
-- The tables' checks call it as the writer.
GRANT ALL ON FUNCTION private.push_audience_issue(definition jsonb) TO authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_audience_pairs(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_audience_devices(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_audience_where(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_audience_counts(definition jsonb, OUT people bigint, OUT devices bigint) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_require_role(VARIADIC roles text[]) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.push_audience_count(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_audience_count(definition jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.push_audience_count(definition jsonb) TO service_role;
REVOKE ALL ON FUNCTION public.push_audience_sample(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_audience_sample(definition jsonb) TO authenticated;

-- The count summary follows the tables it sums.
CREATE TRIGGER push_people_follow_delete AFTER DELETE ON auth.users REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('id', 'created_at', 'deleted_at');

CREATE TRIGGER push_people_follow AFTER INSERT ON auth.users REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('id', 'created_at', 'deleted_at');

CREATE TRIGGER push_people_follow_update AFTER UPDATE ON auth.users REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('id', 'created_at', 'deleted_at');

CREATE TRIGGER push_people_follow_delete AFTER DELETE ON public.profiles REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'health_conditions', 'allergies');

CREATE TRIGGER push_people_follow AFTER INSERT ON public.profiles REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'health_conditions', 'allergies');

CREATE TRIGGER push_people_follow_update AFTER UPDATE ON public.profiles REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'health_conditions', 'allergies');

CREATE TRIGGER push_people_follow_delete AFTER DELETE ON public.user_devices REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'locale', 'platform');

CREATE TRIGGER push_people_follow AFTER INSERT ON public.user_devices REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'locale', 'platform');

CREATE TRIGGER push_people_follow_update AFTER UPDATE ON public.user_devices REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'locale', 'platform');

CREATE TRIGGER push_people_follow_delete AFTER DELETE ON public.scans REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'created_at');

CREATE TRIGGER push_people_follow AFTER INSERT ON public.scans REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'created_at');

CREATE TRIGGER push_people_follow_update AFTER UPDATE ON public.scans REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'created_at');

REVOKE ALL ON FUNCTION private.push_people_refresh(people uuid[]) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_people_rebuild() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_people_follow() FROM PUBLIC, anon, authenticated, service_role;

-- ======================================================================
-- supabase/schemas/48_push_sends.sql

-- Push sends: the owners' settings, sends with their texts per locale, schedule, approval and
-- counts, one delivery row per (send, device), and the operators' RPCs that create, approve, change,
-- cancel, pause and resume them. Audiences: 47_push_audiences.sql; the queue: 49_push_queue.sql.
-- docs/architecture/push.md.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: push_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_settings (
    id integer DEFAULT 1 NOT NULL,
    approval_threshold integer DEFAULT 1000 NOT NULL,
    daily_cap integer DEFAULT 3 NOT NULL,
    CONSTRAINT push_settings_single_row CHECK ((id = 1)),
    CONSTRAINT push_settings_threshold_positive CHECK ((approval_threshold >= 0)),
    CONSTRAINT push_settings_cap_range CHECK (((daily_cap >= 1) AND (daily_cap <= 100)))
);

ALTER TABLE ONLY public.push_settings
    ADD CONSTRAINT push_settings_pkey PRIMARY KEY (id);

INSERT INTO public.push_settings (id) VALUES (1) ON CONFLICT DO NOTHING;

ALTER TABLE public.push_settings ENABLE ROW LEVEL SECURITY;

CREATE POLICY "Push operators read push settings" ON public.push_settings FOR SELECT TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));

REVOKE ALL ON TABLE public.push_settings FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.push_settings TO service_role;
GRANT SELECT ON TABLE public.push_settings TO authenticated;

CREATE TRIGGER push_settings_audit AFTER INSERT OR DELETE OR UPDATE ON public.push_settings FOR EACH ROW EXECUTE FUNCTION private.audit_row_change();

--
-- Name: push_sends; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_sends (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    audience_id uuid,
    definition jsonb NOT NULL,
    title_en text NOT NULL,
    body_en text NOT NULL,
    title_hi text,
    body_hi text,
    data jsonb DEFAULT '{}'::jsonb NOT NULL,
    urgent boolean DEFAULT false NOT NULL,
    send_at_local timestamp without time zone,
    status text NOT NULL,
    needs_approval boolean NOT NULL,
    people bigint NOT NULL,
    devices bigint NOT NULL,
    created_by uuid NOT NULL,
    approved_by uuid,
    approved_at timestamp with time zone,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    queued bigint DEFAULT 0 NOT NULL,
    sent bigint DEFAULT 0 NOT NULL,
    failed bigint DEFAULT 0 NOT NULL,
    removed bigint DEFAULT 0 NOT NULL,
    skipped bigint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    enqueue_cursor uuid,
    enqueued_at timestamp with time zone,
    CONSTRAINT push_sends_definition_valid CHECK ((private.push_audience_issue(definition) IS NULL)),
    CONSTRAINT push_sends_title_en_length CHECK (((title_en ~ '\S'::text) AND (char_length(title_en) <= 50))),
    CONSTRAINT push_sends_body_en_length CHECK (((body_en ~ '\S'::text) AND (char_length(body_en) <= 200))),
    CONSTRAINT push_sends_title_hi_length CHECK (((title_hi IS NULL) OR ((title_hi ~ '\S'::text) AND (char_length(title_hi) <= 50)))),
    CONSTRAINT push_sends_body_hi_length CHECK (((body_hi IS NULL) OR ((body_hi ~ '\S'::text) AND (char_length(body_hi) <= 200)))),
    CONSTRAINT push_sends_hi_whole CHECK (((title_hi IS NULL) = (body_hi IS NULL))),
    CONSTRAINT push_sends_data_object CHECK ((jsonb_typeof(data) = 'object'::text)),
    CONSTRAINT push_sends_data_strings CHECK (public.jsonb_is_string_map(data)),
    CONSTRAINT push_sends_data_fcm_keys CHECK ((NOT public.jsonb_has_fcm_reserved_key(data))),
    CONSTRAINT push_sends_data_size CHECK ((public.jsonb_string_map_bytes(data) <= 4096)),
    CONSTRAINT push_sends_status_known CHECK ((status = ANY (ARRAY['waiting_for_approval'::text, 'scheduled'::text, 'sending'::text, 'paused'::text, 'done'::text, 'cancelled'::text]))),
    CONSTRAINT push_sends_approved_before_start CHECK (((NOT needs_approval) OR (status = ANY (ARRAY['waiting_for_approval'::text, 'cancelled'::text])) OR (approved_by IS NOT NULL))),
    CONSTRAINT push_sends_second_operator CHECK (((approved_by IS NULL) OR (approved_by <> created_by)))
);

ALTER TABLE ONLY public.push_sends
    ADD CONSTRAINT push_sends_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.push_sends
    ADD CONSTRAINT push_sends_audience_id_fkey FOREIGN KEY (audience_id) REFERENCES public.push_audiences(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.push_sends
    ADD CONSTRAINT push_sends_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id);

ALTER TABLE ONLY public.push_sends
    ADD CONSTRAINT push_sends_approved_by_fkey FOREIGN KEY (approved_by) REFERENCES auth.users(id);

CREATE INDEX push_sends_created_at_idx ON public.push_sends USING btree (created_at DESC);

CREATE INDEX push_sends_due_idx ON public.push_sends USING btree (send_at_local) WHERE (status = 'scheduled'::text);

-- Audited when its content, schedule or state changes, not at each delivery's counter.
CREATE TRIGGER push_sends_audit AFTER INSERT OR UPDATE OF status, approved_by, title_en, body_en, title_hi, body_hi, send_at_local, urgent, definition ON public.push_sends FOR EACH ROW EXECUTE FUNCTION private.audit_row_change('title_en');

ALTER TABLE public.push_sends ENABLE ROW LEVEL SECURITY;

CREATE POLICY "Push operators read sends" ON public.push_sends FOR SELECT TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));

REVOKE ALL ON TABLE public.push_sends FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.push_sends TO service_role;
GRANT SELECT ON TABLE public.push_sends TO authenticated;

--
-- Name: push_deliveries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_deliveries (
    send_id uuid NOT NULL,
    device_id uuid NOT NULL,
    user_id uuid NOT NULL,
    status text NOT NULL,
    attempts integer DEFAULT 1 NOT NULL,
    message_id text,
    error text,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT push_deliveries_status_known CHECK ((status = ANY (ARRAY['claimed'::text, 'sending'::text, 'sent'::text, 'failed'::text, 'removed'::text, 'capped'::text])))
);

-- The idempotency record: one row per (send, device), whatever worker claims it and however often.
ALTER TABLE ONLY public.push_deliveries
    ADD CONSTRAINT push_deliveries_pkey PRIMARY KEY (send_id, device_id);

ALTER TABLE ONLY public.push_deliveries
    ADD CONSTRAINT push_deliveries_send_id_fkey FOREIGN KEY (send_id) REFERENCES public.push_sends(id) ON DELETE CASCADE;

-- The daily cap counts a person's pushes of the day.
CREATE INDEX push_deliveries_user_id_updated_at_idx ON public.push_deliveries USING btree (user_id, updated_at) WHERE (status = ANY (ARRAY['claimed'::text, 'sending'::text, 'sent'::text]));

CREATE INDEX push_deliveries_failures_idx ON public.push_deliveries USING btree (send_id, updated_at DESC) WHERE (status = ANY (ARRAY['failed'::text, 'removed'::text]));

ALTER TABLE public.push_deliveries ENABLE ROW LEVEL SECURITY;

CREATE POLICY "Push operators read deliveries" ON public.push_deliveries FOR SELECT TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));

REVOKE ALL ON TABLE public.push_deliveries FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.push_deliveries TO service_role;
GRANT SELECT ON TABLE public.push_deliveries TO authenticated;

--
-- Name: push_send_create(jsonb, text, text, text, text, timestamp without time zone, boolean, uuid, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_send_create(definition jsonb, title_en text, body_en text, title_hi text DEFAULT NULL::text, body_hi text DEFAULT NULL::text, send_at_local timestamp without time zone DEFAULT NULL::timestamp without time zone, urgent boolean DEFAULT false, audience_id uuid DEFAULT NULL::uuid, data jsonb DEFAULT '{}'::jsonb) RETURNS public.push_sends
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  c record;
  needs boolean;
  row public.push_sends;
begin
  perform private.push_require_role('owner', 'support');
  c := private.push_audience_counts(definition);
  -- Everyone, or more people than the owners' threshold, waits for a second owner.
  needs := definition - 'has_device' = '{}'::jsonb
        or c.people > (select s.approval_threshold from public.push_settings s where s.id = 1);
  insert into public.push_sends (audience_id, definition, title_en, body_en, title_hi, body_hi, data, urgent,
                                 send_at_local, status, needs_approval, people, devices, created_by)
  values (push_send_create.audience_id, push_send_create.definition, push_send_create.title_en, push_send_create.body_en,
          push_send_create.title_hi, push_send_create.body_hi, push_send_create.data, push_send_create.urgent,
          push_send_create.send_at_local, case when needs then 'waiting_for_approval' else 'scheduled' end, needs,
          c.people, c.devices, auth.uid())
  returning * into row;
  return row;
end
$$;

--
-- Name: push_send_approve(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_send_approve(send uuid) RETURNS public.push_sends
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  row public.push_sends;
begin
  perform private.push_require_role('owner');
  select * into row from public.push_sends s where s.id = send for update;
  if not found or row.status <> 'waiting_for_approval' then
    raise exception 'This send is not waiting for approval' using errcode = '55000';
  end if;
  if row.created_by = auth.uid() then
    raise exception 'An owner other than its author approves a send' using errcode = '42501';
  end if;
  perform set_config('labellens.audit_action', 'approve', true);
  update public.push_sends s set status = 'scheduled', approved_by = auth.uid(), approved_at = now()
   where s.id = send returning * into row;
  perform set_config('labellens.audit_action', '', true);
  return row;
end
$$;

--
-- Name: push_send_change(uuid, text, text, text, text, timestamp without time zone, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_send_change(send uuid, title_en text, body_en text, title_hi text DEFAULT NULL::text, body_hi text DEFAULT NULL::text, send_at_local timestamp without time zone DEFAULT NULL::timestamp without time zone, urgent boolean DEFAULT false) RETURNS public.push_sends
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  row public.push_sends;
begin
  perform private.push_require_role('owner', 'support');
  select * into row from public.push_sends s where s.id = send for update;
  if not found or row.status not in ('waiting_for_approval', 'scheduled') then
    raise exception 'A send can be changed until it starts' using errcode = '55000';
  end if;
  -- A change to an approved send needs a new approval.
  update public.push_sends s
     set title_en = push_send_change.title_en, body_en = push_send_change.body_en,
         title_hi = push_send_change.title_hi, body_hi = push_send_change.body_hi,
         send_at_local = push_send_change.send_at_local, urgent = push_send_change.urgent,
         status = case when s.needs_approval then 'waiting_for_approval' else 'scheduled' end,
         approved_by = null, approved_at = null
   where s.id = send returning * into row;
  return row;
end
$$;

--
-- Name: push_send_set_status(uuid, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_send_set_status(send uuid, new_status text) RETURNS public.push_sends
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  row public.push_sends;
begin
  perform private.push_require_role('owner', 'support');
  select * into row from public.push_sends s where s.id = send for update;
  -- cancel until it starts; pause while it sends; resume a paused one.
  if not found or not (
       (new_status = 'cancelled' and row.status in ('waiting_for_approval', 'scheduled'))
    or (new_status = 'paused' and row.status = 'sending')
    or (new_status = 'sending' and row.status = 'paused')) then
    raise exception 'A % send cannot become %', coalesce(row.status, 'missing'), new_status using errcode = '55000';
  end if;
  update public.push_sends s set status = new_status where s.id = send returning * into row;
  return row;
end
$$;

--
-- Name: update_push_settings(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.update_push_settings(approval_threshold integer DEFAULT NULL::integer, daily_cap integer DEFAULT NULL::integer) RETURNS public.push_settings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  row public.push_settings;
begin
  perform private.push_require_role('owner');
  update public.push_settings s
     set approval_threshold = coalesce(update_push_settings.approval_threshold, s.approval_threshold),
         daily_cap = coalesce(update_push_settings.daily_cap, s.daily_cap)
   where s.id = 1 returning * into row;
  return row;
end
$$;

--
-- Function privileges: the operators' RPCs for signed-in users (each checks the role).
--

REVOKE ALL ON FUNCTION public.push_send_create(definition jsonb, title_en text, body_en text, title_hi text, body_hi text, send_at_local timestamp without time zone, urgent boolean, audience_id uuid, data jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_send_create(definition jsonb, title_en text, body_en text, title_hi text, body_hi text, send_at_local timestamp without time zone, urgent boolean, audience_id uuid, data jsonb) TO authenticated;
REVOKE ALL ON FUNCTION public.push_send_approve(send uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_send_approve(send uuid) TO authenticated;
REVOKE ALL ON FUNCTION public.push_send_change(send uuid, title_en text, body_en text, title_hi text, body_hi text, send_at_local timestamp without time zone, urgent boolean) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_send_change(send uuid, title_en text, body_en text, title_hi text, body_hi text, send_at_local timestamp without time zone, urgent boolean) TO authenticated;
REVOKE ALL ON FUNCTION public.push_send_set_status(send uuid, new_status text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_send_set_status(send uuid, new_status text) TO authenticated;
REVOKE ALL ON FUNCTION public.update_push_settings(approval_threshold integer, daily_cap integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.update_push_settings(approval_threshold integer, daily_cap integer) TO authenticated;

--
-- Name: push_operators(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_operators() RETURNS TABLE(user_id uuid, email text, role text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- The active push operators by email, for the sends list: who sent, who approved, and which
  -- owners may approve a send waiting for approval (any owner but its author).
  perform private.push_require_role('owner', 'support');
  return query
    select a.user_id, e.email, a.role from public.admin_users a
      left join private.user_emails e on e.user_id = a.user_id
     where a.is_active and a.accepted_at is not null and a.role in ('owner', 'support')
     order by e.email;
end
$$;

REVOKE ALL ON FUNCTION public.push_operators() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_operators() TO authenticated;

-- The sends list shows each send's counters moving as the worker records answers.
ALTER PUBLICATION supabase_realtime ADD TABLE public.push_sends;

-- ======================================================================
-- supabase/schemas/49_push_queue.sql

-- The push queue: pgmq's 'push' queue and its worker RPCs (service role): scheduling in the
-- recipient's time, enqueueing a send in batches into the queue, claiming, marking and recording
-- each (send, device) once. docs/architecture/push.md, "The queue".
--
-- pgmq (Supabase Queues) is the platform's: a hosted project has it as an extension, enabled here
-- where not yet; the stand-in's platform and the hosted model install pgmq's SQL-only install
-- instead where their server has no pgmq extension (mocks/supabase/vendor/pgmq,
-- mocks/supabase/db/prepare.ts platformQueueSql). Either way the project uses pgmq's API only
-- (create, send_batch, read, set_vt, delete), which is the same in both.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

DO $queue$
BEGIN
  -- The SQL-only install makes the schema without the extension: enabling it there would clash.
  IF to_regnamespace('pgmq') IS NULL THEN
    CREATE EXTENSION IF NOT EXISTS pgmq;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pgmq.meta WHERE queue_name = 'push') THEN
    PERFORM pgmq.create('push');
  END IF;
END
$queue$;

SET check_function_bodies = false;

--
-- Name: push_time_zone(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_time_zone(locale text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- The time zone a device's locale stands for. Both locales the app knows are read in India, so
  -- both are IST; a new locale in user_devices_locale_known gets its zone here.
  select case locale when 'en' then 'Asia/Kolkata' when 'hi' then 'Asia/Kolkata' else 'Asia/Kolkata' end
$$;

--
-- Name: push_time_zones(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_time_zones() RETURNS SETOF text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select distinct private.push_time_zone(l) from unnest(array['en', 'hi']) l $$;

--
-- Name: push_release_at(timestamp with time zone, text, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_release_at(due timestamp with time zone, zone text, urgent boolean) RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- Quiet hours: nothing between 22:00 and 08:00 local unless urgent; a push due then waits for 08:00.
  select case
    when urgent then due
    when (due at time zone zone)::time >= time '22:00' then (((due at time zone zone)::date + 1) + time '08:00') at time zone zone
    when (due at time zone zone)::time < time '08:00' then ((due at time zone zone)::date + time '08:00') at time zone zone
    else due
  end
$$;

--
-- Name: push_clock(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_clock() RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- The worker's "now": the transaction's time, or labellens.push_clock where the caller (the service
  -- role: the worker RPCs are its alone) sets it, so the database tests can stand at 23:00 IST.
  select coalesce(nullif(current_setting('labellens.push_clock', true), '')::timestamptz, now())
$$;

--
-- Name: push_start_due(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_start_due(batch_size integer DEFAULT 10000) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  s public.push_sends;
  budget integer := greatest(1, least(batch_size, 100000));
  clock timestamp with time zone := private.push_clock();
  last_person uuid;
  taken integer;
  lim integer;
  n bigint;
  pending integer := 0;
begin
  -- The worker (service role) starts the sends whose time has come in some recipient's zone, then
  -- enqueues one message per matching device, each visible at its own local time (quiet hours pushed
  -- to 08:00), for at most batch_size people per call: a send to a million devices is many short
  -- transactions, not one past the statement timeout. The send keeps how far it got (enqueue_cursor,
  -- the last person enqueued, in user_id order) in the same transaction as the messages, so a call
  -- that dies enqueues nothing and the next resumes where the last committed one stopped; the row
  -- lock keeps two workers off the same send. Returns how many of the sends this call could lock
  -- still have people to enqueue: the worker calls again while it is above 0.
  update public.push_sends p set status = 'sending', started_at = now(), queued = 0, enqueue_cursor = null
   where p.status = 'scheduled'
     and (p.send_at_local is null
          or exists (select 1 from private.push_time_zones() z where p.send_at_local <= (clock at time zone z)));
  for s in
    select * from public.push_sends p
     where p.status in ('sending', 'paused') and p.enqueued_at is null
     order by p.created_at
     for update skip locked
  loop
    if budget <= 0 then
      pending := pending + 1;
      continue;
    end if;
    lim := budget;
    execute
      'with people as (
         select p.user_id from private.push_people p
          where ' || private.push_audience_where(s.definition) || ' and ($6::uuid is null or p.user_id > $6)
          order by p.user_id limit $7),
       targets as (
         select d.id, greatest(0, ceil(extract(epoch from private.push_release_at(
                  greatest($5, coalesce($2 at time zone private.push_time_zone(d.locale), $5)),
                  private.push_time_zone(d.locale), $3) - $5)))::integer as delay
           from people x join public.user_devices d on d.user_id = x.user_id
          where (d.locale || ''_'' || d.platform) = any (private.push_audience_pairs($1))),
       batches as (
         select pgmq.send_batch(''push'', array_agg(jsonb_build_object(''s'', $4, ''d'', t.id)), t.delay) as msg_id
           from (select t.*, row_number() over (order by t.id) / 10000 as chunk from targets t) t
          group by t.delay, t.chunk)
       select (select x.user_id from people x order by x.user_id desc limit 1), (select count(*) from people)::integer, (select count(*) from batches)'
      using s.definition, s.send_at_local, s.urgent, s.id, clock, s.enqueue_cursor, lim
      into last_person, taken, n;
    budget := budget - taken;
    update public.push_sends p
       set queued = p.queued + n, enqueue_cursor = coalesce(last_person, p.enqueue_cursor),
           enqueued_at = case when taken < lim then now() end
     where p.id = s.id;
    if taken >= lim then pending := pending + 1; end if;
    perform private.push_finish(s.id);
  end loop;
  return pending;
end
$$;

--
-- Name: push_claim(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_claim(qty integer, visibility_seconds integer DEFAULT 60) RETURNS TABLE(msg_id bigint, send_id uuid, device_id uuid, token text, title text, body text, data jsonb, urgent boolean)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  m record;
  s public.push_sends;
  d public.user_devices;
  prior public.push_deliveries;
  zone text;
  release timestamp with time zone;
  today_pushes bigint;
  cap integer := (select p.daily_cap from public.push_settings p where p.id = 1);
  clock timestamp with time zone := private.push_clock();
begin
  -- The worker's read: up to qty messages, hidden from other readers for visibility_seconds. A
  -- message whose (send, device) already has an outcome is deleted unsent (a worker that died after
  -- recording it, or a duplicate). One claimed and never marked sending (its worker died first) goes
  -- again; one marked sending and never answered may have reached FCM, so it is not sent twice: it
  -- fails as unknown. Quiet hours, a paused send and the daily cap are checked here, when sending.
  for m in select r.msg_id, r.read_ct, r.message from pgmq.read('push', visibility_seconds, least(qty, 1000)) r loop
    select * into s from public.push_sends p where p.id = (m.message ->> 's')::uuid;
    select * into d from public.user_devices x where x.id = (m.message ->> 'd')::uuid;
    select * into prior from public.push_deliveries x where x.send_id = s.id and x.device_id = d.id;
    if s.id is null or d.id is null or s.status in ('cancelled', 'done') or prior.status in ('sent', 'failed', 'removed', 'capped') then
      perform pgmq.delete('push', m.msg_id);
      if s.id is not null and prior.status is null and s.status = 'sending' then
        update public.push_sends p set skipped = p.skipped + 1 where p.id = s.id;
        perform private.push_finish(s.id);
      end if;
      continue;
    end if;
    if s.status = 'paused' then
      perform pgmq.set_vt('push', m.msg_id, 30);
      continue;
    end if;
    if prior.status = 'sending' then
      update public.push_deliveries x set status = 'failed', error = 'The worker stopped while sending: delivery unknown', updated_at = clock
       where x.send_id = s.id and x.device_id = d.id;
      perform pgmq.delete('push', m.msg_id);
      update public.push_sends p set failed = p.failed + 1 where p.id = s.id;
      perform private.push_finish(s.id);
      continue;
    end if;
    zone := private.push_time_zone(d.locale);
    release := private.push_release_at(clock, zone, s.urgent);
    if release > clock then
      perform pgmq.set_vt('push', m.msg_id, ceil(extract(epoch from release - clock))::integer);
      continue;
    end if;
    -- One person's pushes of their local day, this send counted once whatever their devices.
    perform pg_advisory_xact_lock(hashtext('push-cap'), hashtext(d.user_id::text));
    select count(distinct x.send_id) into today_pushes
      from public.push_deliveries x
     where x.user_id = d.user_id and x.status in ('claimed', 'sending', 'sent') and x.send_id <> s.id
       and x.updated_at >= (date_trunc('day', clock at time zone zone) at time zone zone);
    if today_pushes >= cap and not exists (
         select 1 from public.push_deliveries x where x.user_id = d.user_id and x.send_id = s.id and x.status in ('claimed', 'sending', 'sent')) then
      insert into public.push_deliveries (send_id, device_id, user_id, status, error, updated_at)
      values (s.id, d.id, d.user_id, 'capped', 'Daily cap of ' || cap || ' pushes reached', clock);
      perform pgmq.delete('push', m.msg_id);
      update public.push_sends p set skipped = p.skipped + 1 where p.id = s.id;
      perform private.push_finish(s.id);
      continue;
    end if;
    insert into public.push_deliveries as x (send_id, device_id, user_id, status, updated_at)
    values (s.id, d.id, d.user_id, 'claimed', clock)
    on conflict on constraint push_deliveries_pkey do update set attempts = x.attempts + 1, updated_at = clock;
    msg_id := m.msg_id;
    send_id := s.id;
    device_id := d.id;
    token := d.token;
    -- The device's language, English where the send has no text in it.
    title := case when d.locale = 'hi' and s.title_hi is not null then s.title_hi else s.title_en end;
    body := case when d.locale = 'hi' and s.body_hi is not null then s.body_hi else s.body_en end;
    data := s.data;
    urgent := s.urgent;
    return next;
  end loop;
end
$$;

--
-- Name: push_finish(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_finish(send uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update public.push_sends p set status = 'done', finished_at = now()
   where p.id = send and p.status in ('sending', 'paused') and p.enqueued_at is not null
     and p.sent + p.failed + p.removed + p.skipped >= p.queued
$$;

--
-- Name: push_mark_sending(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_mark_sending(items jsonb) RETURNS TABLE(send_id uuid, device_id uuid)
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- The worker's last word before it calls FCM: [{send_id, device_id}] claimed rows become sending,
  -- and it sends only the rows answered here (another worker may have claimed a message since).
  update public.push_deliveries x set status = 'sending', updated_at = now()
    from jsonb_to_recordset(items) as i(send_id uuid, device_id uuid)
   where x.send_id = i.send_id and x.device_id = i.device_id and x.status = 'claimed'
  returning x.send_id, x.device_id
$$;

--
-- Name: push_record(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_record(results jsonb) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  r record;
  recorded integer := 0;
  changed integer;
  attempts integer;
begin
  -- The worker's answers: [{msg_id, send_id, device_id, outcome: sent|failed|removed|retry,
  -- message_id, error, retry_after}]. An outcome is recorded once: a row marked sending becomes
  -- final, and the send's counters move with it; a repeated or late answer changes nothing.
  for r in select * from jsonb_to_recordset(results) as x(msg_id bigint, send_id uuid, device_id uuid, outcome text,
                                                          message_id text, error text, retry_after integer) loop
    if r.outcome = 'retry' then
      select x.attempts into attempts from public.push_deliveries x where x.send_id = r.send_id and x.device_id = r.device_id;
      if attempts < 5 then
        -- Back to claimed: FCM refused it, so the next claim sends it again.
        update public.push_deliveries x set status = 'claimed', error = left(r.error, 500), updated_at = now()
         where x.send_id = r.send_id and x.device_id = r.device_id and x.status = 'sending';
        perform pgmq.set_vt('push', r.msg_id, greatest(1, least(3600, coalesce(r.retry_after, (2 ^ (attempts - 1))::integer))));
        continue;
      end if;
      r.outcome := 'failed';
    end if;
    if r.outcome not in ('sent', 'failed', 'removed') then
      raise exception 'Unknown outcome %', r.outcome using errcode = '22023';
    end if;
    update public.push_deliveries x
       set status = r.outcome, message_id = r.message_id, error = left(r.error, 500), updated_at = now()
     where x.send_id = r.send_id and x.device_id = r.device_id and x.status = 'sending';
    get diagnostics changed = row_count;
    perform pgmq.delete('push', r.msg_id);
    if changed = 0 then continue; end if;
    recorded := recorded + 1;
    if r.outcome = 'removed' then
      delete from public.user_devices d where d.id = r.device_id;
    end if;
    update public.push_sends p
       set sent = p.sent + (r.outcome = 'sent')::integer,
           failed = p.failed + (r.outcome = 'failed')::integer,
           removed = p.removed + (r.outcome = 'removed')::integer
     where p.id = r.send_id;
    perform private.push_finish(r.send_id);
  end loop;
  return recorded;
end
$$;

--
-- Function privileges: the worker's RPCs for the service role only.
--

REVOKE ALL ON FUNCTION private.push_time_zone(locale text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_time_zones() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_release_at(due timestamp with time zone, zone text, urgent boolean) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_clock() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_finish(send uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.push_start_due(batch_size integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_start_due(batch_size integer) TO service_role;
REVOKE ALL ON FUNCTION public.push_claim(qty integer, visibility_seconds integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_claim(qty integer, visibility_seconds integer) TO service_role;
REVOKE ALL ON FUNCTION public.push_mark_sending(items jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_mark_sending(items jsonb) TO service_role;
REVOKE ALL ON FUNCTION public.push_record(results jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_record(results jsonb) TO service_role;

-- ======================================================================
-- supabase/schemas/50_contact.sql

-- The public contact form's inbox and its flood limit.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: count_contact_submission(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_contact_submission() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  sender text := private.request_address();
begin
  delete from private.contact_submissions
   where address = sender and submitted_at < now() - interval '1 hour';
  if (select count(*) from private.contact_submissions where address = sender) >= 5 then
    raise sqlstate 'PT429' using
      message = 'Too many messages from this address: please try again in an hour',
      hint = 'At most 5 contact messages per address per hour';
  end if;
  insert into private.contact_submissions (address) values (sender);
  return new;
end
$$;


--
-- Name: one_contact_message_per_request(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.one_contact_message_per_request() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if current_user in ('anon', 'authenticated') and (select count(*) from new_messages) > 1 then
    raise sqlstate 'PT400' using
      message = 'One contact message per request',
      hint = 'Send each message in its own request';
  end if;
  return null;
end
$$;




--
-- Name: contact_submissions; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.contact_submissions (
    address text NOT NULL,
    submitted_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: contact_messages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.contact_messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    first_name text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    email text NOT NULL,
    subject text DEFAULT ''::text NOT NULL,
    message text NOT NULL,
    status text DEFAULT 'new'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT contact_messages_email_valid CHECK (((char_length(email) <= 254) AND (email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'::text))),
    CONSTRAINT contact_messages_first_name_length CHECK (((first_name ~ '\S'::text) AND (char_length(first_name) <= 100))),
    CONSTRAINT contact_messages_last_name_length CHECK ((char_length(last_name) <= 100)),
    CONSTRAINT contact_messages_message_length CHECK (((message ~ '\S'::text) AND (char_length(message) <= 5000))),
    CONSTRAINT contact_messages_status_known CHECK ((status = ANY (ARRAY['new'::text, 'read'::text, 'archived'::text]))),
    CONSTRAINT contact_messages_subject_length CHECK ((char_length(subject) <= 200))
);


--
-- Name: contact_messages contact_messages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contact_messages
    ADD CONSTRAINT contact_messages_pkey PRIMARY KEY (id);


--
-- Name: contact_submissions_address_time_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX contact_submissions_address_time_idx ON private.contact_submissions USING btree (address, submitted_at);


--
-- Name: contact_messages_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX contact_messages_created_at_idx ON public.contact_messages USING btree (created_at DESC);


--
-- Name: contact_messages_email_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX contact_messages_email_created_at_idx ON public.contact_messages USING btree (lower(email), created_at DESC);


--
-- Name: contact_messages_palette_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX contact_messages_palette_trgm_idx ON public.contact_messages USING gin (lower(((((((first_name || ' '::text) || last_name) || ' '::text) || email) || ' '::text) || subject)) extensions.gin_trgm_ops);


--
-- Name: contact_messages_status_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX contact_messages_status_created_at_idx ON public.contact_messages USING btree (status, created_at DESC);


--
-- Name: contact_messages contact_messages_delete_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_delete_audit AFTER DELETE ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.audit_row_change('email', '254');


--
-- Name: contact_messages contact_messages_one_per_request; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_one_per_request AFTER INSERT ON public.contact_messages REFERENCING NEW TABLE AS new_messages FOR EACH STATEMENT EXECUTE FUNCTION private.one_contact_message_per_request();


--
-- Name: contact_messages contact_messages_rate_limit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_rate_limit BEFORE INSERT ON public.contact_messages FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION private.count_contact_submission();


--
-- Name: contact_messages contact_messages_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_set_updated_at BEFORE UPDATE ON public.contact_messages FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION public.set_updated_at();


--
-- Name: contact_messages contact_messages_status_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_status_audit AFTER UPDATE OF status ON public.contact_messages FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION private.audit_row_change('email', '254');


--
-- Name: contact_messages contact_messages_undelete_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_undelete_audit AFTER INSERT ON public.contact_messages FOR EACH ROW WHEN ((current_setting('labellens.audit_action'::text, true) = 'undelete'::text)) EXECUTE FUNCTION private.audit_row_change('email', '254');


--
-- Name: contact_messages Anyone submits a contact message; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Anyone submits a contact message" ON public.contact_messages FOR INSERT TO anon, authenticated WITH CHECK ((status = 'new'::text));


--
-- Name: contact_messages Inbox operators read contact messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Inbox operators read contact messages" ON public.contact_messages FOR SELECT TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));


--
-- Name: contact_messages Inbox operators remove contact messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Inbox operators remove contact messages" ON public.contact_messages FOR DELETE TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));


--
-- Name: contact_messages Inbox operators triage contact messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Inbox operators triage contact messages" ON public.contact_messages FOR UPDATE TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)) WITH CHECK (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));


--
-- Name: contact_messages; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.contact_messages ENABLE ROW LEVEL SECURITY;

--
-- Name: FUNCTION count_contact_submission(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.count_contact_submission() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.count_contact_submission() FROM PUBLIC;


--
-- Name: FUNCTION one_contact_message_per_request(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.one_contact_message_per_request() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.one_contact_message_per_request() FROM PUBLIC;


--
-- Name: TABLE contact_messages; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.contact_messages FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.contact_messages TO service_role;
GRANT SELECT,DELETE ON TABLE public.contact_messages TO authenticated;


--
-- Name: COLUMN contact_messages.first_name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(first_name) ON TABLE public.contact_messages TO anon;
GRANT INSERT(first_name) ON TABLE public.contact_messages TO authenticated;


--
-- Name: COLUMN contact_messages.last_name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(last_name) ON TABLE public.contact_messages TO anon;
GRANT INSERT(last_name) ON TABLE public.contact_messages TO authenticated;


--
-- Name: COLUMN contact_messages.email; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(email) ON TABLE public.contact_messages TO anon;
GRANT INSERT(email) ON TABLE public.contact_messages TO authenticated;


--
-- Name: COLUMN contact_messages.subject; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(subject) ON TABLE public.contact_messages TO anon;
GRANT INSERT(subject) ON TABLE public.contact_messages TO authenticated;


--
-- Name: COLUMN contact_messages.message; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(message) ON TABLE public.contact_messages TO anon;
GRANT INSERT(message) ON TABLE public.contact_messages TO authenticated;


--
-- Name: COLUMN contact_messages.status; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(status) ON TABLE public.contact_messages TO authenticated;


--
-- Name: contact_messages contact_messages_to_trash; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_to_trash AFTER DELETE ON public.contact_messages REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.move_to_trash('email', 'owner,support');

ALTER PUBLICATION supabase_realtime ADD TABLE public.contact_messages;
