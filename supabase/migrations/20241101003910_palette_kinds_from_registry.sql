-- The palette's kinds (admin_search) and a person's page's sections (admin_person) follow one list
-- of which roles list each screen's records, private.list_readers(), which
-- supabase/tests/registryAccess.test.ts compares cell by cell with the registry's `access` (the
-- functions' own role lists could hand out a kind the registry took away). admin_person's audit
-- section follows the trail's rule for a record's history (20241101003900_record_history_rule.sql).

create function private.list_readers() RETURNS TABLE(screen text, roles text[])
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- The roles that list each screen's records, as the screens' `access` grants `list`
  -- (src/resources/, checked cell by cell by supabase/tests/registryAccess.test.ts). The palette's
  -- kinds (admin_search) and a person's page's sections (admin_person) follow it.
  values
    ('users', array['owner', 'support']),
    ('profiles', array['owner', 'support']),
    ('scans', array['owner', 'support']),
    ('chats', array['owner', 'support']),
    ('notifications', array['owner', 'support']),
    ('contact-messages', array['owner', 'support']),
    ('news', array['owner', 'editor', 'support']),
    ('health-tips', array['owner', 'editor', 'support']),
    ('tags', array['owner', 'editor', 'support']),
    ('audit-log', array['owner', 'editor', 'support']),
    ('team', array['owner'])
$$;
revoke all on function private.list_readers() from public, anon, authenticated, service_role;

create function private.listed_screens(role text) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(r.screen order by r.screen), '{}') from private.list_readers() r where listed_screens.role = any (r.roles)
$$;
revoke all on function private.listed_screens(text) from public, anon, authenticated, service_role;

create or replace function public.admin_person(person uuid, per_section integer DEFAULT 5) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  take integer := least(greatest(coalesce(per_section, 5), 1), 20);
  address text;
  account jsonb;
  -- The trail's own rule (its select policy, supabase/schemas/20_audit.sql): a versioned record's
  -- history to whoever may restore it, none of it to anyone else; other entries to owners, and
  -- each operator's own.
  all_entries boolean := public.has_admin_role('owner');
  me uuid := auth.uid();
  readable text[];
  hidden text[];
  -- The sections follow the screens the caller's role lists (private.list_readers).
  screens text[] := private.listed_screens(public.admin_role());
  page jsonb;
begin
  if not 'users' = any (screens) then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;

  select to_jsonb(u), u.email into account, address
    from (select x.id, x.email::text as email, x.phone, x.email_confirmed_at, x.phone_confirmed_at,
                 x.created_at, x.updated_at, x.last_sign_in_at,
                 coalesce(x.raw_app_meta_data ->> 'provider', 'email') as provider, x.role::text as role, x.aud::text as aud,
                 x.banned_until
            from auth.users x where x.id = person) u;
  if account is null then
    return null;
  end if;
  select h.readable, h.hidden into readable, hidden from public.record_history_access() h;

  page := jsonb_build_object(
    'user', account,
    'profiles', jsonb_build_object(
      'total', (select count(*) from public.profiles p where p.user_id = person),
      'rows', coalesce((select jsonb_agg(r) from (
        select p.id, p.name, p.relationship, p.allergies, p.health_conditions, p.created_at
          from public.profiles p where p.user_id = person
         order by p.created_at desc, p.id desc limit take) r), '[]')),
    'scans', jsonb_build_object(
      'total', (select count(*) from public.scans s where s.user_id = person),
      'rows', coalesce((select jsonb_agg(r) from (
        select s.id, s.name, s.image_url, s.image_path, s.health_score, s.category, s.created_at
          from public.scans s where s.user_id = person
         order by s.created_at desc, s.id desc limit take) r), '[]')),
    'chats', jsonb_build_object(
      'total', (select count(*) from public.chats c where c.user_id = person),
      'rows', coalesce((select jsonb_agg(r) from (
        select c.id, c.title, c.created_at,
               (select count(*) from public.messages m where m.chat_id = c.id) as message_count
          from public.chats c where c.user_id = person
         order by c.created_at desc, c.id desc limit take) r), '[]')),
    -- A device's token is the push address itself: the page names the platform and dates only.
    'devices', jsonb_build_object(
      'total', (select count(*) from public.user_devices d where d.user_id = person),
      'rows', coalesce((select jsonb_agg(r) from (
        select d.id, d.platform, d.created_at, d.updated_at
          from public.user_devices d where d.user_id = person
         order by d.updated_at desc, d.id desc limit take) r), '[]')),
    'notifications', jsonb_build_object(
      'total', (select count(*) from public.notifications n where n.user_id = person),
      'rows', coalesce((select jsonb_agg(r) from (
        select n.id, n.title, n.body, n.status, n.error, n.created_at, s.email as sender_email
          from public.notifications n
          left join private.user_emails s on s.user_id = n.sent_by
         where n.user_id = person
         order by n.created_at desc, n.id desc limit take) r), '[]')),
    'contact_messages', jsonb_build_object(
      'total', (select count(*) from public.contact_messages m where address is not null and lower(m.email) = lower(address)),
      'rows', coalesce((select jsonb_agg(r) from (
        select m.id, m.subject, m.status, m.created_at
          from public.contact_messages m where address is not null and lower(m.email) = lower(address)
         order by lower(m.email), m.created_at desc limit take) r), '[]')),
    'audit', jsonb_build_object(
      'total', (select count(*) from public.audit_log a
                 where (a.record_id = person::text or a.actor_id = person)
                   and (a.resource = any (readable) or ((all_entries or a.actor_id = me) and not a.resource = any (hidden)))),
      'rows', coalesce((select jsonb_agg(r) from (
        select a.id, a.occurred_at, a.action, a.resource, a.record_id, a.actor_id, a.actor_email
          from ((select x.* from public.audit_log x where x.record_id = person::text
                  and (x.resource = any (readable) or ((all_entries or x.actor_id = me) and not x.resource = any (hidden)))
                  order by x.record_id, x.occurred_at desc, x.id desc limit take)
                union
                (select x.* from public.audit_log x where x.actor_id = person
                  and (x.resource = any (readable) or ((all_entries or x.actor_id = me) and not x.resource = any (hidden)))
                  order by x.actor_id, x.occurred_at desc, x.id desc limit take)) a
         order by a.occurred_at desc, a.id desc limit take) r), '[]'))
  );
  -- Each section only for a role that lists its screen; the account and its devices are the Users screen's.
  return (select jsonb_object_agg(e.key, e.value) from jsonb_each(page) e
           where replace(case e.key when 'user' then 'users' when 'devices' then 'users' when 'audit' then 'audit-log'
                         else e.key end, '_', '-') = any (screens));
end
$$;

create or replace function public.admin_search(q text, per_kind integer DEFAULT 5) RETURNS TABLE(kind text, id text, title text, detail text, owner_id uuid, owner_email text, at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_custom_plan'
    AS $_$
declare
  caller_role text := public.admin_role();
  term text := btrim(coalesce(q, ''));
  pattern text := private.contains_pattern(term);
  texts boolean := char_length(term) >= 3;
  low uuid;
  high uuid;
  take integer := least(greatest(coalesce(per_kind, 5), 1), 10);
  -- The kinds the caller's role lists (private.list_readers, the registry's list access).
  kinds text[] := private.listed_screens(caller_role);
begin
  if caller_role is null then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if char_length(term) > 200 then
    raise exception 'The search is longer than 200 characters' using errcode = '22023';
  end if;
  select r.low, r.high into low, high from private.uuid_prefix_range(term) r;

  if 'users' = any (kinds) then
    return query
      select 'users', u.id::text, coalesce(u.email::text, u.phone, u.id::text), u.phone, u.id, u.email::text, u.created_at
        from auth.users u
       where u.id in (
               (select e.user_id from private.user_emails e
                 where texts and lower(e.email) like pattern limit take)
               union
               (select x.id from auth.users x
                 where low is not null and x.id between low and high limit take)
               union
               -- Phones only for a query of digits (auth.users has no index to offer; it is the
               -- smallest table here).
               (select x.id from auth.users x
                 where term ~ '^\+?[0-9][0-9 ]{2,}$' and x.phone like '%' || replace(ltrim(term, '+'), ' ', '') || '%'
                 limit take))
       order by u.created_at desc
       limit take;
  end if;

  if 'profiles' = any (kinds) then
    return query
      select 'profiles', p.id::text, p.name, p.relationship, p.user_id, e.email, p.created_at
        from (select x.* from public.profiles x where texts and x.name ilike pattern limit take) p
        left join private.user_emails e on e.user_id = p.user_id;
  end if;

  if 'scans' = any (kinds) then
    return query
      select 'scans', s.id::text, coalesce(s.name, s.id::text), s.category, s.user_id, e.email, s.created_at
        from ((select x.* from public.scans x where low is not null and x.id between low and high limit take)
              union all
              (select x.* from public.scans x where texts and x.name ilike pattern limit take)
              limit take) s
        left join private.user_emails e on e.user_id = s.user_id;
  end if;

  if 'chats' = any (kinds) then
    return query
      select 'chats', c.id::text, coalesce(c.title, c.id::text), null::text, c.user_id, e.email, c.created_at
        from ((select x.* from public.chats x where low is not null and x.id between low and high limit take)
              union all
              (select x.* from public.chats x where texts and x.title ilike pattern limit take)
              limit take) c
        left join private.user_emails e on e.user_id = c.user_id;
  end if;

  if 'contact-messages' = any (kinds) then
    return query
      select 'contact-messages', m.id::text, btrim(m.first_name || ' ' || m.last_name), m.subject,
             (select e.user_id from private.user_emails e where lower(e.email) = lower(m.email) limit 1),
             m.email, m.created_at
        from public.contact_messages m
       where texts and lower(m.first_name || ' ' || m.last_name || ' ' || m.email || ' ' || m.subject) like pattern
       limit take;
  end if;

  if 'news' = any (kinds) then
    return query
      select 'news', n.id::text, n.title, null::text, null::uuid, null::text, n.created_at
        from public.news n where texts and n.title ilike pattern limit take;
  end if;
  if 'health-tips' = any (kinds) then
    return query
      select 'health-tips', t.id::text, t.tip, null::text, null::uuid, null::text, t.created_at
        from public.health_tips t where texts and t.tip ilike pattern limit take;
  end if;
  if 'tags' = any (kinds) then
    return query
      select 'tags', t.id::text, t.label, t.key, null::uuid, null::text, t.created_at
        from public.tags t where texts and (t.label ilike pattern or t.key ilike pattern) limit take;
  end if;

  if 'team' = any (kinds) then
    return query
      -- From the team's few rows to their addresses (not the other way round, through every user's).
      select 'team', a.user_id::text, e.email, a.role, a.user_id, e.email, a.created_at
        from public.admin_users a
       cross join lateral (select x.email from private.user_emails x where x.user_id = a.user_id) e
       where texts and lower(e.email) like pattern
       order by e.email
       limit take;
  end if;
end
$_$;
