-- Baseline: supabase/schemas/35_app_data_policies.sql as npm run db:squash wrote it (docs/schema-first.md).

-- The mobile app's data: its indexes, policies (after supabase/schemas/34_app_data_indexes.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: user_emails user_emails_user_id_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.user_emails
    ADD CONSTRAINT user_emails_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: chats chats_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chats
    ADD CONSTRAINT chats_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: messages messages_chat_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_chat_id_fkey FOREIGN KEY (chat_id) REFERENCES public.chats(id) ON DELETE CASCADE;


--
-- Name: payments payments_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: profiles profiles_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: scans scans_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scans
    ADD CONSTRAINT scans_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: user_devices user_devices_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_devices
    ADD CONSTRAINT user_devices_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: row_counts; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.row_counts ENABLE ROW LEVEL SECURITY;

--
-- Name: scan_counts_hourly; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.scan_counts_hourly ENABLE ROW LEVEL SECURITY;

--
-- Name: scan_stats_daily; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.scan_stats_daily ENABLE ROW LEVEL SECURITY;

--
-- Name: user_emails; Type: ROW SECURITY; Schema: private; Owner: -
--

ALTER TABLE private.user_emails ENABLE ROW LEVEL SECURITY;

--
-- Name: messages Chat owners add messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Chat owners add messages" ON public.messages FOR INSERT TO authenticated WITH CHECK ((chat_id IN ( SELECT c.id
   FROM public.chats c
  WHERE (c.user_id = ( SELECT auth.uid() AS uid)))));


--
-- Name: messages Chat owners and operators read messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Chat owners and operators read messages" ON public.messages FOR SELECT TO authenticated USING ((( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role) OR (chat_id IN ( SELECT c.id
   FROM public.chats c
  WHERE (c.user_id = ( SELECT auth.uid() AS uid))))));


--
-- Name: messages Chat owners change messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Chat owners change messages" ON public.messages FOR UPDATE TO authenticated USING ((chat_id IN ( SELECT c.id
   FROM public.chats c
  WHERE (c.user_id = ( SELECT auth.uid() AS uid))))) WITH CHECK ((chat_id IN ( SELECT c.id
   FROM public.chats c
  WHERE (c.user_id = ( SELECT auth.uid() AS uid)))));


--
-- Name: messages Chat owners remove messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Chat owners remove messages" ON public.messages FOR DELETE TO authenticated USING ((chat_id IN ( SELECT c.id
   FROM public.chats c
  WHERE (c.user_id = ( SELECT auth.uid() AS uid)))));


--
-- Name: chats Owners add chats; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners add chats" ON public.chats FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: user_devices Owners add devices; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners add devices" ON public.user_devices FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: profiles Owners add profiles; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners add profiles" ON public.profiles FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: scans Owners add scans; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners add scans" ON public.scans FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: chats Owners and operators read chats; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners and operators read chats" ON public.chats FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));


--
-- Name: user_devices Owners and operators read devices; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners and operators read devices" ON public.user_devices FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));


--
-- Name: payments Owners and operators read payments; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners and operators read payments" ON public.payments FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));


--
-- Name: profiles Owners and operators read profiles; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners and operators read profiles" ON public.profiles FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));


--
-- Name: scans Owners and operators read scans; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners and operators read scans" ON public.scans FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));


--
-- Name: chats Owners change chats; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners change chats" ON public.chats FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: user_devices Owners change devices; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners change devices" ON public.user_devices FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: profiles Owners change profiles; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners change profiles" ON public.profiles FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: scans Owners change scans; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners change scans" ON public.scans FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: chats Owners remove chats; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners remove chats" ON public.chats FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: user_devices Owners remove devices; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners remove devices" ON public.user_devices FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: profiles Owners remove profiles; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners remove profiles" ON public.profiles FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: scans Owners remove scans; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Owners remove scans" ON public.scans FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));


--
-- Name: chats; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.chats ENABLE ROW LEVEL SECURITY;

--
-- Name: messages; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.messages ENABLE ROW LEVEL SECURITY;

--
-- Name: payments; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.payments ENABLE ROW LEVEL SECURITY;

--
-- Name: profiles; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;

--
-- Name: scans; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.scans ENABLE ROW LEVEL SECURITY;

--
-- Name: user_devices; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.user_devices ENABLE ROW LEVEL SECURITY;
