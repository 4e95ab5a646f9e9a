-- Baseline: supabase/schemas/33_app_data_tables.sql as npm run db:squash wrote it (docs/schema-first.md).

-- The mobile app's data: its tables (after supabase/schemas/32_app_data_paging.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: chats; Type: VIEW; Schema: admin_reads; Owner: -
--

CREATE VIEW admin_reads.chats AS
 SELECT c.id,
    c.user_id,
    c.title,
    c.created_at,
    c.updated_at,
    u.email AS owner_email,
    (( SELECT count(*) AS count
           FROM public.messages m
          WHERE (m.chat_id = c.id)))::integer AS message_count
   FROM (public.chats c
     LEFT JOIN private.user_emails u ON ((u.user_id = c.user_id)))
  WHERE ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role);


--
-- Name: profiles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.profiles (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    name text NOT NULL,
    avatar text,
    relationship text,
    age integer,
    gender text,
    height numeric(5,1),
    weight numeric(5,1),
    date_of_birth date,
    health_conditions text[] DEFAULT '{}'::text[] NOT NULL,
    allergies text[] DEFAULT '{}'::text[] NOT NULL,
    dietary_restrictions text[] DEFAULT '{}'::text[] NOT NULL,
    scans_count integer DEFAULT 0 NOT NULL,
    avg_health_score numeric(5,2),
    last_scan_date timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    avatar_path text,
    CONSTRAINT profiles_age_range CHECK (((age >= 0) AND (age <= 150))),
    CONSTRAINT profiles_avatar_http CHECK (((avatar IS NULL) OR public.is_http_url(avatar))),
    CONSTRAINT profiles_avatar_path_relative CHECK (((avatar_path IS NULL) OR ((avatar_path ~ '^[^/]'::text) AND (avatar_path !~ '(^|/)\.\.?(/|$)'::text) AND (length(avatar_path) <= 1024)))),
    CONSTRAINT profiles_avg_health_score_range CHECK (((avg_health_score >= (0)::numeric) AND (avg_health_score <= (100)::numeric))),
    CONSTRAINT profiles_gender_length CHECK ((char_length(gender) <= 30)),
    CONSTRAINT profiles_height_range CHECK (((height > (0)::numeric) AND (height < (300)::numeric))),
    CONSTRAINT profiles_name_not_blank CHECK (((name ~ '\S'::text) AND (char_length(name) <= 100))),
    CONSTRAINT profiles_relationship_length CHECK ((char_length(relationship) <= 50)),
    CONSTRAINT profiles_scans_count_non_negative CHECK ((scans_count >= 0)),
    CONSTRAINT profiles_weight_range CHECK (((weight > (0)::numeric) AND (weight < (500)::numeric)))
);


--
-- Name: COLUMN profiles.avatar_path; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.profiles.avatar_path IS 'The avatar''s path in the avatars bucket (<user id>/<file>).';


--
-- Name: profiles; Type: VIEW; Schema: admin_reads; Owner: -
--

CREATE VIEW admin_reads.profiles AS
 SELECT p.id,
    p.user_id,
    p.name,
    p.avatar,
    p.relationship,
    p.age,
    p.gender,
    p.height,
    p.weight,
    p.date_of_birth,
    p.health_conditions,
    p.allergies,
    p.dietary_restrictions,
    p.scans_count,
    p.avg_health_score,
    p.last_scan_date,
    p.created_at,
    p.updated_at,
    u.email AS owner_email,
    p.avatar_path
   FROM (public.profiles p
     LEFT JOIN private.user_emails u ON ((u.user_id = p.user_id)))
  WHERE ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role);


--
-- Name: scans; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.scans (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid,
    name text,
    description text,
    image_url text,
    health_score integer,
    category text,
    analysis text,
    ingredients text[] DEFAULT '{}'::text[] NOT NULL,
    health_benefits text[] DEFAULT '{}'::text[] NOT NULL,
    health_risks text[] DEFAULT '{}'::text[] NOT NULL,
    allergens text[] DEFAULT '{}'::text[] NOT NULL,
    nutrition_facts jsonb,
    healthy_recipe text,
    is_favorite boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    image_path text,
    CONSTRAINT scans_category_length CHECK ((char_length(category) <= 50)),
    CONSTRAINT scans_health_score_range CHECK (((health_score >= 0) AND (health_score <= 100))),
    CONSTRAINT scans_image_path_relative CHECK (((image_path IS NULL) OR ((image_path ~ '^[^/]'::text) AND (image_path !~ '(^|/)\.\.?(/|$)'::text) AND (length(image_path) <= 1024)))),
    CONSTRAINT scans_image_url_http CHECK (((image_url IS NULL) OR public.is_http_url(image_url))),
    CONSTRAINT scans_name_length CHECK ((char_length(name) <= 200)),
    CONSTRAINT scans_nutrition_facts_object CHECK ((jsonb_typeof(nutrition_facts) = 'object'::text))
);


--
-- Name: COLUMN scans.image_path; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.scans.image_path IS 'The label photo''s path in the scan-images bucket (<user id>/<file>).';


--
-- Name: scans; Type: VIEW; Schema: admin_reads; Owner: -
--

CREATE VIEW admin_reads.scans AS
 SELECT s.id,
    s.user_id,
    s.name,
    s.description,
    s.image_url,
    s.health_score,
    s.category,
    s.analysis,
    s.ingredients,
    s.health_benefits,
    s.health_risks,
    s.allergens,
    s.nutrition_facts,
    s.healthy_recipe,
    s.is_favorite,
    s.created_at,
    u.email AS owner_email,
    s.image_path
   FROM (public.scans s
     LEFT JOIN private.user_emails u ON ((u.user_id = s.user_id)))
  WHERE ( SELECT public.has_admin_role(VARIADIC ARRAY['owner'::text, 'support'::text]) AS has_admin_role);


--
-- Name: row_counts; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.row_counts (
    table_name text NOT NULL,
    n bigint NOT NULL
);


--
-- Name: TABLE row_counts; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.row_counts IS 'Exact row counts of the tables the dashboard counts; maintained by triggers, read by admin_dashboard_stats().';


--
-- Name: scan_counts_hourly; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.scan_counts_hourly (
    hour timestamp with time zone NOT NULL,
    scans bigint NOT NULL
);


--
-- Name: TABLE scan_counts_hourly; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.scan_counts_hourly IS 'Scans per UTC hour of scans.created_at; maintained by triggers on public.scans, read by scans_created_between().';


--
-- Name: scan_stats_daily; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.scan_stats_daily (
    day date NOT NULL,
    scans bigint NOT NULL,
    scored bigint NOT NULL,
    score_sum bigint NOT NULL,
    excellent bigint NOT NULL,
    good bigint NOT NULL,
    fair bigint NOT NULL,
    poor bigint NOT NULL
);


--
-- Name: TABLE scan_stats_daily; Type: COMMENT; Schema: private; Owner: -
--

COMMENT ON TABLE private.scan_stats_daily IS 'Per UTC day of scans.created_at: scans, scans with a health_score, their sum and score bands. Maintained by triggers on public.scans; read by admin_dashboard_stats().';


--
-- Name: admin_chats; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.admin_chats WITH (security_invoker='true') AS
 SELECT chats.id,
    chats.user_id,
    chats.title,
    chats.created_at,
    chats.updated_at,
    chats.owner_email,
    chats.message_count
   FROM admin_reads.chats;


--
-- Name: admin_profiles; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.admin_profiles WITH (security_invoker='true') AS
 SELECT profiles.id,
    profiles.user_id,
    profiles.name,
    profiles.avatar,
    profiles.relationship,
    profiles.age,
    profiles.gender,
    profiles.height,
    profiles.weight,
    profiles.date_of_birth,
    profiles.health_conditions,
    profiles.allergies,
    profiles.dietary_restrictions,
    profiles.scans_count,
    profiles.avg_health_score,
    profiles.last_scan_date,
    profiles.created_at,
    profiles.updated_at,
    profiles.owner_email,
    profiles.avatar_path
   FROM admin_reads.profiles;


--
-- Name: admin_scans; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.admin_scans WITH (security_invoker='true') AS
 SELECT scans.id,
    scans.user_id,
    scans.name,
    scans.description,
    scans.image_url,
    scans.health_score,
    scans.category,
    scans.analysis,
    scans.ingredients,
    scans.health_benefits,
    scans.health_risks,
    scans.allergens,
    scans.nutrition_facts,
    scans.healthy_recipe,
    scans.is_favorite,
    scans.created_at,
    scans.owner_email,
    scans.image_path
   FROM admin_reads.scans;


--
-- Name: payments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    amount numeric(12,2) NOT NULL,
    currency text DEFAULT 'INR'::text NOT NULL,
    status text DEFAULT 'succeeded'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payments_amount_positive CHECK ((amount > (0)::numeric)),
    CONSTRAINT payments_currency_iso CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT payments_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'succeeded'::text, 'failed'::text, 'refunded'::text])))
);


--
-- Name: user_devices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_devices (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    token text NOT NULL,
    platform text DEFAULT 'android'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    locale text DEFAULT 'en'::text NOT NULL,
    CONSTRAINT user_devices_locale_known CHECK ((locale = ANY (ARRAY['en'::text, 'hi'::text]))),
    CONSTRAINT user_devices_platform_known CHECK ((platform = ANY (ARRAY['android'::text, 'ios'::text, 'web'::text]))),
    CONSTRAINT user_devices_token_not_blank CHECK (((token ~ '\S'::text) AND (char_length(token) <= 4096)))
);
