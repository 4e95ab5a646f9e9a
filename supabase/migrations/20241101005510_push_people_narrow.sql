-- A narrower count summary (docs/architecture/push.md, "Count speed"): fixed-width columns first,
-- last_scan_at never null (-infinity: never scanned), each person's devices counted in all.

SET check_function_bodies = false;

DROP TABLE private.push_people;

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

REVOKE ALL ON FUNCTION private.push_audience_devices(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION private.push_audience_where(definition jsonb) RETURNS text
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

CREATE OR REPLACE FUNCTION private.push_audience_counts(definition jsonb, OUT people bigint, OUT devices bigint) RETURNS record
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

CREATE OR REPLACE FUNCTION private.push_people_refresh(person uuid) RETURNS void
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

CREATE OR REPLACE FUNCTION private.push_people_rebuild() RETURNS bigint
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

SELECT private.push_people_rebuild();
