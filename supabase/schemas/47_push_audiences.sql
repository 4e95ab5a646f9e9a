-- Push audiences and sends: an audience (a jsonb definition over the app's own data), saved
-- audiences, sends with their texts per locale, schedule, approval and counts, one delivery row per
-- (send, device), and the RPCs the composer and the push-worker function call. One message per
-- device goes through pgmq's 'push' queue (28_pgmq.sql). docs/architecture.md, "Push audiences".
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
-- Name: push_time_zone(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_time_zone(locale text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- The time zone a device's locale stands for. Both locales the app knows are read in India, so
  -- both are IST; a new locale in user_devices_locale_known gets its zone here.
  select case locale when 'en' then 'Asia/Kolkata' when 'hi' then 'Asia/Kolkata' else 'Asia/Kolkata' end
$$;

--
-- Name: push_time_zones(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_time_zones() RETURNS SETOF text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select distinct private.push_time_zone(l) from unnest(array['en', 'hi']) l $$;

--
-- Name: push_release_at(timestamp with time zone, text, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_release_at(due timestamp with time zone, zone text, urgent boolean) RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- Quiet hours: nothing between 22:00 and 08:00 local unless urgent; a push due then waits for 08:00.
  select case
    when urgent then due
    when (due at time zone zone)::time >= time '22:00' then (((due at time zone zone)::date + 1) + time '08:00') at time zone zone
    when (due at time zone zone)::time < time '08:00' then ((due at time zone zone)::date + time '08:00') at time zone zone
    else due
  end
$$;

--
-- Name: push_clock(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_clock() RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- The worker's "now": the transaction's time, or labellens.push_clock where the caller (the service
  -- role: the worker RPCs are its alone) sets it, so the database tests can stand at 23:00 IST.
  select coalesce(nullif(current_setting('labellens.push_clock', true), '')::timestamptz, now())
$$;

--
-- Name: push_audience_issue(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_audience_issue(definition jsonb) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  k text;
begin
  -- An audience: {} is everyone; every key narrows it. Lists match any of their values.
  if definition is null or jsonb_typeof(definition) <> 'object' then return 'not an object'; end if;
  for k in select jsonb_object_keys(definition) loop
    if k in ('conditions', 'allergies', 'locales', 'platforms') then
      if jsonb_typeof(definition -> k) <> 'array' or jsonb_array_length(definition -> k) = 0
         or jsonb_array_length(definition -> k) > 50
         or exists (select 1 from jsonb_array_elements(definition -> k) e
                     where jsonb_typeof(e) <> 'string' or char_length(e #>> '{}') not between 1 and 100) then
        return k || ': a list of 1 to 50 texts';
      end if;
      if k = 'locales' and exists (select 1 from jsonb_array_elements_text(definition -> k) e where e not in ('en', 'hi')) then
        return 'locales: en or hi';
      end if;
      if k = 'platforms' and exists (select 1 from jsonb_array_elements_text(definition -> k) e where e not in ('android', 'ios', 'web')) then
        return 'platforms: android, ios or web';
      end if;
    elsif k in ('signed_up_before', 'signed_up_after') then
      if jsonb_typeof(definition -> k) <> 'string' or (definition ->> k) !~ '^\d{4}-\d{2}-\d{2}$' then
        return k || ': a date (YYYY-MM-DD)';
      end if;
    elsif k in ('scanned_within_days', 'not_scanned_within_days') then
      if jsonb_typeof(definition -> k) <> 'number' or (definition ->> k) !~ '^\d+$' or (definition ->> k)::numeric not between 1 and 3650 then
        return k || ': a whole number of days from 1 to 3650';
      end if;
    elsif k = 'has_device' then
      if jsonb_typeof(definition -> k) <> 'boolean' then return 'has_device: true or false'; end if;
    else
      return 'unknown key: ' || k;
    end if;
  end loop;
  return null;
end
$$;

--
-- Name: push_audience_pairs(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_audience_pairs(definition jsonb) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- The (locale, platform) pairs a definition reaches, as 'en_android' ...: the names of
  -- private.push_people's device columns the count sums, and what a device's locale || '_' ||
  -- platform is matched against when the sample and the enqueue read the devices themselves.
  select coalesce(array_agg(l || '_' || pl order by l, pl), '{}')
    from unnest(array['en', 'hi']) l, unnest(array['android', 'ios', 'web']) pl
   where (not definition ? 'locales' or definition -> 'locales' ? l)
     and (not definition ? 'platforms' or definition -> 'platforms' ? pl)
$$;

--
-- Name: push_audience_devices(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_audience_devices(definition jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- A person's devices the definition reaches, as SQL over p (private.push_people): their total
  -- where every pair is in, else the sum of the chosen pair columns (fixed names from the known values).
  select case
    when cardinality(private.push_audience_pairs(definition)) = 6 then '(p.devices)'
    when cardinality(private.push_audience_pairs(definition)) = 0 then '(0)'
    else '(' || array_to_string(array(select 'p.' || c from unnest(private.push_audience_pairs(definition)) c), ' + ') || ')'
  end
$$;

--
-- Name: push_audience_where(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_audience_where(definition jsonb) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  -- The one translation of a definition into SQL: fixed fragments over p (private.push_people), every
  -- value read from $1, the definition itself, bound at EXECUTE: nothing from the request is spliced
  -- into the text. The count sums p's device columns; the sample and the enqueue join the devices
  -- of the people it selects (d, filtered by private.push_audience_pairs).
  parts text[] := array['not p.deleted'];
  matching text := private.push_audience_devices(definition);
begin
  if definition ? 'conditions' then
    parts := parts || text 'p.conditions && array(select jsonb_array_elements_text($1 -> ''conditions''))';
  end if;
  if definition ? 'allergies' then
    parts := parts || text 'p.allergies && array(select jsonb_array_elements_text($1 -> ''allergies''))';
  end if;
  if definition ? 'signed_up_after' then
    parts := parts || text 'p.created_at >= (($1 ->> ''signed_up_after'')::date::timestamp at time zone ''Asia/Kolkata'')';
  end if;
  if definition ? 'signed_up_before' then
    parts := parts || text 'p.created_at < (($1 ->> ''signed_up_before'')::date::timestamp at time zone ''Asia/Kolkata'')';
  end if;
  if definition ? 'scanned_within_days' then
    parts := parts || text 'p.last_scan_at >= now() - make_interval(days => ($1 ->> ''scanned_within_days'')::integer)';
  end if;
  if definition ? 'not_scanned_within_days' then
    parts := parts || text 'p.last_scan_at < now() - make_interval(days => ($1 ->> ''not_scanned_within_days'')::integer)';
  end if;
  if definition -> 'has_device' = 'false'::jsonb then
    -- People without a device: nobody a push reaches, counted for the composer only.
    parts := parts || text 'p.devices = 0';
  else
    parts := parts || (matching || ' > 0');
  end if;
  return array_to_string(parts, ' and ');
end
$$;

--
-- Name: push_people; Type: TABLE; Schema: private; Owner: -
--

-- One row per account, kept by triggers, so a count reads one narrow row per person instead of
-- every device joined to auth.users, profiles and scans: the conditions and allergies of all their
-- family profiles, their last scan (-infinity: never), and their devices, in all and by (locale,
-- platform). Fixed-width columns first and no nulls in practice: a pass over every row reads them
-- at fixed offsets, the arrays last.
CREATE TABLE private.push_people (
    user_id uuid NOT NULL,
    created_at timestamp with time zone,
    last_scan_at timestamp with time zone DEFAULT '-infinity'::timestamp with time zone NOT NULL,
    devices integer DEFAULT 0 NOT NULL,
    en_android integer DEFAULT 0 NOT NULL,
    en_ios integer DEFAULT 0 NOT NULL,
    en_web integer DEFAULT 0 NOT NULL,
    hi_android integer DEFAULT 0 NOT NULL,
    hi_ios integer DEFAULT 0 NOT NULL,
    hi_web integer DEFAULT 0 NOT NULL,
    deleted boolean DEFAULT false NOT NULL,
    conditions text[] DEFAULT '{}'::text[] NOT NULL,
    allergies text[] DEFAULT '{}'::text[] NOT NULL
);

ALTER TABLE ONLY private.push_people
    ADD CONSTRAINT push_people_pkey PRIMARY KEY (user_id);

CREATE INDEX push_people_allergies_idx ON private.push_people USING gin (allergies);

CREATE INDEX push_people_conditions_idx ON private.push_people USING gin (conditions);

ALTER TABLE private.push_people ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE private.push_people FROM anon, authenticated, service_role;

--
-- Name: push_people_refresh(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_people_refresh(person uuid) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- Recomputes one person's row from the tables (or removes it with their account).
  delete from private.push_people p where p.user_id = person and not exists (select 1 from auth.users u where u.id = person);
  insert into private.push_people as p (user_id, created_at, last_scan_at, devices, en_android, en_ios, en_web,
                                        hi_android, hi_ios, hi_web, deleted, conditions, allergies)
  select u.id, u.created_at,
         coalesce((select max(s.created_at) from public.scans s where s.user_id = u.id), '-infinity'),
         d.devices, d.en_android, d.en_ios, d.en_web, d.hi_android, d.hi_ios, d.hi_web, u.deleted_at is not null,
         coalesce((select array_agg(distinct c) from public.profiles f, unnest(f.health_conditions) c where f.user_id = u.id), '{}'),
         coalesce((select array_agg(distinct a) from public.profiles f, unnest(f.allergies) a where f.user_id = u.id), '{}')
    from auth.users u,
         lateral (select count(*)::integer as devices,
                         count(*) filter (where x.locale = 'en' and x.platform = 'android')::integer as en_android,
                         count(*) filter (where x.locale = 'en' and x.platform = 'ios')::integer as en_ios,
                         count(*) filter (where x.locale = 'en' and x.platform = 'web')::integer as en_web,
                         count(*) filter (where x.locale = 'hi' and x.platform = 'android')::integer as hi_android,
                         count(*) filter (where x.locale = 'hi' and x.platform = 'ios')::integer as hi_ios,
                         count(*) filter (where x.locale = 'hi' and x.platform = 'web')::integer as hi_web
                    from public.user_devices x where x.user_id = u.id) d
   where u.id = person
  on conflict (user_id) do update
     set created_at = excluded.created_at, last_scan_at = excluded.last_scan_at, devices = excluded.devices,
         en_android = excluded.en_android, en_ios = excluded.en_ios, en_web = excluded.en_web,
         hi_android = excluded.hi_android, hi_ios = excluded.hi_ios, hi_web = excluded.hi_web,
         deleted = excluded.deleted, conditions = excluded.conditions, allergies = excluded.allergies
$$;

--
-- Name: push_people_rebuild(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_people_rebuild() RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- Every person's row from the tables in one pass (the migration's backfill; a bulk load that ran
  -- without triggers). Returns the number of people.
  delete from private.push_people;
  insert into private.push_people (user_id, created_at, last_scan_at, devices, en_android, en_ios, en_web,
                                   hi_android, hi_ios, hi_web, deleted, conditions, allergies)
  select u.id, u.created_at, coalesce(s.last_scan_at, '-infinity'), coalesce(d.devices, 0),
         coalesce(d.en_android, 0), coalesce(d.en_ios, 0), coalesce(d.en_web, 0),
         coalesce(d.hi_android, 0), coalesce(d.hi_ios, 0), coalesce(d.hi_web, 0),
         u.deleted_at is not null, coalesce(fc.conditions, '{}'), coalesce(fa.allergies, '{}')
    from auth.users u
    left join (select f.user_id, array_agg(distinct c) as conditions
                 from public.profiles f, unnest(f.health_conditions) c group by f.user_id) fc on fc.user_id = u.id
    left join (select f.user_id, array_agg(distinct a) as allergies
                 from public.profiles f, unnest(f.allergies) a group by f.user_id) fa on fa.user_id = u.id
    left join (select s.user_id, max(s.created_at) as last_scan_at from public.scans s group by s.user_id) s on s.user_id = u.id
    left join (select x.user_id, count(*)::integer as devices,
                      count(*) filter (where x.locale = 'en' and x.platform = 'android')::integer as en_android,
                      count(*) filter (where x.locale = 'en' and x.platform = 'ios')::integer as en_ios,
                      count(*) filter (where x.locale = 'en' and x.platform = 'web')::integer as en_web,
                      count(*) filter (where x.locale = 'hi' and x.platform = 'android')::integer as hi_android,
                      count(*) filter (where x.locale = 'hi' and x.platform = 'ios')::integer as hi_ios,
                      count(*) filter (where x.locale = 'hi' and x.platform = 'web')::integer as hi_web
                 from public.user_devices x group by x.user_id) d on d.user_id = u.id;
  select count(*) from private.push_people
$$;

--
-- Name: push_people_follow(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_people_follow() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  key text := case when TG_TABLE_NAME = 'users' then 'id' else 'user_id' end;
  before uuid;
  after uuid;
begin
  -- The person (or two: a row moved between accounts) whose summary a changed row feeds.
  if TG_OP <> 'INSERT' then before := (to_jsonb(old) ->> key)::uuid; end if;
  if TG_OP <> 'DELETE' then after := (to_jsonb(new) ->> key)::uuid; end if;
  if before is not null then perform private.push_people_refresh(before); end if;
  if after is not null and after is distinct from before then perform private.push_people_refresh(after); end if;
  return null;
end
$$;

--
-- Name: push_audience_counts(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_audience_counts(definition jsonb, OUT people bigint, OUT devices bigint) RETURNS record
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  -- The device sum names the fixed (locale, platform) columns the definition's known values select.
  matching text := case when definition -> 'has_device' = 'false'::jsonb then '0' else private.push_audience_devices(definition) end;
begin
  if private.push_audience_issue(definition) is not null then
    raise exception 'Invalid audience: %', private.push_audience_issue(definition) using errcode = '22023';
  end if;
  execute 'select count(*), coalesce(sum(' || matching || '), 0)::bigint from private.push_people p where '
    || private.push_audience_where(definition)
    using definition into people, devices;
end
$$;

--
-- Name: push_audiences; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_audiences (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    definition jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_by uuid DEFAULT auth.uid(),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT push_audiences_definition_valid CHECK ((private.push_audience_issue(definition) IS NULL)),
    CONSTRAINT push_audiences_name_length CHECK (((name ~ '\S'::text) AND (char_length(name) <= 100)))
);

ALTER TABLE ONLY public.push_audiences
    ADD CONSTRAINT push_audiences_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.push_audiences
    ADD CONSTRAINT push_audiences_name_key UNIQUE (name);

ALTER TABLE ONLY public.push_audiences
    ADD CONSTRAINT push_audiences_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE TRIGGER push_audiences_set_updated_at BEFORE UPDATE ON public.push_audiences FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER push_audiences_audit AFTER INSERT OR DELETE OR UPDATE ON public.push_audiences FOR EACH ROW EXECUTE FUNCTION private.audit_row_change('name');

ALTER TABLE public.push_audiences ENABLE ROW LEVEL SECURITY;

CREATE POLICY "Push operators read audiences" ON public.push_audiences FOR SELECT TO authenticated USING (( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role));

CREATE POLICY "Push operators save audiences" ON public.push_audiences FOR INSERT TO authenticated WITH CHECK ((( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role) AND (created_by = ( SELECT auth.uid() AS uid))));

CREATE POLICY "Authors and owners change audiences" ON public.push_audiences FOR UPDATE TO authenticated USING ((( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text]) AS has_admin_role) OR ((created_by = ( SELECT auth.uid() AS uid)) AND ( SELECT public.has_admin_role(VARIADIC ARRAY['support'::text]) AS has_admin_role)))) WITH CHECK ((( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role)));

CREATE POLICY "Authors and owners remove audiences" ON public.push_audiences FOR DELETE TO authenticated USING ((( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text]) AS has_admin_role) OR ((created_by = ( SELECT auth.uid() AS uid)) AND ( SELECT public.has_admin_role(VARIADIC ARRAY['support'::text]) AS has_admin_role))));

REVOKE ALL ON TABLE public.push_audiences FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.push_audiences TO service_role;
GRANT SELECT, DELETE ON TABLE public.push_audiences TO authenticated;
GRANT INSERT (name, definition, created_by), UPDATE (name, definition) ON TABLE public.push_audiences TO authenticated;

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
-- Indexes the audience count reads at a million devices.
--

CREATE INDEX user_devices_user_id_locale_platform_idx ON public.user_devices USING btree (user_id, locale, platform);

CREATE INDEX profiles_allergies_idx ON public.profiles USING gin (allergies);

CREATE INDEX profiles_health_conditions_idx ON public.profiles USING gin (health_conditions);

--
-- Name: push_require_role(text[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_require_role(VARIADIC roles text[]) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.has_admin_role(variadic roles) then
    raise exception 'Your role cannot do this with pushes' using errcode = '42501';
  end if;
end
$$;

--
-- Name: push_audience_count(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_audience_count(definition jsonb) RETURNS json
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  c record;
begin
  perform private.push_require_role('owner', 'support');
  c := private.push_audience_counts(definition);
  return json_build_object('people', c.people, 'devices', c.devices);
end
$$;

--
-- Name: push_audience_sample(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_audience_sample(definition jsonb) RETURNS TABLE(user_id uuid, email text, locale text, platform text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- People are shown to the roles that list users (private.list_readers), no one else.
  if not public.has_admin_role(variadic (select r.roles from private.list_readers() r where r.screen = 'users')) then
    raise exception 'Your role cannot see the people of an audience' using errcode = '42501';
  end if;
  if private.push_audience_issue(definition) is not null then
    raise exception 'Invalid audience: %', private.push_audience_issue(definition) using errcode = '22023';
  end if;
  return query execute
    'select d.user_id, e.email, d.locale, d.platform from private.push_people p
       join public.user_devices d on d.user_id = p.user_id
       left join private.user_emails e on e.user_id = d.user_id
      where ' || private.push_audience_where(definition) || '
        and (d.locale || ''_'' || d.platform) = any (private.push_audience_pairs($1))
      order by d.user_id, d.id limit 10'
    using definition;
end
$$;

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
-- Name: push_start_due(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_start_due(batch_size integer DEFAULT 10000) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  s public.push_sends;
  budget integer := greatest(1, least(batch_size, 100000));
  clock timestamp with time zone := private.push_clock();
  last_person uuid;
  taken integer;
  lim integer;
  n bigint;
  pending integer := 0;
begin
  -- The worker (service role) starts the sends whose time has come in some recipient's zone, then
  -- enqueues one message per matching device, each visible at its own local time (quiet hours pushed
  -- to 08:00), for at most batch_size people per call: a send to a million devices is many short
  -- transactions, not one past the statement timeout. The send keeps how far it got (enqueue_cursor,
  -- the last person enqueued, in user_id order) in the same transaction as the messages, so a call
  -- that dies enqueues nothing and the next resumes where the last committed one stopped; the row
  -- lock keeps two workers off the same send. Returns how many of the sends this call could lock
  -- still have people to enqueue: the worker calls again while it is above 0.
  update public.push_sends p set status = 'sending', started_at = now(), queued = 0, enqueue_cursor = null
   where p.status = 'scheduled'
     and (p.send_at_local is null
          or exists (select 1 from private.push_time_zones() z where p.send_at_local <= (clock at time zone z)));
  for s in
    select * from public.push_sends p
     where p.status in ('sending', 'paused') and p.enqueued_at is null
     order by p.created_at
     for update skip locked
  loop
    if budget <= 0 then
      pending := pending + 1;
      continue;
    end if;
    lim := budget;
    execute
      'with people as (
         select p.user_id from private.push_people p
          where ' || private.push_audience_where(s.definition) || ' and ($6::uuid is null or p.user_id > $6)
          order by p.user_id limit $7),
       targets as (
         select d.id, greatest(0, ceil(extract(epoch from private.push_release_at(
                  greatest($5, coalesce($2 at time zone private.push_time_zone(d.locale), $5)),
                  private.push_time_zone(d.locale), $3) - $5)))::integer as delay
           from people x join public.user_devices d on d.user_id = x.user_id
          where (d.locale || ''_'' || d.platform) = any (private.push_audience_pairs($1))),
       batches as (
         select pgmq.send_batch(''push'', array_agg(jsonb_build_object(''s'', $4, ''d'', t.id)), t.delay) as msg_id
           from (select t.*, row_number() over (order by t.id) / 10000 as chunk from targets t) t
          group by t.delay, t.chunk)
       select (select x.user_id from people x order by x.user_id desc limit 1), (select count(*) from people)::integer, (select count(*) from batches)'
      using s.definition, s.send_at_local, s.urgent, s.id, clock, s.enqueue_cursor, lim
      into last_person, taken, n;
    budget := budget - taken;
    update public.push_sends p
       set queued = p.queued + n, enqueue_cursor = coalesce(last_person, p.enqueue_cursor),
           enqueued_at = case when taken < lim then now() end
     where p.id = s.id;
    if taken >= lim then pending := pending + 1; end if;
    perform private.push_finish(s.id);
  end loop;
  return pending;
end
$$;

--
-- Name: push_claim(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_claim(qty integer, visibility_seconds integer DEFAULT 60) RETURNS TABLE(msg_id bigint, send_id uuid, device_id uuid, token text, title text, body text, data jsonb, urgent boolean)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  m record;
  s public.push_sends;
  d public.user_devices;
  prior public.push_deliveries;
  zone text;
  release timestamp with time zone;
  today_pushes bigint;
  cap integer := (select p.daily_cap from public.push_settings p where p.id = 1);
  clock timestamp with time zone := private.push_clock();
begin
  -- The worker's read: up to qty messages, hidden from other readers for visibility_seconds. A
  -- message whose (send, device) already has an outcome is deleted unsent (a worker that died after
  -- recording it, or a duplicate). One claimed and never marked sending (its worker died first) goes
  -- again; one marked sending and never answered may have reached FCM, so it is not sent twice: it
  -- fails as unknown. Quiet hours, a paused send and the daily cap are checked here, when sending.
  for m in select r.msg_id, r.read_ct, r.message from pgmq.read('push', visibility_seconds, least(qty, 1000)) r loop
    select * into s from public.push_sends p where p.id = (m.message ->> 's')::uuid;
    select * into d from public.user_devices x where x.id = (m.message ->> 'd')::uuid;
    select * into prior from public.push_deliveries x where x.send_id = s.id and x.device_id = d.id;
    if s.id is null or d.id is null or s.status in ('cancelled', 'done') or prior.status in ('sent', 'failed', 'removed', 'capped') then
      perform pgmq.delete('push', m.msg_id);
      if s.id is not null and prior.status is null and s.status = 'sending' then
        update public.push_sends p set skipped = p.skipped + 1 where p.id = s.id;
        perform private.push_finish(s.id);
      end if;
      continue;
    end if;
    if s.status = 'paused' then
      perform pgmq.set_vt('push', m.msg_id, 30);
      continue;
    end if;
    if prior.status = 'sending' then
      update public.push_deliveries x set status = 'failed', error = 'The worker stopped while sending: delivery unknown', updated_at = clock
       where x.send_id = s.id and x.device_id = d.id;
      perform pgmq.delete('push', m.msg_id);
      update public.push_sends p set failed = p.failed + 1 where p.id = s.id;
      perform private.push_finish(s.id);
      continue;
    end if;
    zone := private.push_time_zone(d.locale);
    release := private.push_release_at(clock, zone, s.urgent);
    if release > clock then
      perform pgmq.set_vt('push', m.msg_id, ceil(extract(epoch from release - clock))::integer);
      continue;
    end if;
    -- One person's pushes of their local day, this send counted once whatever their devices.
    perform pg_advisory_xact_lock(hashtext('push-cap'), hashtext(d.user_id::text));
    select count(distinct x.send_id) into today_pushes
      from public.push_deliveries x
     where x.user_id = d.user_id and x.status in ('claimed', 'sending', 'sent') and x.send_id <> s.id
       and x.updated_at >= (date_trunc('day', clock at time zone zone) at time zone zone);
    if today_pushes >= cap and not exists (
         select 1 from public.push_deliveries x where x.user_id = d.user_id and x.send_id = s.id and x.status in ('claimed', 'sending', 'sent')) then
      insert into public.push_deliveries (send_id, device_id, user_id, status, error, updated_at)
      values (s.id, d.id, d.user_id, 'capped', 'Daily cap of ' || cap || ' pushes reached', clock);
      perform pgmq.delete('push', m.msg_id);
      update public.push_sends p set skipped = p.skipped + 1 where p.id = s.id;
      perform private.push_finish(s.id);
      continue;
    end if;
    insert into public.push_deliveries as x (send_id, device_id, user_id, status, updated_at)
    values (s.id, d.id, d.user_id, 'claimed', clock)
    on conflict on constraint push_deliveries_pkey do update set attempts = x.attempts + 1, updated_at = clock;
    msg_id := m.msg_id;
    send_id := s.id;
    device_id := d.id;
    token := d.token;
    -- The device's language, English where the send has no text in it.
    title := case when d.locale = 'hi' and s.title_hi is not null then s.title_hi else s.title_en end;
    body := case when d.locale = 'hi' and s.body_hi is not null then s.body_hi else s.body_en end;
    data := s.data;
    urgent := s.urgent;
    return next;
  end loop;
end
$$;

--
-- Name: push_finish(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_finish(send uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update public.push_sends p set status = 'done', finished_at = now()
   where p.id = send and p.status in ('sending', 'paused') and p.enqueued_at is not null
     and p.sent + p.failed + p.removed + p.skipped >= p.queued
$$;

--
-- Name: push_mark_sending(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_mark_sending(items jsonb) RETURNS TABLE(send_id uuid, device_id uuid)
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- The worker's last word before it calls FCM: [{send_id, device_id}] claimed rows become sending,
  -- and it sends only the rows answered here (another worker may have claimed a message since).
  update public.push_deliveries x set status = 'sending', updated_at = now()
    from jsonb_to_recordset(items) as i(send_id uuid, device_id uuid)
   where x.send_id = i.send_id and x.device_id = i.device_id and x.status = 'claimed'
  returning x.send_id, x.device_id
$$;

--
-- Name: push_record(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_record(results jsonb) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  r record;
  recorded integer := 0;
  changed integer;
  attempts integer;
begin
  -- The worker's answers: [{msg_id, send_id, device_id, outcome: sent|failed|removed|retry,
  -- message_id, error, retry_after}]. An outcome is recorded once: a row marked sending becomes
  -- final, and the send's counters move with it; a repeated or late answer changes nothing.
  for r in select * from jsonb_to_recordset(results) as x(msg_id bigint, send_id uuid, device_id uuid, outcome text,
                                                          message_id text, error text, retry_after integer) loop
    if r.outcome = 'retry' then
      select x.attempts into attempts from public.push_deliveries x where x.send_id = r.send_id and x.device_id = r.device_id;
      if attempts < 5 then
        -- Back to claimed: FCM refused it, so the next claim sends it again.
        update public.push_deliveries x set status = 'claimed', error = left(r.error, 500), updated_at = now()
         where x.send_id = r.send_id and x.device_id = r.device_id and x.status = 'sending';
        perform pgmq.set_vt('push', r.msg_id, greatest(1, least(3600, coalesce(r.retry_after, (2 ^ (attempts - 1))::integer))));
        continue;
      end if;
      r.outcome := 'failed';
    end if;
    if r.outcome not in ('sent', 'failed', 'removed') then
      raise exception 'Unknown outcome %', r.outcome using errcode = '22023';
    end if;
    update public.push_deliveries x
       set status = r.outcome, message_id = r.message_id, error = left(r.error, 500), updated_at = now()
     where x.send_id = r.send_id and x.device_id = r.device_id and x.status = 'sending';
    get diagnostics changed = row_count;
    perform pgmq.delete('push', r.msg_id);
    if changed = 0 then continue; end if;
    recorded := recorded + 1;
    if r.outcome = 'removed' then
      delete from public.user_devices d where d.id = r.device_id;
    end if;
    update public.push_sends p
       set sent = p.sent + (r.outcome = 'sent')::integer,
           failed = p.failed + (r.outcome = 'failed')::integer,
           removed = p.removed + (r.outcome = 'removed')::integer
     where p.id = r.send_id;
    perform private.push_finish(r.send_id);
  end loop;
  return recorded;
end
$$;

--
-- Function privileges: the composer's RPCs for signed-in operators (each checks the role), the
-- worker's for the service role only.
--

REVOKE ALL ON FUNCTION private.push_time_zone(locale text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_time_zones() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_release_at(due timestamp with time zone, zone text, urgent boolean) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_audience_issue(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
-- The tables' checks call it as the writer.
GRANT ALL ON FUNCTION private.push_audience_issue(definition jsonb) TO authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_audience_pairs(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_audience_devices(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_audience_where(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_audience_counts(definition jsonb, OUT people bigint, OUT devices bigint) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_clock() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_finish(send uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_require_role(VARIADIC roles text[]) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.push_audience_count(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_audience_count(definition jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.push_audience_count(definition jsonb) TO service_role;
REVOKE ALL ON FUNCTION public.push_audience_sample(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_audience_sample(definition jsonb) TO authenticated;
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
REVOKE ALL ON FUNCTION public.push_start_due(batch_size integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_start_due(batch_size integer) TO service_role;
REVOKE ALL ON FUNCTION public.push_claim(qty integer, visibility_seconds integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_claim(qty integer, visibility_seconds integer) TO service_role;
REVOKE ALL ON FUNCTION public.push_mark_sending(items jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_mark_sending(items jsonb) TO service_role;
REVOKE ALL ON FUNCTION public.push_record(results jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_record(results jsonb) TO service_role;

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

-- The count summary follows the tables it sums.
CREATE TRIGGER push_people_follow AFTER INSERT OR DELETE OR UPDATE OF created_at, deleted_at ON auth.users FOR EACH ROW EXECUTE FUNCTION private.push_people_follow();

CREATE TRIGGER push_people_follow AFTER INSERT OR DELETE OR UPDATE OF user_id, health_conditions, allergies ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.push_people_follow();

CREATE TRIGGER push_people_follow AFTER INSERT OR DELETE OR UPDATE OF user_id, locale, platform ON public.user_devices FOR EACH ROW EXECUTE FUNCTION private.push_people_follow();

CREATE TRIGGER push_people_follow AFTER INSERT OR DELETE OR UPDATE OF user_id, created_at ON public.scans FOR EACH ROW EXECUTE FUNCTION private.push_people_follow();

REVOKE ALL ON FUNCTION private.push_people_refresh(person uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_people_rebuild() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_people_follow() FROM PUBLIC, anon, authenticated, service_role;

-- The sends list shows each send's counters moving as the worker records answers.
ALTER PUBLICATION supabase_realtime ADD TABLE public.push_sends;
