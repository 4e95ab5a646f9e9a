-- Baseline: supabase/schemas/31_app_data_admin_reads.sql as npm run db:squash wrote it (docs/schema-first.md).

-- The mobile app's data: its functions (after supabase/schemas/30_app_data.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: admin_owner_ids(text[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_owner_ids(words text[]) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.has_admin_role('owner', 'support') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return private.admin_owner_ids(words);
end
$$;


--
-- Name: FUNCTION admin_owner_ids(words text[]); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_owner_ids(words text[]) IS 'For each word, the ids of the users whose email contains it (case-insensitive), or null past 50. Owners and support.';


--
-- Name: admin_page(text, text, jsonb, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  max_rows constant integer := 1000;
  total bigint;
  plan jsonb;
  page_end bigint;
  rows jsonb;
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if read_relation is null or skip is null or take is null then
    raise exception 'read_relation, skip and take are required' using errcode = '22023';
  end if;
  if not admin_reads.walks_every_row(relation) then
    -- The planner's estimate counts rows the caller cannot read: the rows it may read, exactly.
    execute pg_catalog.format('select pg_catalog.count(*) from public.%I', read_relation) into total;
  else
    -- PostgREST counts exactly (here: max-rows + 1 at most), and past max-rows takes the planner's
    -- estimate, never below what it counted.
    execute pg_catalog.format(
      'select pg_catalog.count(*) from (select 1 from public.%I limit %s) c', read_relation, max_rows + 1)
      into total;
    if total > max_rows then
      execute pg_catalog.format('explain (format json) select 1 from public.%I', read_relation) into plan;
      total := greatest(total, (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric::bigint);
    end if;
  end if;

  page_end := least(skip::bigint + take, total);
  if skip <= total / 2.0 or page_end <= skip then
    rows := public.admin_page_rows(relation, read_relation, sort_terms, skip, take);
  else
    -- Past the middle: the same rows from the end, every term's direction flipped, then put back.
    select public.admin_page_rows(
             relation, read_relation,
             (select pg_catalog.jsonb_agg(
                       pg_catalog.jsonb_set(t, '{ascending}', pg_catalog.to_jsonb(not (t ->> 'ascending')::boolean))
                       order by n)
                from pg_catalog.jsonb_array_elements(sort_terms) with ordinality as e(t, n)),
             (total - page_end)::integer, (page_end - skip)::integer)
      into rows;
    select coalesce(pg_catalog.jsonb_agg(r order by n desc), '[]')
      into rows
      from pg_catalog.jsonb_array_elements(rows) with ordinality as e(r, n);
  end if;
  return pg_catalog.jsonb_build_object('total', total, 'rows', rows);
end
$$;


--
-- Name: FUNCTION admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_page(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) IS 'The total of an admin list (as count=estimated counts it for a role that reads every row of the table, else the exact count of the rows the caller may read) and its rows skip..skip+take-1, read from the nearer end. Admins only.';


--
-- Name: admin_page_rows(text, text, jsonb, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  rel oid := pg_catalog.to_regclass(pg_catalog.format('public.%I', relation));
  read_rel oid := pg_catalog.to_regclass(pg_catalog.format('public.%I', read_relation));
  order_by text;
  page_ids uuid[];
  result jsonb;
  shown integer;
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  -- The list's rows come from `relation` itself or a view that reads it (through other views too).
  if rel is null or read_rel is null or not exists (
    with recursive reads(oid) as (
      select read_rel
      union
      select d.refobjid
        from reads r
        join pg_catalog.pg_rewrite w on w.ev_class = r.oid
        join pg_catalog.pg_depend d
          on d.classid = 'pg_catalog.pg_rewrite'::pg_catalog.regclass and d.objid = w.oid
         and d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass and d.refobjid <> r.oid)
    select 1 from reads where oid = rel)
  then
    raise exception 'No paging for relation %', read_relation using errcode = '22023';
  end if;
  order_by := admin_reads.page_order(relation, sort_terms, skip, take);
  -- The order is one the list itself can take: its columns are the read relation's too.
  if exists (
    select 1 from pg_catalog.jsonb_array_elements(sort_terms) t
     where not exists (
       select 1 from pg_catalog.pg_attribute a
        where a.attrelid = read_rel and a.attname = t ->> 'field' and a.attnum > 0 and not a.attisdropped))
  then
    raise exception 'Unknown sort column' using errcode = '42703';
  end if;

  -- A role that reads every row: the page found through an index only (null for any other).
  page_ids := admin_reads.page_ids(relation, sort_terms, skip, take);
  if page_ids is null then
    -- The rows the caller may read, filtered first (offset 0 keeps the planner from walking an index
    -- through rows it hides, whose number before the page would tell in the time taken), then
    -- ordered: nothing the caller cannot read takes a place in the order.
    execute pg_catalog.format(
      'select coalesce(jsonb_agg(p.r order by p.n), ''[]'') from (
         select to_jsonb(v) as r, row_number() over (order by %1$s) as n
           from (select * from public.%2$I offset 0) v
          order by %1$s offset $1 limit $2) p',
      order_by, read_relation)
      into result
      using skip, take;
    return result;
  end if;

  -- The page's rows read by primary key as the caller, so grants and row-level security still apply.
  execute pg_catalog.format(
    'select coalesce(jsonb_agg(to_jsonb(v) order by array_position($1, v.id)), ''[]''), count(*)::integer from public.%I v where v.id = any($1)',
    read_relation)
    into result, shown
    using page_ids;
  -- Never so while private.paging_walks() and the policies agree (descriptors.test.ts).
  if shown < pg_catalog.cardinality(page_ids) then
    raise exception 'The paging walk of % is declared for a role that does not read every row', relation
      using errcode = 'XX000';
  end if;
  return result;
end
$$;


--
-- Name: FUNCTION admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_page_rows(relation text, read_relation text, sort_terms jsonb, skip integer, take integer) IS 'Rows skip..skip+take-1 of an admin list in the given order, read as the caller from the list''s table or a view of it: found through an index only for a role that reads every row of the table, else among the rows the caller may read. Operators only.';


--
-- Name: admin_person(uuid, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_person(person uuid, per_section integer DEFAULT 5) RETURNS jsonb
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


--
-- Name: FUNCTION admin_person(person uuid, per_section integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_person(person uuid, per_section integer) IS 'A person''s page in one read: the account and, per section, the newest per_section rows and the total. Owners and support; null when there is no such user.';


--
-- Name: admin_search(text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.admin_search(q text, per_kind integer DEFAULT 5) RETURNS TABLE(kind text, id text, title text, detail text, owner_id uuid, owner_email text, at timestamp with time zone)
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
      -- A hit on the Hindi text only is shown by its Hindi title, the text that was found.
      select 'news', n.id::text,
             case when n.title ilike pattern then n.title else coalesce(n.translations -> 'hi' ->> 'title', n.title) end,
             null::text, null::uuid, null::text, n.created_at
        from public.news n
       where texts and (n.title ilike pattern or (n.translations -> 'hi' ->> 'title') ilike pattern) limit take;
  end if;
  if 'health-tips' = any (kinds) then
    return query
      select 'health-tips', t.id::text,
             case when t.tip ilike pattern then t.tip else coalesce(t.translations -> 'hi' ->> 'tip', t.tip) end,
             null::text, null::uuid, null::text, t.created_at
        from public.health_tips t
       where texts and (t.tip ilike pattern or (t.translations -> 'hi' ->> 'tip') ilike pattern) limit take;
  end if;
  if 'tags' = any (kinds) then
    return query
      select 'tags', t.id::text,
             case when t.label ilike pattern or t.key ilike pattern then t.label
                  else coalesce(t.translations -> 'hi' ->> 'label', t.label) end,
             t.key, null::uuid, null::text, t.created_at
        from public.tags t
       where texts and (t.label ilike pattern or t.key ilike pattern or (t.translations -> 'hi' ->> 'label') ilike pattern)
       limit take;
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


--
-- Name: FUNCTION admin_search(q text, per_kind integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.admin_search(q text, per_kind integer) IS 'The command palette: up to per_kind records of each kind the caller''s role reads whose text contains q (3+ characters) or whose id starts with q (4+ hex digits).';
