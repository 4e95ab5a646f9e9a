-- PostgREST's db-pre-request function (20241101001000_abuse.sql) runs before every request. It
-- asked is_admin() of every signed-in caller first, a read of admin_users and admin_settings on
-- each request; the answer matters only to a request that asks for a planned or estimated count.
-- Now the header is read first and is_admin() only asked then: the same refusals, to the same
-- callers, and an ordinary request no longer pays for the admin check.

create or replace function public.pre_request() returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return;
  end if;
  if coalesce(lower(coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json ->> 'prefer')
              ~ 'count=(planned|estimated)', false) is false then
    return;
  end if;
  -- Its own statement: anonymous callers are never admins and may not execute is_admin(), and
  -- Postgres checks that right when it prepares an expression, whether or not it evaluates the call.
  if current_user = 'authenticated' then
    if public.is_admin() then
      return;
    end if;
  end if;
  raise sqlstate 'PT403' using
    message = 'Planned and estimated counts are for admins only',
    hint = 'Ask for count=exact, which counts only the rows you can read';
end
$$;
