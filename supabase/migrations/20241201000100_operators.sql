-- Baseline: supabase/schemas/10_operators.sql as npm run db:squash wrote it (docs/schema-first.md).

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
