-- Baseline: supabase/schemas/47_push_audiences.sql as npm run db:squash wrote it (docs/schema-first.md).

-- Push audiences: an audience (a jsonb definition over the app's own data), its one translation
-- into SQL over a per-person summary (private.push_people, kept by triggers), the count and the
-- sample, and saved audiences. Sends and their approval: 48_push_sends.sql; the queue's worker
-- RPCs: 49_push_queue.sql. docs/architecture/push.md.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

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
  -- of the people it selects (d, filtered by private.push_audience_pairs). Each value is a
  -- subquery, computed once per count rather than once per person.
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
    parts := parts || text 'p.created_at >= (select ($1 ->> ''signed_up_after'')::date::timestamp at time zone ''Asia/Kolkata'')';
  end if;
  if definition ? 'signed_up_before' then
    parts := parts || text 'p.created_at < (select ($1 ->> ''signed_up_before'')::date::timestamp at time zone ''Asia/Kolkata'')';
  end if;
  if definition ? 'scanned_within_days' then
    parts := parts || text 'p.last_scan_at >= (select now() - make_interval(days => ($1 ->> ''scanned_within_days'')::integer))';
  end if;
  if definition ? 'not_scanned_within_days' then
    parts := parts || text 'p.last_scan_at < (select now() - make_interval(days => ($1 ->> ''not_scanned_within_days'')::integer))';
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
-- Name: push_people_refresh(uuid[]); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_people_refresh(people uuid[]) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- Recomputes these people's rows from the tables (or removes them with their accounts).
  delete from private.push_people p where p.user_id = any (people) and not exists (select 1 from auth.users u where u.id = p.user_id);
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
   where u.id = any (people)
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
  -- TG_ARGV: the column naming the person, then the other columns their summary reads. A
  -- statement-level trigger (one per event: PostgreSQL allows transition tables on one event
  -- only, and on UPDATE without a column list), so a bulk write refreshes each person once.
  key text := TG_ARGV[0];
  fed text := array_to_string(array(select format('%I', c) from unnest(TG_ARGV) c), ', ');
  people uuid[];
begin
  if TG_OP = 'INSERT' then
    execute format('select array(select distinct n.%I from changed n)', key) into people;
  elsif TG_OP = 'DELETE' then
    execute format('select array(select distinct o.%I from gone o)', key) into people;
  else
    -- Rows matched on their primary key (id); either side of a row whose read columns changed
    -- (a row moved between accounts feeds two people).
    execute format('select array(select distinct x.person from gone o full join changed n on n.id = o.id,
                      lateral (values (o.%1$I), (n.%1$I)) x (person)
                     where o.id is null or n.id is null or (o.%2$s) is distinct from (n.%3$s))',
                   key, replace(fed, ', ', ', o.'), replace(fed, ', ', ', n.'))
      into people;
  end if;
  people := array_remove(people, null);
  if cardinality(people) > 0 then perform private.push_people_refresh(people); end if;
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
-- Function privileges: the composer's count and sample for signed-in push operators (each checks
-- the role); the helpers for no one.
--

REVOKE ALL ON FUNCTION private.push_audience_issue(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
-- The tables' checks call it as the writer.
GRANT ALL ON FUNCTION private.push_audience_issue(definition jsonb) TO authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_audience_pairs(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_audience_devices(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_audience_where(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_audience_counts(definition jsonb, OUT people bigint, OUT devices bigint) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_require_role(VARIADIC roles text[]) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.push_audience_count(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_audience_count(definition jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.push_audience_count(definition jsonb) TO service_role;
REVOKE ALL ON FUNCTION public.push_audience_sample(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_audience_sample(definition jsonb) TO authenticated;

-- The count summary follows the tables it sums.
CREATE TRIGGER push_people_follow_delete AFTER DELETE ON auth.users REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('id', 'created_at', 'deleted_at');

CREATE TRIGGER push_people_follow AFTER INSERT ON auth.users REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('id', 'created_at', 'deleted_at');

CREATE TRIGGER push_people_follow_update AFTER UPDATE ON auth.users REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('id', 'created_at', 'deleted_at');

CREATE TRIGGER push_people_follow_delete AFTER DELETE ON public.profiles REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'health_conditions', 'allergies');

CREATE TRIGGER push_people_follow AFTER INSERT ON public.profiles REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'health_conditions', 'allergies');

CREATE TRIGGER push_people_follow_update AFTER UPDATE ON public.profiles REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'health_conditions', 'allergies');

CREATE TRIGGER push_people_follow_delete AFTER DELETE ON public.user_devices REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'locale', 'platform');

CREATE TRIGGER push_people_follow AFTER INSERT ON public.user_devices REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'locale', 'platform');

CREATE TRIGGER push_people_follow_update AFTER UPDATE ON public.user_devices REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'locale', 'platform');

CREATE TRIGGER push_people_follow_delete AFTER DELETE ON public.scans REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'created_at');

CREATE TRIGGER push_people_follow AFTER INSERT ON public.scans REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'created_at');

CREATE TRIGGER push_people_follow_update AFTER UPDATE ON public.scans REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'created_at');

REVOKE ALL ON FUNCTION private.push_people_refresh(people uuid[]) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_people_rebuild() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_people_follow() FROM PUBLIC, anon, authenticated, service_role;
