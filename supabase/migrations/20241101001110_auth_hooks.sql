-- Failed sign-ins and failed second-factor codes in the audit trail (docs/architecture.md, "Audit
-- trail"). Supabase Auth writes no auth.audit_log_entries row for a wrong password or a wrong code,
-- but it calls two Postgres-function auth hooks on every attempt of an existing user:
--   * Password Verification Attempt: {"metadata": {...}, "user_id": ..., "valid": true|false}
--   * MFA Verification Attempt: {"metadata": {...}, "user_id": ..., "factor_id": ..., "factor_type": ..., "valid": ...}
-- GoTrue runs `select public.hook_...($1::jsonb)` as supabase_auth_admin and reads the decision:
-- "continue" lets it go on (its own rate limits stay in charge), "reject" refuses the attempt.
-- Each hook records a failed attempt (valid = false) and always continues. Enabled in
-- supabase/config.toml ([auth.hook.password_verification_attempt] and
-- [auth.hook.mfa_verification_attempt]); on a hosted project, in the dashboard (docs/deploying.md).
--
-- Security definer, so supabase_auth_admin gets no write on the trail beyond these two functions
-- (the trail stays append-only and written by the database alone); only supabase_auth_admin may call
-- them, as Supabase documents for hook functions.

grant usage on schema public to supabase_auth_admin;

create function private.audit_failed_attempt(event jsonb, action text, record_id text) returns void
language sql security definer
set search_path = ''
as $$
  insert into public.audit_log (actor_id, actor_email, action, resource, record_id, changes, ip_address)
  select u.id, u.email, action, 'auth', record_id,
         jsonb_strip_nulls(jsonb_build_object('factor_type', event ->> 'factor_type')),
         nullif(event -> 'metadata' ->> 'ip_address', '')
    from auth.users u
   where u.id = (event ->> 'user_id')::uuid
$$;
revoke all on function private.audit_failed_attempt(jsonb, text, text) from public, anon, authenticated;

create function public.hook_password_verification_attempt(event jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
begin
  if not coalesce((event ->> 'valid')::boolean, false) then
    perform private.audit_failed_attempt(event, 'sign_in_failed', event ->> 'user_id');
  end if;
  return jsonb_build_object('decision', 'continue');
end
$$;

create function public.hook_mfa_verification_attempt(event jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
begin
  if not coalesce((event ->> 'valid')::boolean, false) then
    perform private.audit_failed_attempt(event, 'mfa_verification_failed', event ->> 'factor_id');
  end if;
  return jsonb_build_object('decision', 'continue');
end
$$;

grant execute on function public.hook_password_verification_attempt(jsonb), public.hook_mfa_verification_attempt(jsonb)
  to supabase_auth_admin;
revoke execute on function public.hook_password_verification_attempt(jsonb), public.hook_mfa_verification_attempt(jsonb)
  from authenticated, anon, public;
