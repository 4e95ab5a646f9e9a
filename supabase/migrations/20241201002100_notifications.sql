-- Baseline: supabase/schemas/45_notifications.sql as npm run db:squash wrote it (docs/schema-first.md).

-- Push history (notifications) and the admin's view of it.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: notifications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notifications (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    data jsonb DEFAULT '{}'::jsonb NOT NULL,
    status text NOT NULL,
    message_id text,
    error text,
    sent_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT notifications_body_length CHECK (((body ~ '\S'::text) AND (char_length(body) <= 200))),
    CONSTRAINT notifications_data_fcm_keys CHECK ((NOT public.jsonb_has_fcm_reserved_key(data))),
    CONSTRAINT notifications_data_object CHECK ((jsonb_typeof(data) = 'object'::text)),
    CONSTRAINT notifications_data_size CHECK ((public.jsonb_string_map_bytes(data) <= 4096)),
    CONSTRAINT notifications_data_strings CHECK (public.jsonb_is_string_map(data)),
    CONSTRAINT notifications_outcome_recorded CHECK ((((status <> 'sent'::text) OR (message_id IS NOT NULL)) AND ((status <> 'failed'::text) OR (error IS NOT NULL)))),
    CONSTRAINT notifications_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'sent'::text, 'failed'::text]))),
    CONSTRAINT notifications_title_length CHECK (((title ~ '\S'::text) AND (char_length(title) <= 50)))
);


--
-- Name: notifications; Type: VIEW; Schema: admin_reads; Owner: -
--

CREATE VIEW admin_reads.notifications AS
 SELECT n.id,
    n.user_id,
    recipient.email AS recipient_email,
    n.title,
    n.body,
    n.data,
    n.status,
    n.message_id,
    n.error,
    n.sent_by,
    sender.email AS sender_email,
    n.created_at
   FROM ((public.notifications n
     LEFT JOIN private.user_emails recipient ON ((recipient.user_id = n.user_id)))
     LEFT JOIN private.user_emails sender ON ((sender.user_id = n.sent_by)))
  WHERE ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role);


--
-- Name: admin_notifications; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.admin_notifications WITH (security_invoker='true') AS
 SELECT notifications.id,
    notifications.user_id,
    notifications.recipient_email,
    notifications.title,
    notifications.body,
    notifications.data,
    notifications.status,
    notifications.message_id,
    notifications.error,
    notifications.sent_by,
    notifications.sender_email,
    notifications.created_at
   FROM admin_reads.notifications;


--
-- Name: notifications notifications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);


--
-- Name: notifications_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_created_at_idx ON public.notifications USING btree (created_at DESC);


--
-- Name: notifications_sent_by_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_sent_by_idx ON public.notifications USING btree (sent_by);


--
-- Name: notifications_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_user_id_idx ON public.notifications USING btree (user_id);


--
-- Name: notifications notifications_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER notifications_audit AFTER INSERT OR UPDATE ON public.notifications FOR EACH ROW EXECUTE FUNCTION private.audit_row_change('title');


--
-- Name: notifications notifications_sent_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_sent_by_fkey FOREIGN KEY (sent_by) REFERENCES auth.users(id) ON DELETE SET NULL;


--
-- Name: notifications notifications_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: notifications Operators who push read notifications; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Operators who push read notifications" ON public.notifications FOR SELECT TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));


--
-- Name: notifications; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.notifications ENABLE ROW LEVEL SECURITY;

--
-- Name: TABLE notifications; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.notifications FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.notifications TO service_role;
GRANT SELECT ON TABLE public.notifications TO authenticated;


--
-- Name: TABLE notifications; Type: ACL; Schema: admin_reads; Owner: -
--

REVOKE ALL ON TABLE admin_reads.notifications FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE admin_reads.notifications TO authenticated;


--
-- Name: TABLE admin_notifications; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.admin_notifications FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.admin_notifications TO service_role;
GRANT SELECT ON TABLE public.admin_notifications TO authenticated;
