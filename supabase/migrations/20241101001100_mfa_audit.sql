-- Admins' second factor and the audit trail (docs/architecture.md: "Second factor" and "Audit trail").
--
-- 1. public.admin_settings: one row of back-office settings. mfa_required makes a verified TOTP
--    factor mandatory for every admin; audit_retention_days is how long the trail keeps entries.
--    Admins read it; no API role writes it except through update_admin_settings(), which is audited.
-- 2. public.is_admin() (its last definition) also asks for the session's assurance level: an admin
--    who has a verified factor, or every admin once mfa_required is on, is an admin only with an
--    aal2 access token (auth.jwt() ->> 'aal'), Supabase's "enforce for users who have opted in"
--    pattern. Every policy, admin view, admin RPC and the send-notification function go through it.
-- 3. public.audit_log: the trail. Triggers (security definer, so no client can skip them) record
--    every insert, update and delete of news, health tips, tags, admin users and settings, every
--    status change of a contact message and every push attempt and its outcome; a trigger on
--    auth.audit_log_entries copies Supabase Auth's sign-ins, sign-outs and factor events. Append-only
--    for every API role (select only, for admins); only rows past the retention period can be purged.

-- ---------------------------------------------------------------------------------------------
-- Settings

create table public.admin_settings (
  id smallint primary key default 1 constraint admin_settings_single_row check (id = 1),
  mfa_required boolean not null default false,
  audit_retention_days integer not null default 365
    constraint admin_settings_audit_retention_days_range check (audit_retention_days between 30 and 3650),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);
comment on table public.admin_settings is
  'Back-office settings (one row). Written only through public.update_admin_settings(); every change is in public.audit_log.';
insert into public.admin_settings (id) values (1);

alter table public.admin_settings enable row level security;
revoke all on public.admin_settings from public, anon, authenticated, service_role;
grant select on public.admin_settings to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Admin check with the assurance level

-- An active, unbanned, undeleted admin, whatever the session's assurance level (internal: the
-- gate below and admin_mfa_status() build on it; no API role calls it directly).
create function private.is_admin_account(uid uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.admin_users a
      join auth.users u on u.id = a.user_id
     where a.user_id = uid
       and a.is_active
       and (u.banned_until is null or u.banned_until <= now())
       and u.deleted_at is null
  )
$$;

create function private.has_verified_factor(uid uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from auth.mfa_factors f where f.user_id = uid and f.status = 'verified')
$$;

revoke all on function private.is_admin_account(uuid), private.has_verified_factor(uuid)
  from public, anon, authenticated;

create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select private.is_admin_account(auth.uid())
     and (
       coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
       or (
         not private.has_verified_factor(auth.uid())
         and not coalesce((select s.mfa_required from public.admin_settings s where s.id = 1), false)
       )
     )
$$;

revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to authenticated, service_role;

create policy "Admins read settings" on public.admin_settings for select to authenticated
  using ((select public.is_admin()));

-- What the admin screens need to route a signed-in account: whether it is an admin account at all,
-- the session's level, whether it has a verified factor and whether factors are mandatory. Only an
-- admin account learns the last two; anyone else gets nulls.
create function public.admin_mfa_status() returns json
language sql stable security definer
set search_path = ''
as $$
  select json_build_object(
    'is_admin_account', private.is_admin_account(auth.uid()),
    'aal', coalesce(auth.jwt() ->> 'aal', 'aal1'),
    'has_verified_factor',
      case when private.is_admin_account(auth.uid()) then private.has_verified_factor(auth.uid()) end,
    'mfa_required',
      case when private.is_admin_account(auth.uid())
           then (select s.mfa_required from public.admin_settings s where s.id = 1) end
  )
$$;
revoke all on function public.admin_mfa_status() from public, anon;
grant execute on function public.admin_mfa_status() to authenticated;

-- The one write path of the settings. Turning the factor mandatory needs the caller to have a
-- verified factor and an aal2 session, so no admin can lock every admin out by accident.
create function public.update_admin_settings(mfa_required boolean default null, audit_retention_days integer default null)
returns public.admin_settings
language plpgsql security definer
set search_path = ''
as $$
declare
  result public.admin_settings;
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if mfa_required and not (
    private.has_verified_factor(auth.uid()) and coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
  ) then
    raise exception 'Set up your own authenticator app and sign in with it before requiring one'
      using errcode = '42501';
  end if;
  update public.admin_settings s
     set mfa_required = coalesce(update_admin_settings.mfa_required, s.mfa_required),
         audit_retention_days = coalesce(update_admin_settings.audit_retention_days, s.audit_retention_days),
         updated_at = now(),
         updated_by = auth.uid()
   where s.id = 1
  returning * into result;
  return result;
end
$$;
revoke all on function public.update_admin_settings(boolean, integer) from public, anon;
grant execute on function public.update_admin_settings(boolean, integer) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The trail

create table public.audit_log (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  -- No foreign key: an entry outlives its actor and its record.
  actor_id uuid,
  actor_email text,
  action text not null,
  resource text not null,
  record_id text,
  -- Per changed field {"old": ..., "new": ...}; for auth events, GoTrue's traits.
  changes jsonb not null default '{}' constraint audit_log_changes_object check (jsonb_typeof(changes) = 'object'),
  ip_address text
);
comment on table public.audit_log is
  'Who changed what and when; written by triggers only, append-only, purged past admin_settings.audit_retention_days.';

-- The log's first page, and each filter's first page, are an index range read in (occurred_at, id)
-- order; a record's history is one range of (resource, record_id).
create index audit_log_occurred_at_id_idx on public.audit_log (occurred_at desc, id desc);
create index audit_log_record_idx on public.audit_log (resource, record_id, occurred_at desc, id desc);
create index audit_log_resource_idx on public.audit_log (resource, occurred_at desc, id desc);
-- By person: the screens filter on the email (GoTrue keeps emails lower-case), an exact match.
create index audit_log_actor_email_idx on public.audit_log (actor_email, occurred_at desc, id desc);
create index audit_log_action_idx on public.audit_log (action, occurred_at desc, id desc);
create index audit_log_actor_email_trgm_idx on public.audit_log using gin (actor_email extensions.gin_trgm_ops);
create index audit_log_record_id_trgm_idx on public.audit_log using gin (record_id extensions.gin_trgm_ops);

alter table public.audit_log enable row level security;
revoke all on public.audit_log from public, anon, authenticated, service_role;
grant select on public.audit_log to authenticated, service_role;
create policy "Admins read the audit log" on public.audit_log for select to authenticated
  using ((select public.is_admin()));

-- Even the owner cannot rewrite an entry, nor delete one the retention period still keeps.
create function private.audit_log_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and old.occurred_at < now() - make_interval(days => (
       select s.audit_retention_days from public.admin_settings s where s.id = 1)) then
    return old;
  end if;
  raise exception 'The audit log is append-only' using errcode = '42501';
end
$$;
create trigger audit_log_no_update before update on public.audit_log
  for each row execute function private.audit_log_append_only();
create trigger audit_log_no_delete before delete on public.audit_log
  for each row execute function private.audit_log_append_only();
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function private.audit_log_append_only();

-- Removes the entries older than the retention period; on a hosted project pg_cron runs it daily
-- (docs/architecture.md). Returns how many went.
create function private.purge_audit_log() returns bigint
language sql
set search_path = ''
as $$
  with gone as (
    delete from public.audit_log
     where occurred_at < now() - make_interval(days => (
       select s.audit_retention_days from public.admin_settings s where s.id = 1))
    returning 1
  )
  select count(*) from gone
$$;
revoke all on function private.purge_audit_log(), private.audit_log_append_only() from public, anon, authenticated;

-- One entry per changed row: who (the request's user; for a push, the admin who sent it), the table,
-- the row's id and, per field that changed, its old and new value (an insert lists every field as
-- new, a delete every field as old). An update that changes nothing is not recorded.
create function private.audit_row_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  diff jsonb;
  actor uuid := auth.uid();
begin
  select coalesce(jsonb_object_agg(k.key, jsonb_build_object('old', old_row -> k.key, 'new', new_row -> k.key)), '{}')
    into diff
    from jsonb_object_keys(coalesce(new_row, old_row)) as k(key)
   where (old_row -> k.key) is distinct from (new_row -> k.key);
  if tg_op = 'UPDATE' and diff = '{}' then
    return null;
  end if;
  if actor is null and tg_table_name = 'notifications' then
    actor := (coalesce(new_row, old_row) ->> 'sent_by')::uuid;
  end if;
  insert into public.audit_log (actor_id, actor_email, action, resource, record_id, changes)
  values (actor, (select u.email from auth.users u where u.id = actor), lower(tg_op), tg_table_name,
          coalesce(new_row, old_row) ->> 'id', diff);
  return null;
end
$$;
revoke all on function private.audit_row_change() from public, anon, authenticated;

create trigger news_audit after insert or update or delete on public.news
  for each row execute function private.audit_row_change();
create trigger health_tips_audit after insert or update or delete on public.health_tips
  for each row execute function private.audit_row_change();
create trigger tags_audit after insert or update or delete on public.tags
  for each row execute function private.audit_row_change();
create trigger admin_users_audit after insert or update or delete on public.admin_users
  for each row execute function private.audit_row_change();
create trigger admin_settings_audit after insert or update or delete on public.admin_settings
  for each row execute function private.audit_row_change();
create trigger contact_messages_status_audit after update of status on public.contact_messages
  for each row when (old.status is distinct from new.status) execute function private.audit_row_change();
create trigger notifications_audit after insert or update on public.notifications
  for each row execute function private.audit_row_change();

-- Supabase Auth's own audit entries (GoTrue's models.AuditLogEntry payload: actor_id,
-- actor_username, action, log_type, traits) join the trail; refreshed and revoked tokens and
-- challenges are left out (one per token refresh or code prompt: noise, not actions).
create function private.audit_auth_event() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  payload jsonb := new.payload::jsonb;
  action text := payload ->> 'action';
begin
  if action in ('token_refreshed', 'token_revoked', 'challenge_created') then
    return null;
  end if;
  insert into public.audit_log (occurred_at, actor_id, actor_email, action, resource, record_id, changes, ip_address)
  values (coalesce(new.created_at, now()), nullif(payload ->> 'actor_id', '')::uuid, payload ->> 'actor_username',
          action, 'auth', coalesce(payload -> 'traits' ->> 'factor_id', payload ->> 'actor_id'),
          coalesce(payload -> 'traits', '{}'), nullif(new.ip_address, ''));
  return null;
end
$$;
revoke all on function private.audit_auth_event() from public, anon, authenticated;
create trigger audit_log_entries_to_trail after insert on auth.audit_log_entries
  for each row execute function private.audit_auth_event();
