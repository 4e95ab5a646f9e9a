-- Baseline: supabase/schemas/12_operators_grants.sql as npm run db:squash wrote it (docs/schema-first.md).

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
