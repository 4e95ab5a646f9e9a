-- News, health tips and tags in more languages than English (docs/architecture/content-languages.md):
-- a `translations` column per table, {"hi": {field: text}}, checked per language against the
-- English field's limits counted in grapheme clusters; the app's localized reads; Hindi search.

CREATE FUNCTION public.grapheme_count(value text) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path TO ''
    AS $$
  -- The characters a reader sees (Unicode's extended grapheme clusters, UAX #29), as the admin's
  -- Intl.Segmenter counts them (src/domain/graphemes.ts; supabase/tests/graphemes.test.ts compares the
  -- two): one match per cluster. A cluster is CR LF, a control alone, or a base and the marks that
  -- extend it (combining marks, vowel signs, virama, nukta, ZWJ/ZWNJ, variation selectors, skin
  -- tones), where a base is a Devanagari or Bengali conjunct (consonant, virama, consonant, with marks
  -- between: rule GB9c), a flag's pair of regional indicators, an emoji ZWJ sequence, or any other
  -- character. Other scripts' rarer rules (Hangul syllables, prepend marks) are not modelled: the
  -- limits it serves are for English and Hindi text.
  select pg_catalog.regexp_count(value, '\r\n|[\u0000-\u001f\u007f-\u009f]|(?:[\u0915-\u0939\u0958-\u095f\u0978-\u097f\u0995-\u09a8\u09aa-\u09b0\u09b2\u09b6-\u09b9\u09dc\u09dd\u09df\u09f0\u09f1](?:[\u0900-\u0902\u093a\u093c\u0941-\u0948\u0951-\u0957\u0962\u0963\u0981\u09bc\u09be\u09c1-\u09c4\u09d7\u09e2\u09e3\u09fe\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u064b-\u065f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f\U0001f3fb-\U0001f3ff\U000e0020-\U000e007f\u200d]*[\u094d\u09cd\u0acd\u0b4d\u0c4d\u0d4d][\u0900-\u0902\u093a\u093c\u0941-\u0948\u0951-\u0957\u0962\u0963\u0981\u09bc\u09be\u09c1-\u09c4\u09d7\u09e2\u09e3\u09fe\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u064b-\u065f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f\U0001f3fb-\U0001f3ff\U000e0020-\U000e007f\u200d\u094d\u09cd\u0acd\u0b4d\u0c4d\u0d4d]*[\u0915-\u0939\u0958-\u095f\u0978-\u097f\u0995-\u09a8\u09aa-\u09b0\u09b2\u09b6-\u09b9\u09dc\u09dd\u09df\u09f0\u09f1])*|[\U0001f1e6-\U0001f1ff][\U0001f1e6-\U0001f1ff]|[\U0001f000-\U0001f1e5\U0001f200-\U0001f3fa\U0001f400-\U0001faff\u2600-\u27bf\u231a-\u23ff\u00a9\u00ae\u203c\u2049\u2122\u2139\u2b50\u2b55](?:[\u0900-\u0902\u093a\u093c\u0941-\u0948\u0951-\u0957\u0962\u0963\u0981\u09bc\u09be\u09c1-\u09c4\u09d7\u09e2\u09e3\u09fe\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u064b-\u065f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f\U0001f3fb-\U0001f3ff\U000e0020-\U000e007f\u200d\u0903\u093b\u093e-\u0940\u0949-\u094c\u094e\u094f\u0982\u0983\u09bf\u09c0\u09c7\u09c8\u09cb\u09cc\u200c]*\u200d[\U0001f000-\U0001f1e5\U0001f200-\U0001f3fa\U0001f400-\U0001faff\u2600-\u27bf\u231a-\u23ff\u00a9\u00ae\u203c\u2049\u2122\u2139\u2b50\u2b55])*|[^\u0000-\u001f\u007f-\u009f])[\u0900-\u0902\u093a\u093c\u0941-\u0948\u0951-\u0957\u0962\u0963\u0981\u09bc\u09be\u09c1-\u09c4\u09d7\u09e2\u09e3\u09fe\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u064b-\u065f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f\U0001f3fb-\U0001f3ff\U000e0020-\U000e007f\u200d\u0903\u093b\u093e-\u0940\u0949-\u094c\u094e\u094f\u0982\u0983\u09bf\u09c0\u09c7\u09c8\u09cb\u09cc\u200c\u094d\u09cd\u0acd\u0b4d\u0c4d\u0d4d]*')
$$;



COMMENT ON FUNCTION public.grapheme_count(value text) IS 'How many characters a reader sees in value (extended grapheme clusters): the unit of the content''s per-language length limits.';



CREATE FUNCTION public.translations_fit(translations jsonb, fields jsonb) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
-- A content row's other languages: {"hi": {"tip": "…"}, …}, keyed by a language code other than
-- English (English is the row's own columns). Each language gives every field of `fields`
-- ({"tip": [min, max]}, max null for none) and no other, each a non-blank text whose length in
-- characters as read (grapheme clusters) is within its limits: the English column's limits.
declare
  locale text;
  texts jsonb;
  field text;
  limits jsonb;
  n integer;
begin
  if pg_catalog.jsonb_typeof(translations) <> 'object' then
    return false;
  end if;
  for locale, texts in select l.key, l.value from pg_catalog.jsonb_each(translations) l loop
    if locale !~ '^[a-z]{2,3}$' or locale = 'en' or pg_catalog.jsonb_typeof(texts) <> 'object'
       or (select count(*) from pg_catalog.jsonb_object_keys(texts)) <> (select count(*) from pg_catalog.jsonb_object_keys(fields)) then
      return false;
    end if;
    for field, limits in select f.key, f.value from pg_catalog.jsonb_each(fields) f loop
      if pg_catalog.jsonb_typeof(texts -> field) is distinct from 'string' or (texts ->> field) !~ '\S' then
        return false;
      end if;
      n := public.grapheme_count(texts ->> field);
      if n < (limits ->> 0)::integer or n > coalesce((limits ->> 1)::integer, n) then
        return false;
      end if;
    end loop;
  end loop;
  return true;
end
$$;



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
