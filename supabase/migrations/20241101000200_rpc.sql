-- Admin RPCs (admin_list_users here, admin_dashboard_stats in the scale migration). Both are
-- security definer (they read across users, and admin_list_users reads auth.users, which no API
-- role may read), so each first refuses anyone but an active admin.
-- Execute is granted to authenticated only: anon gets permission denied before the function runs.

-- admin_dashboard_stats() is defined in 20241101000300_scale.sql, beside the summary it reads.

-- Users screen and notification picker: the auth users as an admin may see them, newest first.
-- search: case-insensitive substring of email, phone or id (blank = everyone). PostgREST's
-- limit/offset/order/count apply to the result.
create or replace function public.admin_list_users(search text default null)
returns table (
  id uuid,
  email text,
  phone text,
  email_confirmed_at timestamptz,
  phone_confirmed_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  last_sign_in_at timestamptz,
  provider text,
  role text,
  aud text,
  banned_until timestamptz
)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  needle text := lower(nullif(btrim(search), ''));
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;

  return query
    select u.id,
           u.email::text,
           u.phone,
           u.email_confirmed_at,
           u.phone_confirmed_at,
           u.created_at,
           u.updated_at,
           u.last_sign_in_at,
           coalesce(u.raw_app_meta_data ->> 'provider', 'email'),
           coalesce(u.role::text, 'authenticated'),
           u.aud::text,
           u.banned_until
      from auth.users u
     where u.deleted_at is null
       and (needle is null
            or strpos(lower(u.email), needle) > 0
            or strpos(lower(u.phone), needle) > 0
            or strpos(u.id::text, needle) > 0)
     order by u.created_at desc, u.id;
end
$$;

revoke all on function public.admin_list_users(text) from public, anon;
grant execute on function public.admin_list_users(text) to authenticated, service_role;
