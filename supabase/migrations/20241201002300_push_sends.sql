-- Baseline: supabase/schemas/48_push_sends.sql as npm run db:squash wrote it (docs/schema-first.md).

-- Push sends: the owners' settings, sends with their texts per locale, schedule, approval and
-- counts, one delivery row per (send, device), and the operators' RPCs that create, approve, change,
-- cancel, pause and resume them. Audiences: 47_push_audiences.sql; the queue: 49_push_queue.sql.
-- docs/architecture/push.md.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: push_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_settings (
    id integer DEFAULT 1 NOT NULL,
    approval_threshold integer DEFAULT 1000 NOT NULL,
    daily_cap integer DEFAULT 3 NOT NULL,
    CONSTRAINT push_settings_single_row CHECK ((id = 1)),
    CONSTRAINT push_settings_threshold_positive CHECK ((approval_threshold >= 0)),
    CONSTRAINT push_settings_cap_range CHECK (((daily_cap >= 1) AND (daily_cap <= 100)))
);

ALTER TABLE ONLY public.push_settings
    ADD CONSTRAINT push_settings_pkey PRIMARY KEY (id);

INSERT INTO public.push_settings (id) VALUES (1) ON CONFLICT DO NOTHING;

ALTER TABLE public.push_settings ENABLE ROW LEVEL SECURITY;

CREATE POLICY "Push operators read push settings" ON public.push_settings FOR SELECT TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));

REVOKE ALL ON TABLE public.push_settings FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.push_settings TO service_role;
GRANT SELECT ON TABLE public.push_settings TO authenticated;

CREATE TRIGGER push_settings_audit AFTER INSERT OR DELETE OR UPDATE ON public.push_settings FOR EACH ROW EXECUTE FUNCTION private.audit_row_change();

--
-- Name: push_sends; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_sends (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    audience_id uuid,
    definition jsonb NOT NULL,
    title_en text NOT NULL,
    body_en text NOT NULL,
    title_hi text,
    body_hi text,
    data jsonb DEFAULT '{}'::jsonb NOT NULL,
    urgent boolean DEFAULT false NOT NULL,
    send_at_local timestamp without time zone,
    status text NOT NULL,
    needs_approval boolean NOT NULL,
    people bigint NOT NULL,
    devices bigint NOT NULL,
    created_by uuid NOT NULL,
    approved_by uuid,
    approved_at timestamp with time zone,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    queued bigint DEFAULT 0 NOT NULL,
    sent bigint DEFAULT 0 NOT NULL,
    failed bigint DEFAULT 0 NOT NULL,
    removed bigint DEFAULT 0 NOT NULL,
    skipped bigint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    enqueue_cursor uuid,
    enqueued_at timestamp with time zone,
    CONSTRAINT push_sends_definition_valid CHECK ((private.push_audience_issue(definition) IS NULL)),
    CONSTRAINT push_sends_title_en_length CHECK (((title_en ~ '\S'::text) AND (char_length(title_en) <= 50))),
    CONSTRAINT push_sends_body_en_length CHECK (((body_en ~ '\S'::text) AND (char_length(body_en) <= 200))),
    CONSTRAINT push_sends_title_hi_length CHECK (((title_hi IS NULL) OR ((title_hi ~ '\S'::text) AND (char_length(title_hi) <= 50)))),
    CONSTRAINT push_sends_body_hi_length CHECK (((body_hi IS NULL) OR ((body_hi ~ '\S'::text) AND (char_length(body_hi) <= 200)))),
    CONSTRAINT push_sends_hi_whole CHECK (((title_hi IS NULL) = (body_hi IS NULL))),
    CONSTRAINT push_sends_data_object CHECK ((jsonb_typeof(data) = 'object'::text)),
    CONSTRAINT push_sends_data_strings CHECK (public.jsonb_is_string_map(data)),
    CONSTRAINT push_sends_data_fcm_keys CHECK ((NOT public.jsonb_has_fcm_reserved_key(data))),
    CONSTRAINT push_sends_data_size CHECK ((public.jsonb_string_map_bytes(data) <= 4096)),
    CONSTRAINT push_sends_status_known CHECK ((status = ANY (ARRAY['waiting_for_approval'::text, 'scheduled'::text, 'sending'::text, 'paused'::text, 'done'::text, 'cancelled'::text]))),
    CONSTRAINT push_sends_approved_before_start CHECK (((NOT needs_approval) OR (status = ANY (ARRAY['waiting_for_approval'::text, 'cancelled'::text])) OR (approved_by IS NOT NULL))),
    CONSTRAINT push_sends_second_operator CHECK (((approved_by IS NULL) OR (approved_by <> created_by)))
);

ALTER TABLE ONLY public.push_sends
    ADD CONSTRAINT push_sends_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.push_sends
    ADD CONSTRAINT push_sends_audience_id_fkey FOREIGN KEY (audience_id) REFERENCES public.push_audiences(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.push_sends
    ADD CONSTRAINT push_sends_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id);

ALTER TABLE ONLY public.push_sends
    ADD CONSTRAINT push_sends_approved_by_fkey FOREIGN KEY (approved_by) REFERENCES auth.users(id);

CREATE INDEX push_sends_created_at_idx ON public.push_sends USING btree (created_at DESC);

CREATE INDEX push_sends_due_idx ON public.push_sends USING btree (send_at_local) WHERE (status = 'scheduled'::text);

-- Audited when its content, schedule or state changes, not at each delivery's counter.
CREATE TRIGGER push_sends_audit AFTER INSERT OR UPDATE OF status, approved_by, title_en, body_en, title_hi, body_hi, send_at_local, urgent, definition ON public.push_sends FOR EACH ROW EXECUTE FUNCTION private.audit_row_change('title_en');

ALTER TABLE public.push_sends ENABLE ROW LEVEL SECURITY;

CREATE POLICY "Push operators read sends" ON public.push_sends FOR SELECT TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));

REVOKE ALL ON TABLE public.push_sends FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.push_sends TO service_role;
GRANT SELECT ON TABLE public.push_sends TO authenticated;

--
-- Name: push_deliveries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_deliveries (
    send_id uuid NOT NULL,
    device_id uuid NOT NULL,
    user_id uuid NOT NULL,
    status text NOT NULL,
    attempts integer DEFAULT 1 NOT NULL,
    message_id text,
    error text,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT push_deliveries_status_known CHECK ((status = ANY (ARRAY['claimed'::text, 'sending'::text, 'sent'::text, 'failed'::text, 'removed'::text, 'capped'::text])))
);

-- The idempotency record: one row per (send, device), whatever worker claims it and however often.
ALTER TABLE ONLY public.push_deliveries
    ADD CONSTRAINT push_deliveries_pkey PRIMARY KEY (send_id, device_id);

ALTER TABLE ONLY public.push_deliveries
    ADD CONSTRAINT push_deliveries_send_id_fkey FOREIGN KEY (send_id) REFERENCES public.push_sends(id) ON DELETE CASCADE;

-- The daily cap counts a person's pushes of the day.
CREATE INDEX push_deliveries_user_id_updated_at_idx ON public.push_deliveries USING btree (user_id, updated_at) WHERE (status = ANY (ARRAY['claimed'::text, 'sending'::text, 'sent'::text]));

CREATE INDEX push_deliveries_failures_idx ON public.push_deliveries USING btree (send_id, updated_at DESC) WHERE (status = ANY (ARRAY['failed'::text, 'removed'::text]));

ALTER TABLE public.push_deliveries ENABLE ROW LEVEL SECURITY;

CREATE POLICY "Push operators read deliveries" ON public.push_deliveries FOR SELECT TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));

REVOKE ALL ON TABLE public.push_deliveries FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.push_deliveries TO service_role;
GRANT SELECT ON TABLE public.push_deliveries TO authenticated;

--
-- Name: push_send_create(jsonb, text, text, text, text, timestamp without time zone, boolean, uuid, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_send_create(definition jsonb, title_en text, body_en text, title_hi text DEFAULT NULL::text, body_hi text DEFAULT NULL::text, send_at_local timestamp without time zone DEFAULT NULL::timestamp without time zone, urgent boolean DEFAULT false, audience_id uuid DEFAULT NULL::uuid, data jsonb DEFAULT '{}'::jsonb) RETURNS public.push_sends
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  c record;
  needs boolean;
  row public.push_sends;
begin
  perform private.push_require_role('owner', 'support');
  c := private.push_audience_counts(definition);
  -- Everyone, or more people than the owners' threshold, waits for a second owner.
  needs := definition - 'has_device' = '{}'::jsonb
        or c.people > (select s.approval_threshold from public.push_settings s where s.id = 1);
  insert into public.push_sends (audience_id, definition, title_en, body_en, title_hi, body_hi, data, urgent,
                                 send_at_local, status, needs_approval, people, devices, created_by)
  values (push_send_create.audience_id, push_send_create.definition, push_send_create.title_en, push_send_create.body_en,
          push_send_create.title_hi, push_send_create.body_hi, push_send_create.data, push_send_create.urgent,
          push_send_create.send_at_local, case when needs then 'waiting_for_approval' else 'scheduled' end, needs,
          c.people, c.devices, auth.uid())
  returning * into row;
  return row;
end
$$;

--
-- Name: push_send_approve(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_send_approve(send uuid) RETURNS public.push_sends
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  row public.push_sends;
begin
  perform private.push_require_role('owner');
  select * into row from public.push_sends s where s.id = send for update;
  if not found or row.status <> 'waiting_for_approval' then
    raise exception 'This send is not waiting for approval' using errcode = '55000';
  end if;
  if row.created_by = auth.uid() then
    raise exception 'An owner other than its author approves a send' using errcode = '42501';
  end if;
  perform set_config('labellens.audit_action', 'approve', true);
  update public.push_sends s set status = 'scheduled', approved_by = auth.uid(), approved_at = now()
   where s.id = send returning * into row;
  perform set_config('labellens.audit_action', '', true);
  return row;
end
$$;

--
-- Name: push_send_change(uuid, text, text, text, text, timestamp without time zone, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_send_change(send uuid, title_en text, body_en text, title_hi text DEFAULT NULL::text, body_hi text DEFAULT NULL::text, send_at_local timestamp without time zone DEFAULT NULL::timestamp without time zone, urgent boolean DEFAULT false) RETURNS public.push_sends
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  row public.push_sends;
begin
  perform private.push_require_role('owner', 'support');
  select * into row from public.push_sends s where s.id = send for update;
  if not found or row.status not in ('waiting_for_approval', 'scheduled') then
    raise exception 'A send can be changed until it starts' using errcode = '55000';
  end if;
  -- A change to an approved send needs a new approval.
  update public.push_sends s
     set title_en = push_send_change.title_en, body_en = push_send_change.body_en,
         title_hi = push_send_change.title_hi, body_hi = push_send_change.body_hi,
         send_at_local = push_send_change.send_at_local, urgent = push_send_change.urgent,
         status = case when s.needs_approval then 'waiting_for_approval' else 'scheduled' end,
         approved_by = null, approved_at = null
   where s.id = send returning * into row;
  return row;
end
$$;

--
-- Name: push_send_set_status(uuid, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_send_set_status(send uuid, new_status text) RETURNS public.push_sends
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  row public.push_sends;
begin
  perform private.push_require_role('owner', 'support');
  select * into row from public.push_sends s where s.id = send for update;
  -- cancel until it starts; pause while it sends; resume a paused one.
  if not found or not (
       (new_status = 'cancelled' and row.status in ('waiting_for_approval', 'scheduled'))
    or (new_status = 'paused' and row.status = 'sending')
    or (new_status = 'sending' and row.status = 'paused')) then
    raise exception 'A % send cannot become %', coalesce(row.status, 'missing'), new_status using errcode = '55000';
  end if;
  update public.push_sends s set status = new_status where s.id = send returning * into row;
  return row;
end
$$;

--
-- Name: update_push_settings(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.update_push_settings(approval_threshold integer DEFAULT NULL::integer, daily_cap integer DEFAULT NULL::integer) RETURNS public.push_settings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  row public.push_settings;
begin
  perform private.push_require_role('owner');
  update public.push_settings s
     set approval_threshold = coalesce(update_push_settings.approval_threshold, s.approval_threshold),
         daily_cap = coalesce(update_push_settings.daily_cap, s.daily_cap)
   where s.id = 1 returning * into row;
  return row;
end
$$;

--
-- Function privileges: the operators' RPCs for signed-in users (each checks the role).
--

REVOKE ALL ON FUNCTION public.push_send_create(definition jsonb, title_en text, body_en text, title_hi text, body_hi text, send_at_local timestamp without time zone, urgent boolean, audience_id uuid, data jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_send_create(definition jsonb, title_en text, body_en text, title_hi text, body_hi text, send_at_local timestamp without time zone, urgent boolean, audience_id uuid, data jsonb) TO authenticated;
REVOKE ALL ON FUNCTION public.push_send_approve(send uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_send_approve(send uuid) TO authenticated;
REVOKE ALL ON FUNCTION public.push_send_change(send uuid, title_en text, body_en text, title_hi text, body_hi text, send_at_local timestamp without time zone, urgent boolean) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_send_change(send uuid, title_en text, body_en text, title_hi text, body_hi text, send_at_local timestamp without time zone, urgent boolean) TO authenticated;
REVOKE ALL ON FUNCTION public.push_send_set_status(send uuid, new_status text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_send_set_status(send uuid, new_status text) TO authenticated;
REVOKE ALL ON FUNCTION public.update_push_settings(approval_threshold integer, daily_cap integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.update_push_settings(approval_threshold integer, daily_cap integer) TO authenticated;

--
-- Name: push_operators(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_operators() RETURNS TABLE(user_id uuid, email text, role text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- The active push operators by email, for the sends list: who sent, who approved, and which
  -- owners may approve a send waiting for approval (any owner but its author).
  perform private.push_require_role('owner', 'support');
  return query
    select a.user_id, e.email, a.role from public.admin_users a
      left join private.user_emails e on e.user_id = a.user_id
     where a.is_active and a.accepted_at is not null and a.role in ('owner', 'support')
     order by e.email;
end
$$;

REVOKE ALL ON FUNCTION public.push_operators() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_operators() TO authenticated;

-- The sends list shows each send's counters moving as the worker records answers.
ALTER PUBLICATION supabase_realtime ADD TABLE public.push_sends;
