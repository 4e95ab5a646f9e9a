-- Supabase's Security Advisor, the lints of supabase/splinter (lints/00*.sql) this project can
-- trip, restated: every ERROR-level security lint, and the two WARN lints about SECURITY DEFINER
-- functions callable through the API. One row per finding: level, lint name, object. Expects
-- pgrst.db_schemas to hold the schemas PostgREST exposes (hosted default: public, storage,
-- graphql_public), as the advisor reads it. Run by scripts/hosted-model/check.ts on PostgreSQL 15
-- and by supabase/tests/advisor.test.ts on the stand-in.
with exposed as (
  select n.oid, n.nspname
    from pg_catalog.pg_namespace n
   where n.nspname = any (array(select trim(unnest(string_to_array(current_setting('pgrst.db_schemas', true), ',')))))
     and n.nspname not in ('auth', 'cron', 'extensions', 'graphql', 'graphql_public', 'information_schema', 'net',
                           'pgmq', 'pgsodium', 'pgsodium_masks', 'pgbouncer', 'pg_catalog', 'realtime', 'storage',
                           'supabase_functions', 'supabase_migrations', 'vault')
),
api_readable as (
  select c.oid, c.relname, c.relkind, c.relrowsecurity, c.reloptions, n.nspname
    from pg_catalog.pg_class c
    join exposed n on n.oid = c.relnamespace
   where (pg_catalog.has_table_privilege('anon', c.oid, 'SELECT')
          or pg_catalog.has_table_privilege('authenticated', c.oid, 'SELECT'))
     and not exists (select 1 from pg_catalog.pg_depend d where d.objid = c.oid and d.deptype = 'e')
),
invoker as (
  select oid from api_readable
   where lower(coalesce(reloptions::text, '{}'))::text[]
         && array['security_invoker=1', 'security_invoker=true', 'security_invoker=yes', 'security_invoker=on']
),
findings (level, name, object) as (
  -- 0002: a view or materialized view the API roles can read that exposes auth.users' rows.
  select 'ERROR', 'auth_users_exposed', v.nspname || '.' || v.relname
    from api_readable v
    join pg_catalog.pg_rewrite r on r.ev_class = v.oid
    join pg_catalog.pg_depend d on d.objid = r.oid and d.deptype = 'n' and d.refobjid = 'auth.users'::regclass
   where v.relkind = 'm'
      or (v.relkind = 'v' and (v.oid not in (select oid from invoker)
                               or not (select relrowsecurity from pg_catalog.pg_class where oid = 'auth.users'::regclass)))
   group by v.nspname, v.relname
  union all
  -- 0007: policies on a table whose row level security is off.
  select distinct 'ERROR', 'policy_exists_rls_disabled', n.nspname || '.' || c.relname
    from pg_catalog.pg_policy p
    join pg_catalog.pg_class c on c.oid = p.polrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where c.relkind = 'r' and not c.relrowsecurity
     and n.nspname not in ('auth', 'extensions', 'storage', 'realtime', 'vault', 'supabase_migrations', 'pg_catalog')
  union all
  -- 0010: a view in an exposed schema that runs with its owner's rights.
  select 'ERROR', 'security_definer_view', v.nspname || '.' || v.relname
    from api_readable v
   where v.relkind = 'v' and v.oid not in (select oid from invoker)
  union all
  -- 0013: an exposed table without row level security.
  select 'ERROR', 'rls_disabled_in_public', t.nspname || '.' || t.relname
    from api_readable t
   where t.relkind = 'r' and not t.relrowsecurity
  union all
  -- 0015: a policy that trusts user_metadata, which every user may edit.
  select 'ERROR', 'rls_references_user_metadata', p.schemaname || '.' || p.tablename || ': ' || p.policyname
    from pg_catalog.pg_policies p
   where p.schemaname not in ('auth', 'storage', 'realtime', 'vault')
     and (coalesce(p.qual, '') ~ 'auth\.jwt\(\).*user_metadata'
          or coalesce(p.qual, '') ~ 'current_setting\(.*request\.jwt\.claims.*\).*user_metadata'
          or coalesce(p.with_check, '') ~ 'auth\.jwt\(\).*user_metadata'
          or coalesce(p.with_check, '') ~ 'current_setting\(.*request\.jwt\.claims.*\).*user_metadata')
  union all
  -- 0021: a foreign key to a unique, non-primary key of an auth table (GoTrue may drop it).
  select 'ERROR', 'fkey_to_auth_unique', n.nspname || '.' || c_rel.relname || ': ' || c.conname
    from pg_catalog.pg_constraint c
    join pg_catalog.pg_class c_rel on c_rel.oid = c.conrelid
    join pg_catalog.pg_namespace n on n.oid = c_rel.relnamespace
    join pg_catalog.pg_class ref on ref.oid = c.confrelid
    join pg_catalog.pg_index i on i.indexrelid = c.conindid
   where c.contype = 'f' and ref.relnamespace = 'auth'::regnamespace and i.indisunique and not i.indisprimary
  union all
  -- 0023: an exposed table without row level security holding a column named like a secret.
  select distinct 'ERROR', 'sensitive_columns_exposed', t.nspname || '.' || t.relname
    from api_readable t
    join pg_catalog.pg_attribute a on a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped
   where t.relkind = 'r' and not t.relrowsecurity
     and replace(lower(a.attname), '-', '_') in (
       'password', 'passwd', 'pwd', 'passphrase', 'secret', 'secret_key', 'private_key', 'api_key', 'apikey',
       'auth_key', 'token', 'jwt', 'access_token', 'refresh_token', 'oauth_token', 'session_token', 'bearer_token',
       'auth_code', 'session_id', 'session_key', 'session_secret', 'recovery_code', 'backup_code',
       'verification_code', 'otp', 'two_factor', '2fa_secret', '2fa_code', 'ssn', 'social_security',
       'social_security_number', 'driver_license', 'drivers_license', 'license_number', 'passport_number',
       'passport_id', 'national_id', 'tax_id', 'credit_card', 'card_number', 'cvv', 'cvc', 'cvn', 'bank_account',
       'account_number', 'routing_number', 'iban', 'swift_code', 'bic', 'health_record', 'medical_record',
       'patient_id', 'insurance_number', 'health_insurance', 'medical_insurance', 'treatment', 'mac_address',
       'macaddr', 'imei', 'device_uuid', 'pgp_key', 'gpg_key', 'ssh_key', 'certificate', 'license_key',
       'activation_key', 'facial_recognition')
  union all
  -- 0028 and 0029: SECURITY DEFINER functions in an exposed schema that anon or authenticated may call.
  select 'WARN', r.lint, n.nspname || '.' || p.proname || '(' || pg_catalog.pg_get_function_identity_arguments(p.oid) || ')'
    from pg_catalog.pg_proc p
    join exposed n on n.oid = p.pronamespace
    cross join (values ('anon', 'anon_security_definer_function_executable'),
                       ('authenticated', 'authenticated_security_definer_function_executable')) as r (role, lint)
   where p.prosecdef and pg_catalog.has_function_privilege(r.role, p.oid, 'EXECUTE')
)
select level, name, object from findings order by level, name, object
