-- The count summary's triggers per statement, not per row (docs/architecture/push.md, "Count
-- speed"): a bulk write refreshes each person it touches once, from transition tables.
-- The insert trigger keeps its name (CREATE OR REPLACE): on a hosted project the migration role
-- may add triggers to auth.users but not drop them (it does not own the table).

SET check_function_bodies = false;

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

CREATE OR REPLACE FUNCTION private.push_people_follow() RETURNS trigger
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

CREATE TRIGGER push_people_follow_delete AFTER DELETE ON auth.users REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('id', 'created_at', 'deleted_at');

CREATE OR REPLACE TRIGGER push_people_follow AFTER INSERT ON auth.users REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('id', 'created_at', 'deleted_at');

CREATE TRIGGER push_people_follow_update AFTER UPDATE ON auth.users REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('id', 'created_at', 'deleted_at');

CREATE TRIGGER push_people_follow_delete AFTER DELETE ON public.profiles REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'health_conditions', 'allergies');

CREATE OR REPLACE TRIGGER push_people_follow AFTER INSERT ON public.profiles REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'health_conditions', 'allergies');

CREATE TRIGGER push_people_follow_update AFTER UPDATE ON public.profiles REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'health_conditions', 'allergies');

CREATE TRIGGER push_people_follow_delete AFTER DELETE ON public.user_devices REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'locale', 'platform');

CREATE OR REPLACE TRIGGER push_people_follow AFTER INSERT ON public.user_devices REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'locale', 'platform');

CREATE TRIGGER push_people_follow_update AFTER UPDATE ON public.user_devices REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'locale', 'platform');

CREATE TRIGGER push_people_follow_delete AFTER DELETE ON public.scans REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'created_at');

CREATE OR REPLACE TRIGGER push_people_follow AFTER INSERT ON public.scans REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'created_at');

CREATE TRIGGER push_people_follow_update AFTER UPDATE ON public.scans REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION private.push_people_follow('user_id', 'created_at');

DROP FUNCTION private.push_people_refresh(uuid);

REVOKE ALL ON FUNCTION private.push_people_refresh(people uuid[]) FROM PUBLIC, anon, authenticated, service_role;
