-- Baseline: supabase/schemas/21_audit_policies.sql as npm run db:squash wrote it (docs/schema-first.md).

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
