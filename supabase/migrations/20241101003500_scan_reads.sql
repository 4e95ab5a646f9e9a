-- The operator checks every admin read asks, as PL/pgSQL: same rules, same answers, planned once
-- per connection instead of once per statement.
--
-- has_admin_role() (every admin view's WHERE and the "operators read" policies), admin_role() and
-- is_admin() (pre_request's check of an estimated count) were SQL functions calling SQL functions
-- five deep. A SECURITY DEFINER SQL function is never inlined, and Postgres parses and plans a SQL
-- function's body again in every statement that calls it: one has_admin_role() cost about 0.6 ms
-- of planning on PostgreSQL 15 (EXPLAIN ANALYZE: the InitPlan of admin_scans' first page), paid
-- twice per list page (the page and its count each read the view) and once more for
-- pre_request(), so most of the database's time for a 25-row page of a million scans. PL/pgSQL
-- keeps its statements' plans for the life of the connection: the same call costs about 0.2 ms
-- (`npm run bench`, docs/architecture.md "Budgets"). The bodies are the previous definitions'
-- (20241101000400_security.sql, 20241101001100_mfa_audit.sql, 20241101001700_operator_roles.sql,
-- 20241101002200_invitations_accepted.sql, 20241101003100_session_id_form.sql), each a RETURN of
-- the same expression; grants are kept by CREATE OR REPLACE.

create or replace function private.has_verified_factor(uid uuid) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return exists (select 1 from auth.mfa_factors f where f.user_id = uid and f.status = 'verified');
end
$$;
revoke all on function private.has_verified_factor(uuid) from public, anon, authenticated;

create or replace function private.is_admin_account(uid uuid) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return exists (
    select 1
      from public.admin_users a
      join auth.users u on u.id = a.user_id
     where a.user_id = uid
       and a.is_active
       and a.accepted_at is not null
       and (u.banned_until is null or u.banned_until <= now())
       and u.deleted_at is null
  );
end
$$;
revoke all on function private.is_admin_account(uuid) from public, anon, authenticated;

create or replace function private.session_may_operate(uid uuid) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return coalesce((
    select a.invited_at is null
        or nullif(auth.jwt() ->> 'session_id', '') is null
        or exists (
             select 1 from auth.sessions s
              where s.id = case
                      when (auth.jwt() ->> 'session_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                      then (auth.jwt() ->> 'session_id')::uuid
                    end
                and s.user_id = uid
                and s.created_at >= a.accepted_at
           )
      from public.admin_users a
     where a.user_id = uid
  ), false);
end
$$;
revoke all on function private.session_may_operate(uuid) from public, anon, authenticated;

create or replace function public.is_admin() returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return private.is_admin_account(auth.uid())
     and private.session_may_operate(auth.uid())
     and (
       coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
       or (
         not private.has_verified_factor(auth.uid())
         and not coalesce((select s.mfa_required from public.admin_settings s where s.id = 1), false)
       )
     );
end
$$;

create or replace function public.admin_role() returns text
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return (select a.role from public.admin_users a where a.user_id = auth.uid() and public.is_admin());
end
$$;

create or replace function public.has_admin_role(variadic roles text[]) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return coalesce(public.admin_role() = any (roles), false);
end
$$;
