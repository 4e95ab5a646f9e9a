-- Baseline: supabase/schemas/11_operators_policies.sql as npm run db:squash wrote it (docs/schema-first.md).

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
