-- The hosted model's `postgres`, the role the Supabase CLI connects as. Run by supabase_admin (the
-- model's bootstrap superuser, as on a hosted project) after mocks/supabase/sql/platform.sql;
-- check.ts then gives it hosted postgres's rights from mocks/supabase/sql/migration-role.sql (the
-- stand-in gives the same rights to hosted_postgres). Login and REPLICATION are the attributes
-- supabase/postgres's 10000000000000_demote-postgres adds to those; its search_path is
-- init-scripts/00000000000003-post-setup's.
create role postgres login replication;
alter role postgres set search_path to "$user", public, extensions;
-- PostgREST's exposed schemas, which the Security Advisor reads too (hosted default).
alter role authenticator set pgrst.db_schemas = 'public, storage, graphql_public';
