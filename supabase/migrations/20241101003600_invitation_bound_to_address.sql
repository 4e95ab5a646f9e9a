-- An operator's invitation is for the address it was sent to, not for whoever holds the account.
--
-- Before, public.admin_accept_invitation() accepted for any session of the invited account that
-- began at an emailed link. Anyone could get such a session without the invitee's mailbox: sign up
-- with the invitee's address (Supabase Auth confirms the unconfirmed invited account and answers a
-- session for it), change the account's email to their own, recover that address and open the link.
-- With confirmations off, Supabase Auth completes an email change at either of secure email change's
-- two links (supabase/auth internal/api/verify.go emailChangeVerify), so the attacker could then
-- even put the invitee's address back with a link to their own mailbox.
--
-- 1. admin_users.invited_email: the address public.admin_add_operator() invited (the account's
--    email then, lower-cased). Invitations made before this migration have none and must be
--    renewed (the Team screen's Invite again), which sets it.
-- 2. private.follow_account_email_change(): an AFTER UPDATE OF email trigger on auth.users (as
--    private.sync_user_email(), 20241101001400_owner_emails.sql: security definer, so it writes as
--    the migration's role whoever changes auth.users). Whatever makes an address change (a followed
--    email_change link, an anonymous user's change, the admin API), a pending invitation of that
--    account is voided (invited_email cleared: only the owner's Invite again, which records the
--    account's address then and sends a link to it, makes it acceptable again), and an accepted
--    operator is deactivated until an owner activates them again on the Team screen, unless they
--    are the last active owner, whom nobody could activate again.
-- 3. public.admin_accept_invitation() accepts only when the account still holds the invited
--    address and the session began at an emailed link after the invitation was made. Since the
--    address cannot change without voiding the invitation, every link sent to the account since
--    the invitation went to the invited address; an invited account is an unconfirmed one
--    (admin_add_operator refuses a confirmed account without a pending row) and an address change
--    confirms an account, so before the invitation its links went there too.

alter table public.admin_users add column invited_email text;
comment on column public.admin_users.invited_email is
  'The address the invitation was sent to (the account''s email then, lower-cased). Only a session of the account holding it, begun at an emailed link after the invitation, accepts. Null for operators added by SQL and invitations made before it was recorded.';

create or replace function public.admin_add_operator(operator uuid, new_role text) returns public.admin_users
language plpgsql security definer
set search_path = ''
as $$
declare
  result public.admin_users;
  address text;
begin
  if not public.has_admin_role('owner') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if new_role is null or not private.is_operator_role(new_role) then
    raise exception 'Unknown role %', new_role using errcode = '22023';
  end if;
  select lower(u.email) into address from auth.users u where u.id = operator and u.deleted_at is null;
  if address is null then
    raise exception 'No such account' using errcode = 'P0002';
  end if;
  update public.admin_users a set role = new_role, invited_at = now(), invited_email = address
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
  insert into public.admin_users (user_id, role, invited_at, accepted_at, invited_email)
  values (operator, new_role, now(), null, address)
  returning * into result;
  return result;
end
$$;

create or replace function public.admin_accept_invitation() returns boolean
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
  if not exists (select 1 from public.admin_users a where a.user_id = auth.uid() and a.accepted_at is null) then
    return false;
  end if;
  update public.admin_users a set accepted_at = started
    from auth.users u
   where a.user_id = auth.uid() and a.accepted_at is null
     and u.id = a.user_id and a.invited_email = lower(u.email) and started >= a.invited_at;
  if not found then
    raise exception 'Open the link in your newest invitation email to accept it' using errcode = '42501';
  end if;
  delete from auth.sessions s where s.user_id = auth.uid() and s.id <> session_id;
  delete from auth.mfa_factors f where f.user_id = auth.uid();
  -- '' is Auth's "no password" (models.User.HasPassword); the page sets the invitee's next. A change
  -- of address asked for before the address was proven goes too, or its link could move the account
  -- away later: Auth keeps its state on auth.users and, on hosted, its tokens in auth.one_time_tokens
  -- (supabase/auth internal/models/one_time_token.go), which the local stand-in does not model.
  update auth.users u
     set encrypted_password = '', email_change = '', email_change_token_new = '',
         email_change_token_current = '', email_change_confirm_status = 0, updated_at = now()
   where u.id = auth.uid();
  if to_regclass('auth.one_time_tokens') is not null then
    execute 'delete from auth.one_time_tokens t where t.user_id = $1' using auth.uid();
  end if;
  return true;
end
$$;
comment on function public.admin_accept_invitation() is
  'Accepts the caller''s pending invitation (true), or false without one. Only a session of the account holding the invited address, begun at an emailed link after the invitation.';

create or replace function private.follow_account_email_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if old.email is not distinct from new.email then
    return null;
  end if;
  update public.admin_users a set invited_email = null where a.user_id = new.id and a.accepted_at is null;
  update public.admin_users a set is_active = false
   where a.user_id = new.id and a.is_active and a.accepted_at is not null
     and (a.role <> 'owner' or exists (
       select 1 from public.admin_users o
         join auth.users u on u.id = o.user_id
        where o.user_id <> new.id and o.role = 'owner' and o.is_active and o.accepted_at is not null
          and (u.banned_until is null or u.banned_until <= now()) and u.deleted_at is null
     ));
  return null;
end
$$;
revoke all on function private.follow_account_email_change() from public, anon, authenticated, service_role;
comment on function private.follow_account_email_change() is
  'auth.users trigger: a new address voids the account''s pending invitation until an owner renews it and deactivates an accepted operator (an owner activates them again), unless they are the last active owner.';

drop trigger if exists follow_account_email_change on auth.users;
create trigger follow_account_email_change
  after update of email on auth.users
  for each row execute function private.follow_account_email_change();
