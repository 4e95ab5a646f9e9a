-- A token's session_id that is not a uuid (only the holder of the project's JWT secret can sign
-- one, e.g. a script's hand-made token) made private.session_may_operate() raise 22P02 at its
-- cast, so is_admin() and every policy built on it failed the whole request instead of answering
-- false. Such a session is no session of auth.sessions: it now counts as one that began before
-- acceptance. The body is 20241101002200_invitations_accepted.sql's otherwise; the cast happens
-- only after the form was checked (a CASE, since SQL may evaluate AND's operands in any order).

create or replace function private.session_may_operate(uid uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
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
  ), false)
$$;
revoke all on function private.session_may_operate(uuid) from public, anon, authenticated;
