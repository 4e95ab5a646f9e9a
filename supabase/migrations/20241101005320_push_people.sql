-- A per-person summary for the audience count (docs/architecture/push.md, "Count speed").

--
-- Name: push_people; Type: TABLE; Schema: private; Owner: -
--

-- One row per account, kept by triggers, so a count reads one narrow row per person instead of
-- every device joined to auth.users, profiles and scans: the conditions and allergies of all their
-- family profiles, their last scan, and their devices by (locale, platform).
CREATE TABLE private.push_people (
    user_id uuid NOT NULL,
    created_at timestamp with time zone,
    deleted boolean DEFAULT false NOT NULL,
    conditions text[] DEFAULT '{}'::text[] NOT NULL,
    allergies text[] DEFAULT '{}'::text[] NOT NULL,
    last_scan_at timestamp with time zone,
    en_android integer DEFAULT 0 NOT NULL,
    en_ios integer DEFAULT 0 NOT NULL,
    en_web integer DEFAULT 0 NOT NULL,
    hi_android integer DEFAULT 0 NOT NULL,
    hi_ios integer DEFAULT 0 NOT NULL,
    hi_web integer DEFAULT 0 NOT NULL
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
  insert into private.push_people as p (user_id, created_at, deleted, conditions, allergies, last_scan_at,
                                        en_android, en_ios, en_web, hi_android, hi_ios, hi_web)
  select u.id, u.created_at, u.deleted_at is not null,
         coalesce((select array_agg(distinct c) from public.profiles f, unnest(f.health_conditions) c where f.user_id = u.id), '{}'),
         coalesce((select array_agg(distinct a) from public.profiles f, unnest(f.allergies) a where f.user_id = u.id), '{}'),
         (select max(s.created_at) from public.scans s where s.user_id = u.id),
         d.en_android, d.en_ios, d.en_web, d.hi_android, d.hi_ios, d.hi_web
    from auth.users u,
         lateral (select count(*) filter (where x.locale = 'en' and x.platform = 'android')::integer as en_android,
                         count(*) filter (where x.locale = 'en' and x.platform = 'ios')::integer as en_ios,
                         count(*) filter (where x.locale = 'en' and x.platform = 'web')::integer as en_web,
                         count(*) filter (where x.locale = 'hi' and x.platform = 'android')::integer as hi_android,
                         count(*) filter (where x.locale = 'hi' and x.platform = 'ios')::integer as hi_ios,
                         count(*) filter (where x.locale = 'hi' and x.platform = 'web')::integer as hi_web
                    from public.user_devices x where x.user_id = u.id) d
   where u.id = person
  on conflict (user_id) do update
     set created_at = excluded.created_at, deleted = excluded.deleted, conditions = excluded.conditions,
         allergies = excluded.allergies, last_scan_at = excluded.last_scan_at,
         en_android = excluded.en_android, en_ios = excluded.en_ios, en_web = excluded.en_web,
         hi_android = excluded.hi_android, hi_ios = excluded.hi_ios, hi_web = excluded.hi_web
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
  insert into private.push_people (user_id, created_at, deleted, conditions, allergies, last_scan_at,
                                   en_android, en_ios, en_web, hi_android, hi_ios, hi_web)
  select u.id, u.created_at, u.deleted_at is not null, coalesce(fc.conditions, '{}'), coalesce(fa.allergies, '{}'), s.last_scan_at,
         coalesce(d.en_android, 0), coalesce(d.en_ios, 0), coalesce(d.en_web, 0),
         coalesce(d.hi_android, 0), coalesce(d.hi_ios, 0), coalesce(d.hi_web, 0)
    from auth.users u
    left join (select f.user_id, array_agg(distinct c) as conditions
                 from public.profiles f, unnest(f.health_conditions) c group by f.user_id) fc on fc.user_id = u.id
    left join (select f.user_id, array_agg(distinct a) as allergies
                 from public.profiles f, unnest(f.allergies) a group by f.user_id) fa on fa.user_id = u.id
    left join (select s.user_id, max(s.created_at) as last_scan_at from public.scans s group by s.user_id) s on s.user_id = u.id
    left join (select x.user_id,
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

CREATE TRIGGER push_people_follow AFTER INSERT OR DELETE OR UPDATE OF created_at, deleted_at ON auth.users FOR EACH ROW EXECUTE FUNCTION private.push_people_follow();

CREATE TRIGGER push_people_follow AFTER INSERT OR DELETE OR UPDATE OF user_id, health_conditions, allergies ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.push_people_follow();

CREATE TRIGGER push_people_follow AFTER INSERT OR DELETE OR UPDATE OF user_id, locale, platform ON public.user_devices FOR EACH ROW EXECUTE FUNCTION private.push_people_follow();

CREATE TRIGGER push_people_follow AFTER INSERT OR DELETE OR UPDATE OF user_id, created_at ON public.scans FOR EACH ROW EXECUTE FUNCTION private.push_people_follow();

REVOKE ALL ON FUNCTION private.push_people_refresh(person uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_people_rebuild() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_people_follow() FROM PUBLIC, anon, authenticated, service_role;

--
-- Name: push_audience_counts(jsonb); Type: FUNCTION; Schema: private; Owner: -
--

CREATE OR REPLACE FUNCTION private.push_audience_counts(definition jsonb, OUT people bigint, OUT devices bigint) RETURNS record
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  -- Over private.push_people, one row per person (kept by triggers): fixed fragments, every value
  -- read from $1 (the definition) at EXECUTE; the device sum names the fixed (locale, platform)
  -- columns the definition's known values select.
  parts text[] := array['not p.deleted'];
  cols text[] := '{}';
  everything text := 'p.en_android + p.en_ios + p.en_web + p.hi_android + p.hi_ios + p.hi_web';
  matching text;
  l text;
  pl text;
begin
  if private.push_audience_issue(definition) is not null then
    raise exception 'Invalid audience: %', private.push_audience_issue(definition) using errcode = '22023';
  end if;
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
    parts := parts || text '(p.last_scan_at is null or p.last_scan_at < now() - make_interval(days => ($1 ->> ''not_scanned_within_days'')::integer))';
  end if;
  if definition -> 'has_device' = 'false'::jsonb then
    -- People without a device: nobody a push reaches, counted for the composer only.
    execute 'select count(*), 0::bigint from private.push_people p where ' || array_to_string(parts, ' and ')
      || ' and ' || everything || ' = 0'
      using definition into people, devices;
    return;
  end if;
  foreach l in array array['en', 'hi'] loop
    foreach pl in array array['android', 'ios', 'web'] loop
      if (not definition ? 'locales' or definition -> 'locales' ? l) and (not definition ? 'platforms' or definition -> 'platforms' ? pl) then
        cols := cols || ('p.' || l || '_' || pl);
      end if;
    end loop;
  end loop;
  matching := coalesce(nullif(array_to_string(cols, ' + '), ''), '0');
  execute 'select count(*), coalesce(sum(' || matching || '), 0)::bigint from private.push_people p where '
    || array_to_string(parts, ' and ') || ' and (' || matching || ') > 0'
    using definition into people, devices;
end
$$;

select private.push_people_rebuild();
