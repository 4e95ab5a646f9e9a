-- Baseline: supabase/schemas/27_realtime.sql as npm run db:squash wrote it (docs/schema-first.md).

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
