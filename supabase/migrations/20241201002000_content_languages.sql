-- Baseline: supabase/schemas/42_content_languages.sql as npm run db:squash wrote it (docs/schema-first.md).

-- Content in more languages than English: the app's localized reads, the Hindi search indexes.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

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
