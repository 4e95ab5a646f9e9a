-- What a hosted Supabase project already has before any migration runs: the API roles with their
-- hosted attributes and timeouts, the extensions schema, and GoTrue's auth schema as GoTrue's own
-- migrations (supabase/auth, migrations/*.up.sql) leave it: the tables this product or GoTrue's
-- sign-in, MFA and audit paths touch, with their columns, (absent) defaults, generated columns,
-- indexes, row level security and owner. Local stand-in and hosted model (scripts/hosted-model/)
-- only; never deployed, a hosted project provides the real thing. Idempotent, run as a superuser.

do $$
begin
  -- supabase/postgres init-scripts/00000000000000-initial-schema.sql creates these NOINHERIT;
  -- migrations/20230529180330_alter_api_roles_for_inherit.sql makes them INHERIT (below).
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin bypassrls;
  end if;
  -- PostgREST's connection role: not a superuser, inherits nothing, may only become an API role.
  -- On a Postgres server the stand-in's API requests connect as it. Made without a password, it
  -- can only log in where the server trusts local connections (README: giving it a password).
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  -- GoTrue connects as supabase_auth_admin, which owns the auth schema's tables and functions.
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole;
  end if;
end
$$;
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
grant anon, authenticated, service_role to authenticator;
-- Hosted timeouts (init-scripts 00000000000000, migrations 20221028101028 and 20231130133139):
-- PostgREST applies the impersonated role's settings per request, so a slow anonymous read fails
-- with 57014 after 3 s and a signed-in one after 8 s.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists pg_trgm with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant execute on functions to anon, authenticated, service_role;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin;

do $$
begin
  create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
exception
  when duplicate_object then null;
end
$$;
do $$
begin
  create type auth.factor_status as enum ('unverified', 'verified');
exception
  when duplicate_object then null;
end
$$;
do $$
begin
  create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
exception
  when duplicate_object then null;
end
$$;

-- GoTrue writes every column itself: no defaults for id, aud, role, the meta data or timestamps.
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz default null,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz default null,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz default null,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false,
  constraint users_pkey primary key (id)
);
-- A stand-in database made before this file modelled GoTrue's schema: bring its auth.users to
-- GoTrue's shape (as GoTrue's own migrations do, add column if not exists).
alter table auth.users
  add column if not exists phone_change_token varchar(255) default '',
  add column if not exists phone_change_sent_at timestamptz default null,
  add column if not exists confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  add column if not exists email_change_token_current varchar(255) default '',
  add column if not exists reauthentication_token varchar(255) default '',
  add column if not exists reauthentication_sent_at timestamptz default null,
  alter column id drop default,
  alter column aud drop default,
  alter column role drop default,
  alter column raw_app_meta_data drop default,
  alter column raw_user_meta_data drop default,
  alter column created_at drop default,
  alter column updated_at drop default,
  drop constraint if exists users_email_key;
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token)
  where confirmation_token !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token)
  where recovery_token !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx on auth.users (email_change_token_current)
  where email_change_token_current !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new)
  where email_change_token_new !~ '^[0-9 ]*$';
create unique index if not exists reauthentication_token_idx on auth.users (reauthentication_token)
  where reauthentication_token !~ '^[0-9 ]*$';
-- SSO accounts may share an email; every other account's email is unique.
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.instances (
  id uuid not null primary key,
  uuid uuid,
  raw_base_config text,
  created_at timestamptz,
  updated_at timestamptz
);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid not null primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);
create index if not exists audit_logs_instance_id_idx on auth.audit_log_entries (instance_id);

-- sessions.oauth_client_id references GoTrue's OAuth server tables, which this product does not
-- use and the stand-in does not model; the column is kept, its foreign key is not.
create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text,
  oauth_client_id uuid,
  refresh_token_hmac_key text,
  refresh_token_counter bigint,
  scopes text constraint sessions_scopes_length check (char_length(scopes) <= 4096)
);
alter table auth.sessions
  add column if not exists factor_id uuid,
  add column if not exists refreshed_at timestamp,
  add column if not exists user_agent text,
  add column if not exists ip inet,
  add column if not exists tag text,
  add column if not exists oauth_client_id uuid,
  add column if not exists refresh_token_hmac_key text,
  add column if not exists refresh_token_counter bigint,
  add column if not exists scopes text,
  alter column id drop default,
  alter column created_at drop default,
  alter column updated_at drop default,
  alter column aal drop default;
do $$
begin
  if (select atttypid from pg_attribute where attrelid = 'auth.sessions'::regclass and attname = 'aal') = 'text'::regtype then
    alter table auth.sessions alter column aal type auth.aal_level using aal::auth.aal_level;
  end if;
end
$$;
create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);
create index if not exists sessions_oauth_client_id_idx on auth.sessions (oauth_client_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) constraint refresh_tokens_token_unique unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
alter table auth.refresh_tokens
  add column if not exists instance_id uuid,
  alter column revoked drop default,
  alter column created_at drop default,
  alter column updated_at drop default;
create index if not exists refresh_tokens_instance_id_idx on auth.refresh_tokens (instance_id);
create index if not exists refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

create table if not exists auth.mfa_factors (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text default null,
  last_challenged_at timestamptz unique default null,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
  where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

create table if not exists auth.mfa_challenges (
  id uuid not null primary key,
  factor_id uuid not null constraint mfa_challenges_auth_factor_id_fkey
    references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null constraint amr_id_pk primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

-- GoTrue's 20240612123726_enable_rls_update_grants: row level security on, no policies, so only
-- GoTrue (the owner) and roles with BYPASSRLS (hosted postgres, service_role) see any row.
alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.instances enable row level security;
alter table auth.audit_log_entries enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.mfa_factors enable row level security;
alter table auth.mfa_challenges enable row level security;
alter table auth.mfa_amr_claims enable row level security;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

-- Owned by GoTrue's role as on a hosted project (supabase/postgres 20211115181400_update-auth-permissions).
do $$
declare
  object record;
begin
  for object in
    select c.relname from pg_class c
     where c.relnamespace = 'auth'::regnamespace and c.relkind in ('r', 'S')
       and pg_get_userbyid(c.relowner) <> 'supabase_auth_admin'
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))
  loop
    execute format('alter table auth.%I owner to supabase_auth_admin', object.relname);
  end loop;
  for object in
    select p.oid::regprocedure as signature from pg_proc p
     where p.pronamespace = 'auth'::regnamespace and pg_get_userbyid(p.proowner) <> 'supabase_auth_admin'
  loop
    execute format('alter function %s owner to supabase_auth_admin', object.signature);
  end loop;
  for object in
    select t.typname from pg_type t
     where t.typnamespace = 'auth'::regnamespace and t.typtype = 'e'
       and pg_get_userbyid(t.typowner) <> 'supabase_auth_admin'
  loop
    execute format('alter type auth.%I owner to supabase_auth_admin', object.typname);
  end loop;
end
$$;
