-- News, health tips and tags in more languages than English (docs/architecture/content-languages.md):
-- a `translations` column per table, {"hi": {field: text}}, checked per language against the
-- English field's limits counted in grapheme clusters; the app's localized reads; Hindi search.

CREATE FUNCTION public.grapheme_count(value text) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path TO ''
    AS $$
-- The characters a reader sees (Unicode's extended grapheme clusters, UAX #29), as the admin's
-- Intl.Segmenter counts them (src/domain/graphemes.ts; supabase/tests/graphemes.test.ts compares the
-- two): marks, ZWJ/ZWNJ and variation selectors join the character before them; CR LF is one; a
-- Devanagari or Bengali consonant after consonant + virama joins it (a conjunct, rule GB9c); emoji
-- ZWJ sequences and flag pairs are one. Other scripts' rarer rules (Hangul syllables, prepend marks)
-- are not modelled: the limits it serves are for English and Hindi text.
declare
  n integer := 0;
  ch text;
  cp integer;
  kind text;
  previous text := 'start';
  conjunct integer := 0;   -- 0 none, 1 after an Indic consonant, 2 after consonant + virama
  emoji integer := 0;      -- 1 after a pictograph (+ marks), 2 after pictograph (+ marks) + ZWJ
  regional integer := 0;   -- regional indicators in the current run
begin
  -- Printable ASCII (most English) is one character per code point.
  if value ~ '^[ -~]*$' then
    return pg_catalog.length(value);
  end if;
  foreach ch in array pg_catalog.string_to_array(value, null) loop
    cp := pg_catalog.ascii(ch);
    kind := case
      when cp = 13 then 'cr'
      when cp = 10 then 'lf'
      when cp < 32 or cp between 127 and 159 then 'control'
      when cp = 8205 then 'zwj'
      when cp in (2381, 2509, 2765, 2893, 3149, 3405) then 'linker'
      when cp between 2325 and 2361 or cp between 2392 and 2399 or cp between 2424 and 2431
        or cp between 2453 and 2472 or cp between 2474 and 2480 or cp = 2482 or cp between 2486 and 2489
        or cp between 2524 and 2525 or cp = 2527 or cp between 2544 and 2545 then 'consonant'
      when cp = 2364 or cp between 2385 and 2388 or cp = 2492 or cp between 768 and 879 then 'incb-extend'
      when cp between 2304 and 2307 or cp between 2362 and 2363 or cp between 2366 and 2383 or cp between 2389 and 2391
        or cp between 2402 and 2403 or cp between 2433 and 2435 or cp between 2494 and 2508
        or cp = 2519 or cp between 2530 and 2531
        or cp between 1155 and 1161 or cp between 1425 and 1469 or cp between 1611 and 1631
        or cp between 6832 and 6911 or cp between 7616 and 7679 or cp between 8400 and 8447
        or cp = 8204 or cp between 65024 and 65039 or cp between 65056 and 65071
        or cp between 127995 and 127999 or cp between 917536 and 917631 then 'extend'
      when cp between 127462 and 127487 then 'regional'
      when cp between 126976 and 129791 or cp between 9728 and 10175 or cp between 8986 and 9215
        or cp in (169, 174, 8252, 8265, 8482, 8505, 11088, 11093) then 'pictograph'
      else 'other'
    end;
    if not (
         (previous = 'cr' and kind = 'lf')
      or (previous not in ('start', 'cr', 'lf', 'control')
          and (kind in ('extend', 'incb-extend', 'zwj', 'linker')
               or (kind = 'consonant' and conjunct = 2)
               or (kind = 'pictograph' and emoji = 2)
               or (kind = 'regional' and pg_catalog.mod(regional, 2) = 1)))
    ) then
      n := n + 1;
      regional := 0;
    end if;
    conjunct := case
      when kind = 'consonant' then 1
      when kind = 'linker' and conjunct > 0 then 2
      when kind in ('incb-extend', 'zwj') then conjunct
      else 0
    end;
    emoji := case
      when kind = 'pictograph' then 1
      when kind in ('extend', 'incb-extend') and emoji = 1 then 1
      when kind = 'zwj' and emoji = 1 then 2
      else 0
    end;
    regional := case when kind = 'regional' then regional + 1 else 0 end;
    previous := kind;
  end loop;
  return n;
end
$$;



COMMENT ON FUNCTION public.grapheme_count(value text) IS 'How many characters a reader sees in value (extended grapheme clusters): the unit of the content''s per-language length limits.';



CREATE FUNCTION public.translations_fit(translations jsonb, fields jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $_$
  -- A content row's other languages: {"hi": {"tip": "…"}, …}, keyed by a language code other than
  -- English (English is the row's own columns). Each language gives every field of `fields`
  -- ({"tip": [min, max]}, max null for none) and no other, each a non-blank text whose length in
  -- characters as read (grapheme clusters) is within its limits: the English column's limits.
  select pg_catalog.jsonb_typeof(translations) = 'object'
     and not exists (
       select 1
         from pg_catalog.jsonb_each(translations) l(locale, texts)
        where l.locale !~ '^[a-z]{2,3}$' or l.locale = 'en'
           or pg_catalog.jsonb_typeof(l.texts) <> 'object'
           or exists (select 1 from pg_catalog.jsonb_object_keys(l.texts) k(key) where not fields ? k.key)
           or exists (
             select 1
               from pg_catalog.jsonb_each(fields) f(field, limits)
              cross join lateral (select l.texts ->> f.field as text) t
              where pg_catalog.jsonb_typeof(l.texts -> f.field) is distinct from 'string'
                 or t.text !~ '\S'
                 or (select n.n < (f.limits ->> 0)::integer or n.n > coalesce((f.limits ->> 1)::integer, n.n)
                       from (select public.grapheme_count(t.text) as n) n)))
$_$;



COMMENT ON FUNCTION public.translations_fit(translations jsonb, fields jsonb) IS 'Whether a content row''s translations are well formed and each language''s texts are within the English field''s limits, counted in characters as read.';



ALTER TABLE public.news ADD COLUMN translations jsonb DEFAULT '{}'::jsonb NOT NULL;
ALTER TABLE public.news ADD CONSTRAINT news_translations_fit CHECK (public.translations_fit(translations, '{"title": [1, 200], "content": [1, null]}'::jsonb));
ALTER TABLE public.health_tips ADD COLUMN translations jsonb DEFAULT '{}'::jsonb NOT NULL;
ALTER TABLE public.health_tips ADD CONSTRAINT health_tips_translations_fit CHECK (public.translations_fit(translations, '{"tip": [10, 1000]}'::jsonb));
ALTER TABLE public.tags ADD COLUMN translations jsonb DEFAULT '{}'::jsonb NOT NULL;
ALTER TABLE public.tags ADD CONSTRAINT tags_translations_fit CHECK (public.translations_fit(translations, '{"label": [1, 100]}'::jsonb));

CREATE OR REPLACE VIEW admin_reads.news AS
 SELECT n.id,
    n.title,
    n.content,
    n.source_url,
    n.source_url_screenshot,
    n.created_at,
    n.updated_at,
    n.translations
   FROM public.news n
  WHERE ( SELECT public.is_admin() AS is_admin);

CREATE OR REPLACE VIEW public.admin_news WITH (security_invoker='true') AS
 SELECT news.id,
    news.title,
    news.content,
    news.source_url,
    news.source_url_screenshot,
    news.created_at,
    news.updated_at,
    news.translations
   FROM admin_reads.news;

CREATE OR REPLACE FUNCTION private.versions() RETURNS TABLE(resource text, columns text[], restorers text[])
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- The one list of versioned resources: their restorable columns and the roles that may restore
  -- them (the roles whose access grants `edit`, supabase/tests/recordHistory.test.ts).
  values
    ('news', array['title', 'content', 'source_url', 'source_url_screenshot', 'translations'], array['owner', 'editor']),
    ('health_tips', array['tip', 'translations'], array['owner', 'editor']),
    ('tags', array['key', 'label', 'icon', 'color', 'category', 'is_active', 'sort_order', 'translations'], array['owner', 'editor']),
    ('admin_settings', array['mfa_required', 'audit_retention_days'], array['owner'])
$$;

CREATE OR REPLACE FUNCTION public.admin_search(q text, per_kind integer DEFAULT 5) RETURNS TABLE(kind text, id text, title text, detail text, owner_id uuid, owner_email text, at timestamp with time zone)
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
        from public.news n
       where texts and (n.title ilike pattern or (n.translations -> 'hi' ->> 'title') ilike pattern) limit take;
  end if;
  if 'health-tips' = any (kinds) then
    return query
      select 'health-tips', t.id::text, t.tip, null::text, null::uuid, null::text, t.created_at
        from public.health_tips t
       where texts and (t.tip ilike pattern or (t.translations -> 'hi' ->> 'tip') ilike pattern) limit take;
  end if;
  if 'tags' = any (kinds) then
    return query
      select 'tags', t.id::text, t.label, t.key, null::uuid, null::text, t.created_at
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

-- Content in more languages than English (docs/architecture/content-languages.md): the app's read
-- with a fallback to English, and the indexes that serve a search of the Hindi texts.

CREATE FUNCTION public.news_localized(locale text) RETURNS TABLE(id uuid, title text, content text, source_url text, source_url_screenshot text, created_at timestamp with time zone, updated_at timestamp with time zone, language text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- The caller's rows (its own rights and policies: security invoker), each text in `locale`
  -- ('hi', or 'hi-IN': the language part counts) where the row has it, else in English.
  select n.id,
         coalesce(n.translations #>> array[l.code, 'title'], n.title),
         coalesce(n.translations #>> array[l.code, 'content'], n.content),
         n.source_url, n.source_url_screenshot, n.created_at, n.updated_at,
         case when n.translations ? l.code then l.code else 'en' end
    from public.news n
   cross join (select pg_catalog.lower(pg_catalog.split_part(pg_catalog.replace(locale, '_', '-'), '-', 1)) as code) l
$$;

COMMENT ON FUNCTION public.news_localized(locale text) IS 'The app''s news in a language, each article''s English where it has no text in that language (language says which).';

CREATE FUNCTION public.health_tips_localized(locale text) RETURNS TABLE(id uuid, tip text, created_at timestamp with time zone, updated_at timestamp with time zone, language text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select h.id, coalesce(h.translations #>> array[l.code, 'tip'], h.tip), h.created_at, h.updated_at,
         case when h.translations ? l.code then l.code else 'en' end
    from public.health_tips h
   cross join (select pg_catalog.lower(pg_catalog.split_part(pg_catalog.replace(locale, '_', '-'), '-', 1)) as code) l
$$;

COMMENT ON FUNCTION public.health_tips_localized(locale text) IS 'The app''s health tips in a language, each tip''s English where it has no text in that language (language says which).';

CREATE FUNCTION public.tags_localized(locale text) RETURNS TABLE(id uuid, key text, label text, icon text, color text, category text, is_active boolean, sort_order integer, created_at timestamp with time zone, updated_at timestamp with time zone, language text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select t.id, t.key, coalesce(t.translations #>> array[l.code, 'label'], t.label), t.icon, t.color,
         t.category, t.is_active, t.sort_order, t.created_at, t.updated_at,
         case when t.translations ? l.code then l.code else 'en' end
    from public.tags t
   cross join (select pg_catalog.lower(pg_catalog.split_part(pg_catalog.replace(locale, '_', '-'), '-', 1)) as code) l
$$;

COMMENT ON FUNCTION public.tags_localized(locale text) IS 'The app''s tags in a language, each label''s English where it has none in that language (language says which).';

CREATE INDEX news_title_hi_trgm_idx ON public.news USING gin (((translations -> 'hi'::text) ->> 'title'::text) extensions.gin_trgm_ops) WITH (fastupdate=off);
CREATE INDEX news_content_hi_trgm_idx ON public.news USING gin (((translations -> 'hi'::text) ->> 'content'::text) extensions.gin_trgm_ops) WITH (fastupdate=off);
CREATE INDEX health_tips_tip_hi_trgm_idx ON public.health_tips USING gin (((translations -> 'hi'::text) ->> 'tip'::text) extensions.gin_trgm_ops);
CREATE INDEX tags_label_hi_trgm_idx ON public.tags USING gin (((translations -> 'hi'::text) ->> 'label'::text) extensions.gin_trgm_ops);

REVOKE ALL ON FUNCTION public.grapheme_count(value text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.grapheme_count(value text) TO anon;
GRANT ALL ON FUNCTION public.grapheme_count(value text) TO authenticated;
GRANT ALL ON FUNCTION public.grapheme_count(value text) TO service_role;
REVOKE ALL ON FUNCTION public.translations_fit(translations jsonb, fields jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.translations_fit(translations jsonb, fields jsonb) TO anon;
GRANT ALL ON FUNCTION public.translations_fit(translations jsonb, fields jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.translations_fit(translations jsonb, fields jsonb) TO service_role;
REVOKE ALL ON FUNCTION public.news_localized(locale text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.news_localized(locale text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.news_localized(locale text) TO authenticated;
GRANT ALL ON FUNCTION public.news_localized(locale text) TO service_role;
REVOKE ALL ON FUNCTION public.health_tips_localized(locale text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.health_tips_localized(locale text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.health_tips_localized(locale text) TO authenticated;
GRANT ALL ON FUNCTION public.health_tips_localized(locale text) TO service_role;
REVOKE ALL ON FUNCTION public.tags_localized(locale text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.tags_localized(locale text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tags_localized(locale text) TO authenticated;
GRANT ALL ON FUNCTION public.tags_localized(locale text) TO service_role;
