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
