-- LabelLens schema: every table of the product spec (§3) plus notifications, contact_messages,
-- user_devices and payments. Each validation rule of docs/product-rules.md is also a check
-- constraint here; the numbers match src/domain/limits.ts and src/domain/tags.ts
-- (supabase/tests/limits.test.ts proves they agree).

create extension if not exists pgcrypto with schema extensions;
create extension if not exists pg_trgm with schema extensions;

-- Keeps updated_at honest on every update, whoever writes.
create or replace function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- http(s) URL with a host: the only links the product stores or renders.
create or replace function public.is_http_url(value text) returns boolean
language sql immutable
set search_path = ''
as $$
  select value ~ '^https?://[^\s/?#]+[^\s]*$'
$$;

-- ---------------------------------------------------------------------------------------------
-- Admins

create table public.admin_users (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);

-- ---------------------------------------------------------------------------------------------
-- App users' data

create table public.profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null constraint profiles_name_not_blank check (name ~ '\S' and char_length(name) <= 100),
  avatar text,
  -- null or blank means Self
  relationship text constraint profiles_relationship_length check (char_length(relationship) <= 50),
  age integer constraint profiles_age_range check (age between 0 and 150),
  gender text constraint profiles_gender_length check (char_length(gender) <= 30),
  height numeric(5, 1) constraint profiles_height_range check (height > 0 and height < 300),
  weight numeric(5, 1) constraint profiles_weight_range check (weight > 0 and weight < 500),
  date_of_birth date,
  health_conditions text[] not null default '{}',
  allergies text[] not null default '{}',
  dietary_restrictions text[] not null default '{}',
  scans_count integer not null default 0 constraint profiles_scans_count_non_negative check (scans_count >= 0),
  avg_health_score numeric(5, 2) constraint profiles_avg_health_score_range check (avg_health_score between 0 and 100),
  last_scan_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.scans (
  id uuid primary key default gen_random_uuid(),
  -- null: an anonymous scan
  user_id uuid references auth.users (id) on delete cascade,
  name text constraint scans_name_length check (char_length(name) <= 200),
  description text,
  image_url text constraint scans_image_url_http check (image_url is null or public.is_http_url(image_url)),
  health_score integer constraint scans_health_score_range check (health_score between 0 and 100),
  category text constraint scans_category_length check (char_length(category) <= 50),
  analysis text,
  ingredients text[] not null default '{}',
  health_benefits text[] not null default '{}',
  health_risks text[] not null default '{}',
  allergens text[] not null default '{}',
  nutrition_facts jsonb constraint scans_nutrition_facts_object check (jsonb_typeof(nutrition_facts) = 'object'),
  healthy_recipe text,
  is_favorite boolean not null default false,
  created_at timestamptz not null default now()
);

create table public.chats (
  id uuid primary key default gen_random_uuid(),
  -- null: an anonymous chat
  user_id uuid references auth.users (id) on delete cascade,
  title text constraint chats_title_length check (char_length(title) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  chat_id uuid not null references public.chats (id) on delete cascade,
  role text not null constraint messages_role_not_blank check (role ~ '\S' and char_length(role) <= 20),
  content text not null,
  created_at timestamptz not null default now()
);

create table public.user_devices (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token text not null unique constraint user_devices_token_not_blank check (token ~ '\S' and char_length(token) <= 4096),
  platform text not null default 'android' constraint user_devices_platform_known check (platform in ('android', 'ios', 'web')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  amount numeric(12, 2) not null constraint payments_amount_positive check (amount > 0),
  currency text not null default 'INR' constraint payments_currency_iso check (currency ~ '^[A-Z]{3}$'),
  status text not null default 'succeeded'
    constraint payments_status_known check (status in ('pending', 'succeeded', 'failed', 'refunded')),
  created_at timestamptz not null default now()
);

-- ---------------------------------------------------------------------------------------------
-- Admin-managed content (rules in docs/product-rules.md)

create table public.news (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint news_title_length check (title ~ '\S' and char_length(title) <= 200),
  content text not null constraint news_content_not_blank check (content ~ '\S'),
  source_url text not null constraint news_source_url_http check (public.is_http_url(source_url)),
  -- optional; the UI stores an empty field as null
  source_url_screenshot text
    constraint news_source_url_screenshot_http check (source_url_screenshot is null or public.is_http_url(source_url_screenshot)),
  created_at timestamptz not null default now()
);

create table public.health_tips (
  id uuid primary key default gen_random_uuid(),
  tip text not null constraint health_tips_tip_length check (char_length(tip) between 10 and 1000),
  created_at timestamptz not null default now()
);

create table public.tags (
  id uuid primary key default gen_random_uuid(),
  key text not null unique constraint tags_key_length check (key ~ '\S' and char_length(key) <= 50),
  label text not null constraint tags_label_length check (label ~ '\S' and char_length(label) <= 100),
  icon text not null constraint tags_icon_length check (icon ~ '\S' and char_length(icon) <= 50),
  color text not null constraint tags_color_hex check (color ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'),
  category text not null
    constraint tags_category_length check (category ~ '\S' and char_length(category) <= 50)
    constraint tags_category_known
      check (category in ('general', 'nutrition', 'dietary', 'health', 'allergen', 'cuisine', 'preparation')),
  is_active boolean not null default true,
  sort_order integer not null default 0 constraint tags_sort_order_non_negative check (sort_order >= 0),
  created_at timestamptz not null default now()
);

-- ---------------------------------------------------------------------------------------------
-- Push history and the public contact form

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  title text not null constraint notifications_title_length check (title ~ '\S' and char_length(title) <= 50),
  body text not null constraint notifications_body_length check (body ~ '\S' and char_length(body) <= 200),
  data jsonb not null default '{}' constraint notifications_data_object check (jsonb_typeof(data) = 'object'),
  status text not null constraint notifications_status_known check (status in ('sent', 'failed')),
  message_id text,
  error text,
  sent_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  first_name text not null
    constraint contact_messages_first_name_length check (first_name ~ '\S' and char_length(first_name) <= 100),
  last_name text not null default ''
    constraint contact_messages_last_name_length check (char_length(last_name) <= 100),
  email text not null
    constraint contact_messages_email_valid
      check (char_length(email) <= 254 and email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'),
  subject text not null default '' constraint contact_messages_subject_length check (char_length(subject) <= 200),
  message text not null
    constraint contact_messages_message_length check (message ~ '\S' and char_length(message) <= 5000),
  status text not null default 'new' constraint contact_messages_status_known check (status in ('new', 'read', 'archived')),
  created_at timestamptz not null default now()
);

-- ---------------------------------------------------------------------------------------------
-- updated_at

create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();
create trigger chats_set_updated_at before update on public.chats
  for each row execute function public.set_updated_at();
create trigger user_devices_set_updated_at before update on public.user_devices
  for each row execute function public.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Indexes: newest-first lists, trigram search, foreign keys

create index scans_created_at_idx on public.scans (created_at desc);
create index scans_user_id_idx on public.scans (user_id);
-- every row (nulls too): count, average and bands of the dashboard in one index-only pass
create index scans_health_score_idx on public.scans (health_score);
create index scans_name_trgm_idx on public.scans using gin (name extensions.gin_trgm_ops);
create index scans_category_trgm_idx on public.scans using gin (category extensions.gin_trgm_ops);

create index profiles_created_at_idx on public.profiles (created_at desc);
create index profiles_user_id_idx on public.profiles (user_id);
create index profiles_name_trgm_idx on public.profiles using gin (name extensions.gin_trgm_ops);

create index chats_created_at_idx on public.chats (created_at desc);
create index chats_user_id_idx on public.chats (user_id);
create index chats_title_trgm_idx on public.chats using gin (title extensions.gin_trgm_ops);

create index messages_chat_id_created_at_idx on public.messages (chat_id, created_at);
create index messages_created_at_idx on public.messages (created_at desc);

create index user_devices_user_id_idx on public.user_devices (user_id);
create index user_devices_updated_at_idx on public.user_devices (updated_at desc);

create index payments_created_at_idx on public.payments (created_at desc);
create index payments_user_id_idx on public.payments (user_id);

create index news_created_at_idx on public.news (created_at desc);
create index news_title_trgm_idx on public.news using gin (title extensions.gin_trgm_ops);
create index news_content_trgm_idx on public.news using gin (content extensions.gin_trgm_ops);

create index health_tips_created_at_idx on public.health_tips (created_at desc);
create index health_tips_tip_trgm_idx on public.health_tips using gin (tip extensions.gin_trgm_ops);

create index tags_created_at_idx on public.tags (created_at desc);
create index tags_category_sort_order_idx on public.tags (category, sort_order);
create index tags_label_trgm_idx on public.tags using gin (label extensions.gin_trgm_ops);
create index tags_key_trgm_idx on public.tags using gin (key extensions.gin_trgm_ops);
create index tags_category_trgm_idx on public.tags using gin (category extensions.gin_trgm_ops);

create index notifications_created_at_idx on public.notifications (created_at desc);
create index notifications_user_id_idx on public.notifications (user_id);
create index notifications_sent_by_idx on public.notifications (sent_by);

create index contact_messages_created_at_idx on public.contact_messages (created_at desc);
