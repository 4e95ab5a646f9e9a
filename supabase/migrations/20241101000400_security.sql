-- A ban takes effect at once. Access tokens are stateless JWTs that stay valid until they expire
-- (up to an hour), on Supabase as locally, so the admin check itself refuses a banned (or deleted)
-- user: every admin policy and admin RPC goes through public.is_admin().

create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.admin_users a
      join auth.users u on u.id = a.user_id
     where a.user_id = auth.uid()
       and a.is_active
       and (u.banned_until is null or u.banned_until <= now())
       and u.deleted_at is null
  )
$$;

revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;
