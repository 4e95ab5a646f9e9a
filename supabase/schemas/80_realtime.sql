-- Realtime: the tables in the supabase_realtime publication, and presence on private channels
-- (Realtime Authorization's policies on realtime.messages).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

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


ALTER PUBLICATION supabase_realtime ADD TABLE public.audit_log,
  public.chats,
  public.contact_messages,
  public.health_tips,
  public.news,
  public.profiles,
  public.scans,
  public.tags;

CREATE POLICY "Editors of a record see who else edits it" ON realtime.messages AS PERMISSIVE FOR SELECT TO authenticated
  USING (((extension = 'presence'::text) AND ( SELECT public.may_share_presence(( SELECT realtime.topic() AS topic)) AS may_share_presence)));

CREATE POLICY "Editors of a record show they edit it" ON realtime.messages AS PERMISSIVE FOR INSERT TO authenticated
  WITH CHECK (((extension = 'presence'::text) AND ( SELECT public.may_share_presence(( SELECT realtime.topic() AS topic)) AS may_share_presence)));
