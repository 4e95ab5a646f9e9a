-- Baseline: supabase/schemas/50_contact.sql as npm run db:squash wrote it (docs/schema-first.md).

-- The public contact form's inbox and its flood limit.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: count_contact_submission(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.count_contact_submission() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  sender text := private.request_address();
begin
  delete from private.contact_submissions
   where address = sender and submitted_at < now() - interval '1 hour';
  if (select count(*) from private.contact_submissions where address = sender) >= 5 then
    raise sqlstate 'PT429' using
      message = 'Too many messages from this address: please try again in an hour',
      hint = 'At most 5 contact messages per address per hour';
  end if;
  insert into private.contact_submissions (address) values (sender);
  return new;
end
$$;


--
-- Name: one_contact_message_per_request(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.one_contact_message_per_request() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if current_user in ('anon', 'authenticated') and (select count(*) from new_messages) > 1 then
    raise sqlstate 'PT400' using
      message = 'One contact message per request',
      hint = 'Send each message in its own request';
  end if;
  return null;
end
$$;




--
-- Name: contact_submissions; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.contact_submissions (
    address text NOT NULL,
    submitted_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: contact_messages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.contact_messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    first_name text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    email text NOT NULL,
    subject text DEFAULT ''::text NOT NULL,
    message text NOT NULL,
    status text DEFAULT 'new'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT contact_messages_email_valid CHECK (((char_length(email) <= 254) AND (email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'::text))),
    CONSTRAINT contact_messages_first_name_length CHECK (((first_name ~ '\S'::text) AND (char_length(first_name) <= 100))),
    CONSTRAINT contact_messages_last_name_length CHECK ((char_length(last_name) <= 100)),
    CONSTRAINT contact_messages_message_length CHECK (((message ~ '\S'::text) AND (char_length(message) <= 5000))),
    CONSTRAINT contact_messages_status_known CHECK ((status = ANY (ARRAY['new'::text, 'read'::text, 'archived'::text]))),
    CONSTRAINT contact_messages_subject_length CHECK ((char_length(subject) <= 200))
);


--
-- Name: contact_messages contact_messages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contact_messages
    ADD CONSTRAINT contact_messages_pkey PRIMARY KEY (id);


--
-- Name: contact_submissions_address_time_idx; Type: INDEX; Schema: private; Owner: -
--

CREATE INDEX contact_submissions_address_time_idx ON private.contact_submissions USING btree (address, submitted_at);


--
-- Name: contact_messages_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX contact_messages_created_at_idx ON public.contact_messages USING btree (created_at DESC);


--
-- Name: contact_messages_email_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX contact_messages_email_created_at_idx ON public.contact_messages USING btree (lower(email), created_at DESC);


--
-- Name: contact_messages_palette_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX contact_messages_palette_trgm_idx ON public.contact_messages USING gin (lower(((((((first_name || ' '::text) || last_name) || ' '::text) || email) || ' '::text) || subject)) extensions.gin_trgm_ops);


--
-- Name: contact_messages_status_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX contact_messages_status_created_at_idx ON public.contact_messages USING btree (status, created_at DESC);


--
-- Name: contact_messages contact_messages_delete_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_delete_audit AFTER DELETE ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.audit_row_change('email', '254');


--
-- Name: contact_messages contact_messages_one_per_request; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_one_per_request AFTER INSERT ON public.contact_messages REFERENCING NEW TABLE AS new_messages FOR EACH STATEMENT EXECUTE FUNCTION private.one_contact_message_per_request();


--
-- Name: contact_messages contact_messages_rate_limit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_rate_limit BEFORE INSERT ON public.contact_messages FOR EACH ROW WHEN ((CURRENT_USER = ANY (ARRAY['anon'::name, 'authenticated'::name]))) EXECUTE FUNCTION private.count_contact_submission();


--
-- Name: contact_messages contact_messages_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_set_updated_at BEFORE UPDATE ON public.contact_messages FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION public.set_updated_at();


--
-- Name: contact_messages contact_messages_status_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_status_audit AFTER UPDATE OF status ON public.contact_messages FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION private.audit_row_change('email', '254');


--
-- Name: contact_messages contact_messages_undelete_audit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_undelete_audit AFTER INSERT ON public.contact_messages FOR EACH ROW WHEN ((current_setting('labellens.audit_action'::text, true) = 'undelete'::text)) EXECUTE FUNCTION private.audit_row_change('email', '254');


--
-- Name: contact_messages Anyone submits a contact message; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Anyone submits a contact message" ON public.contact_messages FOR INSERT TO anon, authenticated WITH CHECK ((status = 'new'::text));


--
-- Name: contact_messages Inbox operators read contact messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Inbox operators read contact messages" ON public.contact_messages FOR SELECT TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));


--
-- Name: contact_messages Inbox operators remove contact messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Inbox operators remove contact messages" ON public.contact_messages FOR DELETE TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));


--
-- Name: contact_messages Inbox operators triage contact messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Inbox operators triage contact messages" ON public.contact_messages FOR UPDATE TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)) WITH CHECK (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));


--
-- Name: contact_messages; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.contact_messages ENABLE ROW LEVEL SECURITY;

--
-- Name: FUNCTION count_contact_submission(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.count_contact_submission() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.count_contact_submission() FROM PUBLIC;


--
-- Name: FUNCTION one_contact_message_per_request(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.one_contact_message_per_request() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.one_contact_message_per_request() FROM PUBLIC;


--
-- Name: TABLE contact_messages; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.contact_messages FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.contact_messages TO service_role;
GRANT SELECT,DELETE ON TABLE public.contact_messages TO authenticated;


--
-- Name: COLUMN contact_messages.first_name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(first_name) ON TABLE public.contact_messages TO anon;
GRANT INSERT(first_name) ON TABLE public.contact_messages TO authenticated;


--
-- Name: COLUMN contact_messages.last_name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(last_name) ON TABLE public.contact_messages TO anon;
GRANT INSERT(last_name) ON TABLE public.contact_messages TO authenticated;


--
-- Name: COLUMN contact_messages.email; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(email) ON TABLE public.contact_messages TO anon;
GRANT INSERT(email) ON TABLE public.contact_messages TO authenticated;


--
-- Name: COLUMN contact_messages.subject; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(subject) ON TABLE public.contact_messages TO anon;
GRANT INSERT(subject) ON TABLE public.contact_messages TO authenticated;


--
-- Name: COLUMN contact_messages.message; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(message) ON TABLE public.contact_messages TO anon;
GRANT INSERT(message) ON TABLE public.contact_messages TO authenticated;


--
-- Name: COLUMN contact_messages.status; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(status) ON TABLE public.contact_messages TO authenticated;


--
-- Name: contact_messages contact_messages_to_trash; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_to_trash AFTER DELETE ON public.contact_messages REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.move_to_trash('email', 'owner,support');

ALTER PUBLICATION supabase_realtime ADD TABLE public.contact_messages;
