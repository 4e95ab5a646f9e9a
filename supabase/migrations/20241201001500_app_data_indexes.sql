-- Baseline: supabase/schemas/34_app_data_indexes.sql as npm run db:squash wrote it (docs/schema-first.md).

-- The mobile app's data: its indexes, triggers (after supabase/schemas/33_app_data_tables.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: row_counts row_counts_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.row_counts
    ADD CONSTRAINT row_counts_pkey PRIMARY KEY (table_name);

-- The counted tables' counters (data: a new project's tables are empty; the row-count triggers
-- only update a counter that exists).
INSERT INTO private.row_counts (table_name, n) VALUES ('chats', 0), ('health_tips', 0), ('news', 0), ('payments', 0), ('profiles', 0) ON CONFLICT DO NOTHING;


--
-- Name: scan_counts_hourly scan_counts_hourly_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.scan_counts_hourly
    ADD CONSTRAINT scan_counts_hourly_pkey PRIMARY KEY (hour);


--
-- Name: scan_stats_daily scan_stats_daily_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.scan_stats_daily
    ADD CONSTRAINT scan_stats_daily_pkey PRIMARY KEY (day);


--
-- Name: user_emails user_emails_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.user_emails
    ADD CONSTRAINT user_emails_pkey PRIMARY KEY (user_id);


--
-- Name: chats chats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chats
    ADD CONSTRAINT chats_pkey PRIMARY KEY (id);


--
-- Name: messages messages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_pkey PRIMARY KEY (id);


--
-- Name: payments payments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);


--
-- Name: profiles profiles_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY (id);


--
-- Name: scans scans_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scans
    ADD CONSTRAINT scans_pkey PRIMARY KEY (id);


--
-- Name: user_devices user_devices_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_devices
    ADD CONSTRAINT user_devices_pkey PRIMARY KEY (id);


--
-- Name: user_devices user_devices_token_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_devices
    ADD CONSTRAINT user_devices_token_key UNIQUE (token);


--
-- Name: user_emails_email_trgm_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX user_emails_email_trgm_idx ON private.user_emails USING gin (lower(email) extensions.gin_trgm_ops);


--
-- Name: chats_created_at_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chats_created_at_id_idx ON public.chats USING btree (created_at DESC, id DESC);


--
-- Name: chats_title_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chats_title_trgm_idx ON public.chats USING gin (title extensions.gin_trgm_ops);


--
-- Name: chats_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chats_user_id_idx ON public.chats USING btree (user_id);


--
-- Name: messages_chat_id_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_chat_id_created_at_idx ON public.messages USING btree (chat_id, created_at);


--
-- Name: messages_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_created_at_idx ON public.messages USING btree (created_at DESC);


--
-- Name: payments_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payments_created_at_idx ON public.payments USING btree (created_at DESC);


--
-- Name: payments_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payments_user_id_idx ON public.payments USING btree (user_id);


--
-- Name: profiles_created_at_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX profiles_created_at_id_idx ON public.profiles USING btree (created_at DESC, id DESC);


--
-- Name: profiles_name_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX profiles_name_trgm_idx ON public.profiles USING gin (name extensions.gin_trgm_ops);


--
-- Name: profiles_relationship_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX profiles_relationship_trgm_idx ON public.profiles USING gin (relationship extensions.gin_trgm_ops);


--
-- Name: profiles_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX profiles_user_id_idx ON public.profiles USING btree (user_id);


--
-- Name: scans_category_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_category_id_idx ON public.scans USING btree (category, id);


--
-- Name: scans_category_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_category_trgm_idx ON public.scans USING gin (category extensions.gin_trgm_ops);


--
-- Name: scans_created_at_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_created_at_id_idx ON public.scans USING btree (created_at DESC, id DESC);


--
-- Name: scans_health_score_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_health_score_id_idx ON public.scans USING btree (health_score, id);


--
-- Name: scans_health_score_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_health_score_idx ON public.scans USING btree (health_score);


--
-- Name: scans_name_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_name_id_idx ON public.scans USING btree (name, id);


--
-- Name: scans_name_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_name_trgm_idx ON public.scans USING gin (name extensions.gin_trgm_ops);


--
-- Name: scans_user_id_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scans_user_id_created_at_idx ON public.scans USING btree (user_id, created_at DESC);


--
-- Name: user_devices_updated_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX user_devices_updated_at_idx ON public.user_devices USING btree (updated_at DESC);


--
-- Name: user_devices_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX user_devices_user_id_idx ON public.user_devices USING btree (user_id);


--
-- Name: admin_chats admin_chats_read_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER admin_chats_read_only INSTEAD OF INSERT OR DELETE OR UPDATE ON public.admin_chats FOR EACH ROW EXECUTE FUNCTION private.refuse_admin_view_write();


--
-- Name: admin_profiles admin_profiles_read_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER admin_profiles_read_only INSTEAD OF INSERT OR DELETE OR UPDATE ON public.admin_profiles FOR EACH ROW EXECUTE FUNCTION private.refuse_admin_view_write();


--
-- Name: admin_scans admin_scans_read_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER admin_scans_read_only INSTEAD OF INSERT OR DELETE OR UPDATE ON public.admin_scans FOR EACH ROW EXECUTE FUNCTION private.refuse_admin_view_write();


--
-- Name: chats chats_created_at_from_database; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chats_created_at_from_database BEFORE INSERT OR UPDATE OF created_at ON public.chats FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION public.created_at_from_database();


--
-- Name: chats chats_row_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chats_row_count_delete AFTER DELETE ON public.chats REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_deleted();


--
-- Name: chats chats_row_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chats_row_count_insert AFTER INSERT ON public.chats REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_inserted();


--
-- Name: chats chats_row_count_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chats_row_count_truncate AFTER TRUNCATE ON public.chats FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_truncated();


--
-- Name: chats chats_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chats_set_updated_at BEFORE UPDATE ON public.chats FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: messages messages_created_at_from_database; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER messages_created_at_from_database BEFORE INSERT OR UPDATE OF created_at ON public.messages FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION public.created_at_from_database();


--
-- Name: payments payments_row_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER payments_row_count_delete AFTER DELETE ON public.payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_deleted();


--
-- Name: payments payments_row_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER payments_row_count_insert AFTER INSERT ON public.payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_inserted();


--
-- Name: payments payments_row_count_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER payments_row_count_truncate AFTER TRUNCATE ON public.payments FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_truncated();


--
-- Name: profiles profiles_created_at_from_database; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_created_at_from_database BEFORE INSERT OR UPDATE OF created_at ON public.profiles FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION public.created_at_from_database();


--
-- Name: profiles profiles_row_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_row_count_delete AFTER DELETE ON public.profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_deleted();


--
-- Name: profiles profiles_row_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_row_count_insert AFTER INSERT ON public.profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_inserted();


--
-- Name: profiles profiles_row_count_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_row_count_truncate AFTER TRUNCATE ON public.profiles FOR EACH STATEMENT EXECUTE FUNCTION private.row_counts_truncated();


--
-- Name: profiles profiles_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_set_updated_at BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();


--
-- Name: scans scans_counts_hourly_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_counts_hourly_delete AFTER DELETE ON public.scans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_counts_hourly_apply();


--
-- Name: scans scans_counts_hourly_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_counts_hourly_insert AFTER INSERT ON public.scans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_counts_hourly_apply();


--
-- Name: scans scans_counts_hourly_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_counts_hourly_truncate AFTER TRUNCATE ON public.scans FOR EACH STATEMENT EXECUTE FUNCTION private.scan_counts_hourly_clear();


--
-- Name: scans scans_counts_hourly_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_counts_hourly_update AFTER UPDATE ON public.scans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_counts_hourly_apply();


--
-- Name: scans scans_created_at_from_database; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_created_at_from_database BEFORE INSERT OR UPDATE OF created_at ON public.scans FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION public.created_at_from_database();


--
-- Name: scans scans_stats_daily_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_stats_daily_delete AFTER DELETE ON public.scans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_stats_daily_apply();


--
-- Name: scans scans_stats_daily_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_stats_daily_insert AFTER INSERT ON public.scans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_stats_daily_apply();


--
-- Name: scans scans_stats_daily_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_stats_daily_truncate AFTER TRUNCATE ON public.scans FOR EACH STATEMENT EXECUTE FUNCTION private.scan_stats_daily_clear();


--
-- Name: scans scans_stats_daily_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER scans_stats_daily_update AFTER UPDATE ON public.scans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.scan_stats_daily_apply();


--
-- Name: user_devices user_devices_created_at_from_database; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER user_devices_created_at_from_database BEFORE INSERT OR UPDATE OF created_at ON public.user_devices FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION public.created_at_from_database();


--
-- Name: user_devices user_devices_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER user_devices_set_updated_at BEFORE UPDATE ON public.user_devices FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
