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
grant anon, authenticated, service_role to hosted_postgres;
do $$
begin
  execute format('grant all on database %I to hosted_postgres', current_database());
end
$$;
grant pg_read_all_data, pg_signal_backend to hosted_postgres;
grant usage on schema auth to hosted_postgres;
grant all on all tables in schema auth to hosted_postgres;
grant all on all sequences in schema auth to hosted_postgres;
grant all on all routines in schema auth to hosted_postgres;
grant all on schema extensions to hosted_postgres;
grant all on schema public to hosted_postgres;
alter default privileges for role hosted_postgres in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges for role hosted_postgres in schema public
  grant all on sequences to anon, authenticated, service_role;
alter default privileges for role hosted_postgres in schema public
  grant execute on functions to anon, authenticated, service_role;
