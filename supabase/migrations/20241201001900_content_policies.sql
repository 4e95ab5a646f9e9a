-- Baseline: supabase/schemas/41_content_policies.sql as npm run db:squash wrote it (docs/schema-first.md).

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
