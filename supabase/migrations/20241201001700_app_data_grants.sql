-- Baseline: supabase/schemas/36_app_data_grants.sql as npm run db:squash wrote it (docs/schema-first.md).

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
