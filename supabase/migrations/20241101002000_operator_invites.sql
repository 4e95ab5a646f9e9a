-- Invitations: an owner adds an operator by email (the invite-operator edge function,
-- docs/architecture.md "Operator roles"). The function asks Supabase Auth to invite the address
-- (Auth creates the account and emails the link) and then calls public.admin_add_operator() with
-- the owner's own token, so the database checks the owner and the audit trail names them.

create function public.admin_add_operator(operator uuid, new_role text)
returns public.admin_users
language plpgsql security definer
set search_path = ''
as $$
declare
  result public.admin_users;
begin
  if not public.has_admin_role('owner') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if new_role is null or new_role not in ('owner', 'editor', 'support') then
    raise exception 'Unknown role %', new_role using errcode = '22023';
  end if;
  if not exists (select 1 from auth.users u where u.id = operator and u.deleted_at is null) then
    raise exception 'No such account' using errcode = 'P0002';
  end if;
  insert into public.admin_users (user_id, role) values (operator, new_role)
  on conflict (user_id) do nothing
  returning * into result;
  if result is not null then
    return result;
  end if;
  -- Invited again before accepting (the first link expired): the role is the latest invite's.
  update public.admin_users a set role = new_role
    from auth.users u
   where a.user_id = operator and u.id = operator and u.email_confirmed_at is null
  returning a.* into result;
  if result is null then
    raise exception 'Already an operator' using errcode = '23505';
  end if;
  return result;
end
$$;
revoke all on function public.admin_add_operator(uuid, text) from public, anon;
grant execute on function public.admin_add_operator(uuid, text) to authenticated;

-- The Team screen shows an invitation not yet accepted (no password chosen) as "Invited".
drop function public.admin_team();
create function public.admin_team()
returns table (
  user_id uuid, email text, role text, is_active boolean, has_verified_factor boolean,
  last_sign_in_at timestamptz, created_at timestamptz, invite_pending boolean
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.has_admin_role('owner') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return query
    select a.user_id, u.email::text, a.role, a.is_active, private.has_verified_factor(a.user_id),
           u.last_sign_in_at, a.created_at, u.email_confirmed_at is null
      from public.admin_users a
      join auth.users u on u.id = a.user_id
     order by a.created_at, a.user_id;
end
$$;
revoke all on function public.admin_team() from public, anon;
grant execute on function public.admin_team() to authenticated;
