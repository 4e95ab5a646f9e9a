-- The command palette and a person's page (docs/architecture.md: "Command palette", "A person's page").
--
-- 1. public.admin_search(q, per_kind): what the palette finds as an operator types, in one request.
--    At most per_kind (1..10) records of each kind the caller's role reads, with the same role table
--    as the lists (20241101001700_operator_roles.sql):
--      app users, family profiles, scans, chats, contact messages   owners and support
--      news, health tips, tags                                         every operator
--      team (operators)                                                owners
--    Text is matched as a substring, case-insensitively, through trigram indexes (from 3 characters,
--    the length of a trigram; a shorter query finds nothing); a query that is the start of an id
--    (4 or more hex digits) also finds the records whose id starts with it, through the primary key
--    as a range of uuids. The request's text is only ever a bound value: LIKE's wildcards in it are
--    escaped, so "100%" looks for "100%".
-- 2. public.admin_person(person, per_section): a person's page in one request: the account, then per
--    section (profiles, scans, chats, devices, notifications, contact messages, audit entries) the
--    newest per_section rows and the section's total. Owners and support, as the Users list; the
--    audit entries follow the trail's own rule (owners all, support their own actions).
-- 3. The indexes those reads need (contact messages by text and by sender address, the trail by
--    record id and by actor id).

-- ---------------------------------------------------------------------------------------------
-- 3. Indexes

-- Contact messages: the sender's name, address and the subject in one trigram index (the palette
-- matches the same expression), and the sender's messages by address for a person's page.
create index contact_messages_palette_trgm_idx on public.contact_messages
  using gin ((lower(first_name || ' ' || last_name || ' ' || email || ' ' || subject)) extensions.gin_trgm_ops);
create index contact_messages_email_created_at_idx on public.contact_messages (lower(email), created_at desc);
-- A person's trail: entries about them (record_id is their id) and entries they made.
create index audit_log_record_id_occurred_at_idx on public.audit_log (record_id, occurred_at desc, id desc);
create index audit_log_actor_id_occurred_at_idx on public.audit_log (actor_id, occurred_at desc, id desc);

-- ---------------------------------------------------------------------------------------------
-- Helpers (private: no API role calls them)

-- q as a LIKE pattern matching it anywhere: lower-cased, with \ % _ escaped (LIKE's default escape).
create function private.contains_pattern(q text) returns text
language sql immutable
set search_path = ''
as $$
  select '%' || replace(replace(replace(lower(q), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;
revoke all on function private.contains_pattern(text) from public, anon, authenticated;

-- The uuids whose text starts with q (4 to 32 hex digits, dashes allowed where a uuid has them), as
-- the range [low, high] the primary key reads; null when q is no id prefix.
create function private.uuid_prefix_range(q text, out low uuid, out high uuid)
language plpgsql immutable
set search_path = ''
as $$
declare
  -- A uuid's text is 32 hex digits with dashes; the dashes are dropped, the rest padded both ways.
  digits text := replace(lower(q), '-', '');
begin
  if lower(q) ~ '^[0-9a-f]{4}[0-9a-f-]*$' and length(digits) <= 32 then
    low := rpad(digits, 32, '0')::uuid;
    high := rpad(digits, 32, 'f')::uuid;
  end if;
end
$$;
revoke all on function private.uuid_prefix_range(text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- 1. The palette's search

create function public.admin_search(q text, per_kind integer default 5)
returns table (
  kind text,       -- users, profiles, scans, chats, contact-messages, news, health-tips, tags, team (operators)
  id text,         -- the record's id (a route's :id)
  title text,      -- what names it
  detail text,     -- what tells two apart: a profile's relationship, a tag's key, a message's subject...
  owner_id uuid,   -- the person it belongs to (a contact message's sender when they have an account)
  owner_email text,
  at timestamptz   -- when it was made (a user's sign-up, a scan's date)
)
language plpgsql stable security definer
set search_path = ''
-- PL/pgSQL caches each query's plan and, after five calls, may keep a generic one: planned without
-- the pattern, `name ilike $1` looks common enough that a LIMIT 5 would stop a sequential scan early,
-- and a rare pattern then reads the whole table (100,000 scans: 50-100 ms a query instead of 5-10 ms
-- through the trigram index; `npm run bench:palette`). Planning each call with its values is cheap here.
set plan_cache_mode = 'force_custom_plan'
as $$
declare
  caller_role text := public.admin_role();
  term text := btrim(coalesce(q, ''));
  pattern text := private.contains_pattern(term);
  texts boolean := char_length(term) >= 3;
  low uuid;
  high uuid;
  take integer := least(greatest(coalesce(per_kind, 5), 1), 10);
  people boolean := caller_role in ('owner', 'support');
begin
  if caller_role is null then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if char_length(term) > 200 then
    raise exception 'The search is longer than 200 characters' using errcode = '22023';
  end if;
  select r.low, r.high into low, high from private.uuid_prefix_range(term) r;

  if people then
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

    return query
      select 'profiles', p.id::text, p.name, p.relationship, p.user_id, e.email, p.created_at
        from (select x.* from public.profiles x where texts and x.name ilike pattern limit take) p
        left join private.user_emails e on e.user_id = p.user_id;

    return query
      select 'scans', s.id::text, coalesce(s.name, s.id::text), s.category, s.user_id, e.email, s.created_at
        from ((select x.* from public.scans x where low is not null and x.id between low and high limit take)
              union all
              (select x.* from public.scans x where texts and x.name ilike pattern limit take)
              limit take) s
        left join private.user_emails e on e.user_id = s.user_id;

    return query
      select 'chats', c.id::text, coalesce(c.title, c.id::text), null::text, c.user_id, e.email, c.created_at
        from ((select x.* from public.chats x where low is not null and x.id between low and high limit take)
              union all
              (select x.* from public.chats x where texts and x.title ilike pattern limit take)
              limit take) c
        left join private.user_emails e on e.user_id = c.user_id;

    return query
      select 'contact-messages', m.id::text, btrim(m.first_name || ' ' || m.last_name), m.subject,
             (select e.user_id from private.user_emails e where lower(e.email) = lower(m.email) limit 1),
             m.email, m.created_at
        from public.contact_messages m
       where texts and lower(m.first_name || ' ' || m.last_name || ' ' || m.email || ' ' || m.subject) like pattern
       limit take;
  end if;

  return query
    select 'news', n.id::text, n.title, null::text, null::uuid, null::text, n.created_at
      from public.news n where texts and n.title ilike pattern limit take;
  return query
    select 'health-tips', t.id::text, t.tip, null::text, null::uuid, null::text, t.created_at
      from public.health_tips t where texts and t.tip ilike pattern limit take;
  return query
    select 'tags', t.id::text, t.label, t.key, null::uuid, null::text, t.created_at
      from public.tags t where texts and (t.label ilike pattern or t.key ilike pattern) limit take;

  if caller_role = 'owner' then
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
$$;
revoke all on function public.admin_search(text, integer) from public, anon;
grant execute on function public.admin_search(text, integer) to authenticated;
comment on function public.admin_search(text, integer) is
  'The command palette: up to per_kind records of each kind the caller''s role reads whose text contains q (3+ characters) or whose id starts with q (4+ hex digits).';

-- ---------------------------------------------------------------------------------------------
-- 2. A person's page

create function public.admin_person(person uuid, per_section integer default 5)
returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  take integer := least(greatest(coalesce(per_section, 5), 1), 20);
  address text;
  account jsonb;
  -- The trail's own rule (its select policy): owners read every entry, others their own actions.
  all_entries boolean := public.has_admin_role('owner');
  me uuid := auth.uid();
begin
  if not public.has_admin_role('owner', 'support') then
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

  return jsonb_build_object(
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
                   and (all_entries or a.actor_id = me)),
      'rows', coalesce((select jsonb_agg(r) from (
        select a.id, a.occurred_at, a.action, a.resource, a.record_id, a.actor_id, a.actor_email
          from ((select x.* from public.audit_log x where x.record_id = person::text
                  and (all_entries or x.actor_id = me)
                  order by x.record_id, x.occurred_at desc, x.id desc limit take)
                union
                (select x.* from public.audit_log x where x.actor_id = person
                  and (all_entries or x.actor_id = me)
                  order by x.actor_id, x.occurred_at desc, x.id desc limit take)) a
         order by a.occurred_at desc, a.id desc limit take) r), '[]'))
  );
end
$$;
revoke all on function public.admin_person(uuid, integer) from public, anon;
grant execute on function public.admin_person(uuid, integer) to authenticated;
comment on function public.admin_person(uuid, integer) is
  'A person''s page in one read: the account and, per section, the newest per_section rows and the total. Owners and support; null when there is no such user.';
