-- A token's session_id that is not a uuid made public.admin_accept_invitation() raise 22P02 at its
-- cast (private.session_may_operate() already checked the form, with its own copy of the rule).
-- One definition, private.session_id(): such a claim names no session, so accepting is refused as
-- without the invitation link (supabase/tests/sessionIdClaim.test.ts).

CREATE FUNCTION private.session_id() RETURNS uuid
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  -- The token's session (auth.sessions' id), or null: a session_id that is not a uuid (a hand-made
  -- token) names no session, rather than failing the request at a cast. A CASE, since SQL may
  -- evaluate AND's operands in any order.
  select case
           when (auth.jwt() ->> 'session_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
           then (auth.jwt() ->> 'session_id')::uuid
         end
$_$;

revoke all on function private.session_id() from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION private.session_may_operate(uid uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return coalesce((
    select a.invited_at is null
        or nullif(auth.jwt() ->> 'session_id', '') is null
        or exists (
             select 1 from auth.sessions s
              where s.id = private.session_id()
                and s.user_id = uid
                and s.created_at >= a.accepted_at
           )
      from public.admin_users a
     where a.user_id = uid
  ), false);
end
$$;

CREATE OR REPLACE FUNCTION public.admin_accept_invitation() RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  session_id uuid := private.session_id();
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

