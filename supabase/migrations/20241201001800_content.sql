-- Baseline: supabase/schemas/40_content.sql as npm run db:squash wrote it (docs/schema-first.md).

-- Admin-managed content the app reads: news, health tips, tags.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: grapheme_count(text); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: FUNCTION grapheme_count(value text); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.grapheme_count(value text) IS 'How many characters a reader sees in value (extended grapheme clusters): the unit of the content''s per-language length limits.';


--
-- Name: translations_fit(jsonb, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

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


--
-- Name: FUNCTION translations_fit(translations jsonb, fields jsonb); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.translations_fit(translations jsonb, fields jsonb) IS 'Whether a content row''s translations are well formed and each language''s texts are within the English field''s limits, counted in characters as read.';


--
-- Name: health_tips; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.health_tips (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    tip text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    translations jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT health_tips_tip_length CHECK (((char_length(tip) >= 10) AND (char_length(tip) <= 1000))),
    CONSTRAINT health_tips_tip_not_blank CHECK ((tip ~ '\S'::text)),
    CONSTRAINT health_tips_translations_fit CHECK (public.translations_fit(translations, '{"tip": [10, 1000]}'::jsonb))
);


--
-- Name: news; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.news (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    title text NOT NULL,
    content text NOT NULL,
    source_url text NOT NULL,
    source_url_screenshot text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    translations jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT news_content_not_blank CHECK ((content ~ '\S'::text)),
    CONSTRAINT news_source_url_http CHECK (public.is_http_url(source_url)),
    CONSTRAINT news_source_url_screenshot_http CHECK (((source_url_screenshot IS NULL) OR public.is_http_url(source_url_screenshot))),
    CONSTRAINT news_title_length CHECK (((title ~ '\S'::text) AND (char_length(title) <= 200))),
    CONSTRAINT news_translations_fit CHECK (public.translations_fit(translations, '{"title": [1, 200], "content": [1, null]}'::jsonb))
);


--
-- Name: news; Type: VIEW; Schema: admin_reads; Owner: -
--

CREATE VIEW admin_reads.news AS
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


--
-- Name: VIEW news; Type: COMMENT; Schema: admin_reads; Owner: -
--

COMMENT ON VIEW admin_reads.news IS 'The admin''s news list, read with the owner''s rights behind the operator gate, so that a search''s ilike is planned from the column statistics (docs/deploying.md, "How the admin views pass the advisor"); writes go to public.news.';


--
-- Name: admin_news; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.admin_news WITH (security_invoker='true') AS
 SELECT news.id,
    news.title,
    news.content,
    news.source_url,
    news.source_url_screenshot,
    news.created_at,
    news.updated_at,
    news.translations
   FROM admin_reads.news;


--
-- Name: tags; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tags (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    key text NOT NULL,
    label text NOT NULL,
    icon text NOT NULL,
    color text NOT NULL,
    category text NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    translations jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT tags_category_known CHECK ((category = ANY (ARRAY['general'::text, 'nutrition'::text, 'dietary'::text, 'health'::text, 'allergen'::text, 'cuisine'::text, 'preparation'::text]))),
    CONSTRAINT tags_category_length CHECK (((category ~ '\S'::text) AND (char_length(category) <= 50))),
    CONSTRAINT tags_color_hex CHECK ((color ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'::text)),
    CONSTRAINT tags_icon_length CHECK (((icon ~ '\S'::text) AND (char_length(icon) <= 50))),
    CONSTRAINT tags_key_length CHECK (((key ~ '\S'::text) AND (char_length(key) <= 50))),
    CONSTRAINT tags_label_length CHECK (((label ~ '\S'::text) AND (char_length(label) <= 100))),
    CONSTRAINT tags_sort_order_non_negative CHECK ((sort_order >= 0)),
    CONSTRAINT tags_translations_fit CHECK (public.translations_fit(translations, '{"label": [1, 100]}'::jsonb))
);


--
-- Name: health_tips health_tips_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.health_tips
    ADD CONSTRAINT health_tips_pkey PRIMARY KEY (id);


--
-- Name: news news_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news
    ADD CONSTRAINT news_pkey PRIMARY KEY (id);


--
-- Name: tags tags_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_key_key UNIQUE (key);


--
-- Name: tags tags_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_pkey PRIMARY KEY (id);


--
-- Name: health_tips_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX health_tips_created_at_idx ON public.health_tips USING btree (created_at DESC);


--
-- Name: health_tips_tip_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX health_tips_tip_trgm_idx ON public.health_tips USING gin (tip extensions.gin_trgm_ops);


--
-- Name: news_content_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_content_trgm_idx ON public.news USING gin (content extensions.gin_trgm_ops) WITH (fastupdate=off);


--
-- Name: news_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_created_at_idx ON public.news USING btree (created_at DESC);


--
-- Name: news_title_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_title_trgm_idx ON public.news USING gin (title extensions.gin_trgm_ops) WITH (fastupdate=off);


--
-- Name: tags_category_sort_order_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tags_category_sort_order_id_idx ON public.tags USING btree (category, sort_order, id);


--
-- Name: tags_category_sort_order_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tags_category_sort_order_idx ON public.tags USING btree (category, sort_order);


--
-- Name: tags_category_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tags_category_trgm_idx ON public.tags USING gin (category extensions.gin_trgm_ops);


--
-- Name: tags_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tags_created_at_idx ON public.tags USING btree (created_at DESC);


--
-- Name: tags_key_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tags_key_trgm_idx ON public.tags USING gin (key extensions.gin_trgm_ops);


--
-- Name: tags_label_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tags_label_trgm_idx ON public.tags USING gin (label extensions.gin_trgm_ops);
