-- Local stand-in only, run after platform.sql: the rights a hosted project's `postgres` has, the
-- role the Supabase CLI and the dashboard run migrations and the seed as (supabase/postgres:
-- 10000000000000_demote-postgres, 20211115181400, 20230201083204, 20240606060239): no superuser,
-- BYPASSRLS, every right on the auth tables and GoTrue's functions, but no CREATE on schema auth
-- (hosted projects no longer let it create or alter objects there). The stand-in's own connection
-- is PGlite's bootstrap superuser `postgres`, so these rights go to hosted_postgres, which runs the
-- migrations and the seed (mocks/supabase/db/prepare.ts). The hosted model gives them to the real
-- `postgres` (scripts/hosted-model/roles.sql).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'hosted_postgres') then
    create role hosted_postgres nologin;
  end if;
end
$$;
alter role hosted_postgres nosuperuser createdb createrole bypassrls;
-- With ADMIN OPTION, as supabase/postgres's schema dumps show (`GRANT authenticator TO postgres WITH
-- ADMIN OPTION ...`): since Postgres 16, CREATEROLE alone no longer lets a role alter another, and a
-- migration sets PostgREST's per-role settings (`alter role authenticator set pgrst.db_pre_request`),
-- as Supabase's docs do from the SQL editor.
grant anon, authenticated, service_role, authenticator to hosted_postgres with admin option;
-- PostgREST's settings on authenticator (`alter role authenticator set pgrst.db_pre_request`, as
-- Supabase's docs run it from the SQL editor). A hosted project lets its `postgres` do that through
-- supautils (authenticator is a reserved role whose settings the privileged role may change); plain
-- Postgres asks a non-superuser for SET on the parameter, the nearest equivalent.
grant set on parameter "pgrst.db_pre_request" to hosted_postgres;
-- A hosted project's `postgres` owns its database (supabase/postgres migrations/db/migrate.sh:
-- `alter database postgres owner to postgres`), and so, as pg_database_owner, the schema public: it
-- may grant rights on public to others (the auth hooks migration's `grant usage on schema public
-- to supabase_auth_admin`). Only `grant all on public` here would leave such a grant a warning
-- that grants nothing.
do $$
begin
  execute format('grant all on database %I to hosted_postgres', current_database());
  execute format('alter database %I owner to hosted_postgres', current_database());
end
$$;
grant pg_read_all_data, pg_signal_backend to hosted_postgres;
grant usage on schema auth to hosted_postgres;
grant all on all tables in schema auth to hosted_postgres;
grant all on all sequences in schema auth to hosted_postgres;
grant all on all routines in schema auth to hosted_postgres;
grant all on schema extensions to hosted_postgres;
grant all on schema public to hosted_postgres;
-- Storage: hosted postgres has the tables with grant option (storage 0049) and writes policies on
-- storage.objects through supautils' policy_grants, which only a member of the owner can here.
grant usage on schema storage to hosted_postgres;
grant all on storage.buckets, storage.objects to hosted_postgres with grant option;
grant supabase_storage_admin to hosted_postgres;
-- Realtime: hosted postgres writes Realtime Authorization's policies on realtime.messages
-- (supautils' policy_grants), which only a member of the table's owner can here.
grant usage on schema realtime to hosted_postgres;
grant all on realtime.messages to hosted_postgres with grant option;
grant supabase_realtime_admin to hosted_postgres;
alter default privileges for role hosted_postgres in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges for role hosted_postgres in schema public
  grant all on sequences to anon, authenticated, service_role;
alter default privileges for role hosted_postgres in schema public
  grant execute on functions to anon, authenticated, service_role;

-- A database whose earlier migrations ran as the connection's superuser (the stand-in before it
-- ran them as hosted_postgres): hand their objects to hosted_postgres, so the later migrations may
-- replace them as they would on a hosted project, where `postgres` owns everything it created.
do $$
declare
  object record;
begin
  for object in
    select n.nspname from pg_namespace n
     where n.nspowner = (select oid from pg_roles where rolname = session_user) and n.nspname not in ('auth', 'extensions', 'supabase_migrations')
       and n.nspname not like 'pg\_%' and n.nspname <> 'information_schema'
  loop
    execute format('alter schema %I owner to hosted_postgres', object.nspname);
  end loop;
  for object in
    select c.oid::regclass as name, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relowner = (select oid from pg_roles where rolname = session_user)
       and (n.nspname = 'public' or n.nspowner = 'hosted_postgres'::regrole)
       and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))
  loop
    execute format('alter %s %s owner to hosted_postgres',
                   case object.relkind when 'v' then 'view' when 'm' then 'materialized view'
                                       when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end,
                   object.name);
  end loop;
  for object in
    select p.oid::regprocedure as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where p.proowner = (select oid from pg_roles where rolname = session_user)
       and (n.nspname = 'public' or n.nspowner = 'hosted_postgres'::regrole)
  loop
    execute format('alter routine %s owner to hosted_postgres', object.name);
  end loop;
end
$$;

-- A hosted project's `postgres` owns the supabase_realtime publication, so its migrations may add
-- tables to it.
alter publication supabase_realtime owner to hosted_postgres;
