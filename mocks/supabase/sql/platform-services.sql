-- The platform, continued (after mocks/supabase/sql/platform.sql, the roles and GoTrue's auth
-- schema): what Realtime and Storage leave on every hosted project before any migration runs.

-- Realtime's publication, empty, as supabase/postgres's initial schema creates it on every project
-- ("create publication supabase_realtime"); migrations add the tables that should be live.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- Realtime Authorization's schema as supabase/realtime's tenant migrations
-- (lib/realtime/tenants/repo/migrations/) leave it: realtime.messages, where private channels'
-- policies live (20240523004032 redefine_authorization_tables, 20241030150047 partitioning,
-- 20241108114728 uuid ids, 20260514120000 binary payloads) with row level security on and the API
-- roles' grants, and realtime.topic(), the channel a policy is asked about (Realtime sets
-- `realtime.topic` for the transaction before it runs the policies). Hosted partitions the table
-- by day (messages_YYYY_MM_DD); the stand-in keeps one table: Realtime's checks insert probe rows
-- and roll them back, and the stand-in stores no broadcast messages. Owned by
-- supabase_realtime_admin, as hosted.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin nologin noinherit noreplication;
  end if;
end
$$;
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_pkey primary key (id, inserted_at),
  constraint messages_payload_exclusive check (payload is null or binary_payload is null)
);
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable as $function$
  select nullif(current_setting('realtime.topic', true), '')::text;
$function$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

alter table realtime.messages owner to supabase_realtime_admin;
alter function realtime.topic() owner to supabase_realtime_admin;
alter schema realtime owner to supabase_realtime_admin;

-- Storage's schema as supabase/storage's tenant migrations (migrations/tenant/*.sql) leave it: the
-- buckets and objects tables with the columns the API writes, the path helpers policies call
-- (foldername, filename, extension), row level security on, the API roles' grants (0046), the
-- guard against deleting rows outside the API (0055), owned by supabase_storage_admin. Hosted
-- `postgres` may write policies on storage.objects (supautils' policy_grants on a hosted project;
-- here it is a member of the owner, see migration-role.sql).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin nologin noinherit createrole;
  end if;
end
$$;
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text
);
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $function$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$function$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $function$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$function$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $function$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$function$;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $function$
begin
  new.updated_at = now();
  return new;
end
$function$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute procedure storage.update_updated_at_column();

create or replace function storage.protect_delete() returns trigger
language plpgsql as $function$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$function$;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant execute on all functions in schema storage to anon, authenticated, service_role;
alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter schema storage owner to supabase_storage_admin;
do $$
declare
  object record;
begin
  for object in
    select p.oid::regprocedure as name from pg_proc p where p.pronamespace = 'storage'::regnamespace
  loop
    execute format('alter function %s owner to supabase_storage_admin', object.name);
  end loop;
end
$$;
