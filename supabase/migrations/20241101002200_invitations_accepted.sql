-- Invitations count once the invitee accepted them through the emailed link (docs/architecture.md
-- "Operator roles", docs/deploying.md "Invitations"), and the team's invariants in the database.
--
-- Why: Supabase Auth's sign-up (supabase/auth internal/api/signup.go) finds an existing unconfirmed
-- account by email and, with email confirmations off, confirms it and returns a session for it
-- without asking for anything the address's owner holds. An invited account is exactly such an
-- account, so an operator row that counted from the invitation on would hand its rights to anyone
-- who signs up with the invitee's address first. Here a row grants nothing until a session that
-- came from an emailed link (the JWT's amr) accepts it.
--
-- 1. admin_users.invited_at (null for rows inserted by hand or by the seed) and accepted_at (null
--    while the invitation is pending; now() by default, so the first owner inserted by SQL on a
--    hosted project and the seed's operators count at once).
-- 2. private.is_admin_account() counts only accepted rows; is_admin(), admin_role(),
--    has_admin_role() and admin_mfa_status() all build on it. For a row accepted through an
--    invitation, is_admin() also asks that the request's session began no earlier than the
--    accepting one, so a session someone obtained before the invitee proved the address never
--    gains the rights.
-- 3. public.admin_accept_invitation(): only a session whose amr names an emailed link.
-- 4. The last-owner guard counts accepted, active, unbanned owners; an owner acts on an owner who
--    has a verified second factor only at aal2; admin_add_operator() never adds a confirmed account
--    that is not already a pending invitee (the invite-operator function's rule).

-- ---------------------------------------------------------------------------------------------
-- 1. The invitation's two dates

alter table public.admin_users
  add column invited_at timestamptz,
  add column accepted_at timestamptz default now();
comment on column public.admin_users.invited_at is
  'When the invite-operator function last invited this address (null for operators added by SQL).';
comment on column public.admin_users.accepted_at is
  'When the invitee accepted through the emailed link: the accepting session''s start. Null while pending; the row grants nothing until then.';

-- One definition of the roles in the database: the column's check and every function that takes a
-- role ask private.is_operator_role() (src/domain/operatorRoles.ts's OPERATOR_ROLES is the same
-- list; supabase/tests/operatorRoles.test.ts compares them).
create function private.is_operator_role(candidate text) returns boolean
language sql immutable
set search_path = ''
as $$ select candidate in ('owner', 'editor', 'support') $$;
-- Execute stays granted to everyone (it only compares its argument): a check constraint runs its
-- function as whoever writes the row, e.g. the service role that adds an operator in tests.
alter table public.admin_users
  drop constraint admin_users_role_known,
  add constraint admin_users_role_known check (private.is_operator_role(role));

-- Invitations sent before this migration and never opened stay pending (their accounts were never
-- confirmed); every other row was an operator already.
update public.admin_users a
   set accepted_at = null, invited_at = a.created_at
  from auth.users u
 where u.id = a.user_id and u.email_confirmed_at is null;

-- ---------------------------------------------------------------------------------------------
-- 2. Who is an operator

create or replace function private.is_admin_account(uid uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.admin_users a
      join auth.users u on u.id = a.user_id
     where a.user_id = uid
       and a.is_active
       and a.accepted_at is not null
       and (u.banned_until is null or u.banned_until <= now())
       and u.deleted_at is null
  )
$$;

-- The request's session may act for the operator: always for rows added by SQL; for a row accepted
-- through an invitation, only the accepting session and sessions that began later (every other
-- session of the account is deleted at acceptance, and a deleted one no longer counts). A token
-- without a session_id was not issued by Auth (only SQL-level tests and the service's own tokens
-- mint such claims, with the project's signing secret that can mint anything), so it is not asked.
create function private.session_may_operate(uid uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
    select a.invited_at is null
        or nullif(auth.jwt() ->> 'session_id', '') is null
        or exists (
             select 1 from auth.sessions s
              where s.id = (auth.jwt() ->> 'session_id')::uuid
                and s.user_id = uid
                and s.created_at >= a.accepted_at
           )
      from public.admin_users a
     where a.user_id = uid
  ), false)
$$;
revoke all on function private.session_may_operate(uuid) from public, anon, authenticated;

create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select private.is_admin_account(auth.uid())
     and private.session_may_operate(auth.uid())
     and (
       coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
       or (
         not private.has_verified_factor(auth.uid())
         and not coalesce((select s.mfa_required from public.admin_settings s where s.id = 1), false)
       )
     )
$$;

-- An account reads its own row once it counts: a pending invitation tells its account nothing
-- (not even the role it was invited to), so a session of a taken-over account learns nothing.
drop policy "Users read their own admin row" on public.admin_users;
create policy "Operators read their own accepted row" on public.admin_users for select to authenticated
  using (user_id = (select auth.uid()) and accepted_at is not null);

-- ---------------------------------------------------------------------------------------------
-- 3. Accepting an invitation

-- The authentication methods Supabase Auth records for a session that began from something sent
-- to the address (supabase/auth internal/models/factor.go, AuthenticationMethod.String): 'otp' for
-- a verified email link or code (internal/api/verify.go issues every implicit-flow and POST
-- verification as models.OTP), and the PKCE flow's per-type methods. Phone verifications are also
-- 'otp'; this project has no SMS provider, so no phone sign-in exists (docs/deploying.md).
create function private.session_came_from_email() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    exists (
      select 1 from jsonb_array_elements(
        case when jsonb_typeof(auth.jwt() -> 'amr') = 'array' then auth.jwt() -> 'amr' else '[]'::jsonb end
      ) claim
       where claim ->> 'method' in ('otp', 'invite', 'recovery', 'magiclink', 'email/signup')
    ),
    false
  )
$$;
revoke all on function private.session_came_from_email() from public, anon, authenticated;

-- Called by the admin's set-password page when the invitee (there from the invitation or a
-- password-reset link) saves a password, just before the page sets it. Whatever was done to the
-- account before the address was proven goes: every other session, every second factor (one
-- enrolled there would demand aal2 for the new password) and the password (one set there would
-- sign in). Whoever signed up with the address before the invitee keeps nothing. Audited through
-- admin_users' trigger.
create function public.admin_accept_invitation() returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  session_id uuid := nullif(auth.jwt() ->> 'session_id', '')::uuid;
  started timestamptz;
begin
  if auth.uid() is null or session_id is null or not private.session_came_from_email() then
    raise exception 'Open the link in your invitation email to accept it' using errcode = '42501';
  end if;
  select s.created_at into started from auth.sessions s where s.id = session_id and s.user_id = auth.uid();
  if started is null then
    raise exception 'Open the link in your invitation email to accept it' using errcode = '42501';
  end if;
  update public.admin_users a set accepted_at = started
   where a.user_id = auth.uid() and a.accepted_at is null;
  if not found then
    return false;
  end if;
  delete from auth.sessions s where s.user_id = auth.uid() and s.id <> session_id;
  delete from auth.mfa_factors f where f.user_id = auth.uid();
  -- '' is Auth's "no password" (models.User.HasPassword); the page sets the invitee's next.
  update auth.users u set encrypted_password = '', updated_at = now() where u.id = auth.uid();
  return true;
end
$$;
revoke all on function public.admin_accept_invitation() from public, anon;
grant execute on function public.admin_accept_invitation() to authenticated;
comment on function public.admin_accept_invitation() is
  'Accepts the caller''s pending invitation (true), or false without one. Only a session that began from an emailed link.';

-- ---------------------------------------------------------------------------------------------
-- 4. The team's invariants

-- At least one owner who can act: accepted, active, not banned, not deleted.
create or replace function private.keep_an_active_owner() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if exists (
    select 1
      from public.admin_users a
      join auth.users u on u.id = a.user_id
     where a.role = 'owner' and a.is_active and a.accepted_at is not null
       and (u.banned_until is null or u.banned_until <= now())
       and u.deleted_at is null
  ) then
    return null;
  end if;
  -- A table with no operators at all (a fresh project before its first owner) is no team to keep.
  if not exists (select 1 from public.admin_users) then
    return null;
  end if;
  raise exception 'The last active owner cannot be demoted or deactivated' using errcode = '42501';
end
$$;

-- An owner who protects their account with an authenticator app is changed (role, activity,
-- factors) only by an owner whose own session passed a second factor.
create function private.require_aal2_for_protected_owner(operator uuid) returns void
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.admin_users a where a.user_id = operator and a.role = 'owner')
     and private.has_verified_factor(operator)
     and coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
    raise exception 'Sign in with your authenticator app to change an owner who uses one'
      using errcode = '42501';
  end if;
end
$$;
revoke all on function private.require_aal2_for_protected_owner(uuid) from public, anon, authenticated;

create or replace function public.admin_set_operator_role(operator uuid, new_role text)
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
  if new_role is null or not private.is_operator_role(new_role) then
    raise exception 'Unknown role %', new_role using errcode = '22023';
  end if;
  perform private.require_aal2_for_protected_owner(operator);
  update public.admin_users a set role = new_role where a.user_id = operator returning * into result;
  if result is null then
    raise exception 'No such operator' using errcode = 'P0002';
  end if;
  return result;
end
$$;

create or replace function public.admin_set_operator_active(operator uuid, active boolean)
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
  if active is null then
    raise exception 'active must be true or false' using errcode = '22023';
  end if;
  perform private.require_aal2_for_protected_owner(operator);
  update public.admin_users a set is_active = active where a.user_id = operator returning * into result;
  if result is null then
    raise exception 'No such operator' using errcode = 'P0002';
  end if;
  return result;
end
$$;

create or replace function public.admin_reset_operator_factors(operator uuid)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  if not public.has_admin_role('owner') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if not exists (select 1 from public.admin_users a where a.user_id = operator) then
    raise exception 'No such operator' using errcode = 'P0002';
  end if;
  perform private.require_aal2_for_protected_owner(operator);
  with gone as (delete from auth.mfa_factors f where f.user_id = operator returning 1)
  select count(*) into removed from gone;
  insert into public.audit_log (actor_id, actor_email, action, resource, record_id, changes)
  values (auth.uid(), (select u.email from auth.users u where u.id = auth.uid()), 'factors_reset', 'admin_users',
          operator::text, jsonb_build_object('factors_removed', jsonb_build_object('old', removed, 'new', 0)));
  return removed;
end
$$;

-- The invite-operator function's rule in the database: an account that already exists and is
-- confirmed (an app user, or anyone who signed up) never becomes an operator here; Auth's invite
-- refuses it too. A pending invitation is renewed (its role is the latest invite's), whatever its
-- account's state: someone may have confirmed it by signing up with the address, and the row still
-- grants nothing until the invitee accepts through a link.
create or replace function public.admin_add_operator(operator uuid, new_role text)
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
  if new_role is null or not private.is_operator_role(new_role) then
    raise exception 'Unknown role %', new_role using errcode = '22023';
  end if;
  if not exists (select 1 from auth.users u where u.id = operator and u.deleted_at is null) then
    raise exception 'No such account' using errcode = 'P0002';
  end if;
  update public.admin_users a set role = new_role, invited_at = now()
   where a.user_id = operator and a.accepted_at is null
  returning a.* into result;
  -- found, not `result is not null`: a pending row has null columns, and a row value is "not null"
  -- only when every column is.
  if found then
    return result;
  end if;
  if exists (select 1 from public.admin_users a where a.user_id = operator) then
    raise exception 'Already an operator' using errcode = '23505';
  end if;
  if exists (select 1 from auth.users u where u.id = operator and u.email_confirmed_at is not null) then
    raise exception 'An existing account cannot be made an operator' using errcode = '23505';
  end if;
  insert into public.admin_users (user_id, role, invited_at, accepted_at) values (operator, new_role, now(), null)
  returning * into result;
  return result;
end
$$;

-- The Team screen's "Invited": the row is pending until accepted through its link.
create or replace function public.admin_team()
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
           u.last_sign_in_at, a.created_at, a.accepted_at is null
      from public.admin_users a
      join auth.users u on u.id = a.user_id
     order by a.created_at, a.user_id;
end
$$;
