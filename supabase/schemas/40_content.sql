-- Admin-managed content the app reads: news, health tips, tags.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: health_tips; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.health_tips (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    tip text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT health_tips_tip_length CHECK (((char_length(tip) >= 10) AND (char_length(tip) <= 1000))),
    CONSTRAINT health_tips_tip_not_blank CHECK ((tip ~ '\S'::text))
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
    CONSTRAINT news_content_not_blank CHECK ((content ~ '\S'::text)),
    CONSTRAINT news_source_url_http CHECK (public.is_http_url(source_url)),
    CONSTRAINT news_source_url_screenshot_http CHECK (((source_url_screenshot IS NULL) OR public.is_http_url(source_url_screenshot))),
    CONSTRAINT news_title_length CHECK (((title ~ '\S'::text) AND (char_length(title) <= 200)))
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
    n.updated_at
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
    news.updated_at
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
    CONSTRAINT tags_category_known CHECK ((category = ANY (ARRAY['general'::text, 'nutrition'::text, 'dietary'::text, 'health'::text, 'allergen'::text, 'cuisine'::text, 'preparation'::text]))),
    CONSTRAINT tags_category_length CHECK (((category ~ '\S'::text) AND (char_length(category) <= 50))),
    CONSTRAINT tags_color_hex CHECK ((color ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'::text)),
    CONSTRAINT tags_icon_length CHECK (((icon ~ '\S'::text) AND (char_length(icon) <= 50))),
    CONSTRAINT tags_key_length CHECK (((key ~ '\S'::text) AND (char_length(key) <= 50))),
    CONSTRAINT tags_label_length CHECK (((label ~ '\S'::text) AND (char_length(label) <= 100))),
    CONSTRAINT tags_sort_order_non_negative CHECK ((sort_order >= 0))
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
