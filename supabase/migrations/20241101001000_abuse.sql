-- Abuse resistance: limits and guards that hold on hosted Supabase as well as on the local
-- stand-in, because they live in the database path every API request takes.

-- ---------------------------------------------------------------------------------------------
-- Only http(s) addresses for avatars (scans.image_url and the news URLs already have theirs): an
-- admin's browser never loads javascript:, data: or other schemes an app user chose. Existing
-- values that are not http(s) addresses are cleared first, so the constraint can be validated.

update public.profiles set avatar = null where avatar is not null and not public.is_http_url(avatar);
alter table public.profiles add constraint profiles_avatar_http
  check (avatar is null or public.is_http_url(avatar));

-- ---------------------------------------------------------------------------------------------
-- created_at of app users' rows is the database's time, whatever a client sends: a scan dated 2099
-- would stay on top of the dashboard's Recent Scans. Only API roles are overruled, so the seed and
-- migrations (run as postgres) and the service role keep the dates they write.

create or replace function public.created_at_from_database() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.created_at := now();
  else
    new.created_at := old.created_at;
  end if;
  return new;
end
$$;
revoke all on function public.created_at_from_database() from public;

do $$
declare
  t text;
begin
  foreach t in array array['profiles', 'scans', 'chats', 'messages', 'user_devices'] loop
    execute format(
      'create trigger %I before insert or update of created_at on public.%I for each row
         when (current_user in (''anon'', ''authenticated''))
         execute function public.created_at_from_database()',
      t || '_created_at_from_database', t);
  end loop;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Push data keys FCM refuses (the list of FCM_RESERVED_DATA_KEYS in src/domain/notification.ts).

create or replace function public.jsonb_has_fcm_reserved_key(value jsonb) returns boolean
language sql immutable
set search_path = ''
as $$
  select jsonb_typeof(value) = 'object'
     and exists (
       select 1 from jsonb_object_keys(value) k
        where k in ('from', 'notification', 'message_type', 'collapse_key')
           or k like 'google%' or k like 'gcm%')
$$;
revoke all on function public.jsonb_has_fcm_reserved_key(jsonb) from public;
-- check constraints call it as the writing role: only the service role writes notifications
grant execute on function public.jsonb_has_fcm_reserved_key(jsonb) to service_role;
alter table public.notifications add constraint notifications_data_fcm_keys
  check (not public.jsonb_has_fcm_reserved_key(data));

-- ---------------------------------------------------------------------------------------------
-- The contact form cannot be flooded: one message per request, and at most five per client
-- address per hour (CONTACT_RATE_LIMIT in src/domain/limits.ts), refused with HTTP 429 through
-- PostgREST's PT<status> SQLSTATEs. The address is the one the API gateway saw: Cloudflare's
-- cf-connecting-ip on hosted Supabase, x-real-ip from the local stand-in (which drops whatever a
-- client sent in either header). Submissions are counted in a schema the API does not expose.

create schema if not exists private;
revoke all on schema private from public;

create table if not exists private.contact_submissions (
  address text not null,
  submitted_at timestamptz not null default now()
);
create index if not exists contact_submissions_address_time_idx
  on private.contact_submissions (address, submitted_at);

create or replace function private.request_address() returns text
language sql stable
set search_path = ''
as $$
  select coalesce(
    nullif(h ->> 'cf-connecting-ip', ''),
    nullif(h ->> 'x-real-ip', ''),
    'unknown')
  from (select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json as h) headers
$$;

-- Row by row before insert: the sixth message from one address within an hour is refused, and so
-- is a whole array of messages (its rows are counted as they come).
create or replace function private.count_contact_submission() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  sender text := private.request_address();
begin
  delete from private.contact_submissions
   where address = sender and submitted_at < now() - interval '1 hour';
  if (select count(*) from private.contact_submissions where address = sender) >= 5 then
    raise sqlstate 'PT429' using
      message = 'Too many messages from this address: please try again in an hour',
      hint = 'At most 5 contact messages per address per hour';
  end if;
  insert into private.contact_submissions (address) values (sender);
  return new;
end
$$;

-- After the statement: a request that inserted more than one message is refused as a whole (the
-- seed, loaded as postgres, inserts many in one statement).
create or replace function private.one_contact_message_per_request() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and (select count(*) from new_messages) > 1 then
    raise sqlstate 'PT400' using
      message = 'One contact message per request',
      hint = 'Send each message in its own request';
  end if;
  return null;
end
$$;

-- Triggers fire without EXECUTE on their functions; no API role may call these directly.
revoke all on function private.request_address(), private.count_contact_submission(),
  private.one_contact_message_per_request() from public;

create trigger contact_messages_rate_limit before insert on public.contact_messages
  for each row when (current_user in ('anon', 'authenticated'))
  execute function private.count_contact_submission();
create trigger contact_messages_one_per_request after insert on public.contact_messages
  referencing new table as new_messages
  for each statement
  execute function private.one_contact_message_per_request();

-- ---------------------------------------------------------------------------------------------
-- No counts for rows a caller cannot read. Planned and estimated counts come from the planner,
-- which ignores one-time filters such as `where (select is_admin())` and sees every row's
-- statistics: a non-admin asking for one learned how many rows an admin view holds, even how many
-- people have a given health condition. PostgREST's db-pre-request function runs before every
-- request, in its transaction, as the request's role: it refuses those counts to anyone but an
-- admin (exact counts stay, row-level security limits them to readable rows).

create or replace function public.pre_request() returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return;
  end if;
  -- Its own statement: anonymous callers are never admins and may not execute is_admin(), and
  -- Postgres checks that right when it prepares an expression, whether or not it evaluates the call.
  if current_user = 'authenticated' then
    if public.is_admin() then
      return;
    end if;
  end if;
  if lower(coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json ->> 'prefer')
       ~ 'count=(planned|estimated)' then
    raise sqlstate 'PT403' using
      message = 'Planned and estimated counts are for admins only',
      hint = 'Ask for count=exact, which counts only the rows you can read';
  end if;
end
$$;
revoke all on function public.pre_request() from public;
grant execute on function public.pre_request() to anon, authenticated, service_role;

-- PostgREST reads its in-database configuration from the authenticator role (pgrst.*); the
-- notification makes a running PostgREST reload it (the stand-in reads it with its schema cache).
alter role authenticator set pgrst.db_pre_request = 'public.pre_request';
notify pgrst, 'reload config';
