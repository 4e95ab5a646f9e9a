-- Push history: the send-notification function records each attempt before it calls the push
-- service (status pending), then marks it sent or failed, so a delivered push always has its row.
-- The data payload gets FCM's rules (an object of string values, at most 4096 UTF-8 bytes of keys
-- and values), the same numbers as src/domain/notification.ts.

alter table public.notifications drop constraint notifications_status_known;
alter table public.notifications add constraint notifications_status_known
  check (status in ('pending', 'sent', 'failed'));
alter table public.notifications add constraint notifications_outcome_recorded
  check ((status <> 'sent' or message_id is not null) and (status <> 'failed' or error is not null));

-- True when every value of a JSON object is a string.
create or replace function public.jsonb_is_string_map(value jsonb) returns boolean
language sql immutable
set search_path = ''
as $$
  select jsonb_typeof(value) = 'object'
     and not exists (select 1 from jsonb_each(value) e where jsonb_typeof(e.value) <> 'string')
$$;

-- UTF-8 bytes of an object's keys plus its string values (how FCM sizes a data payload).
create or replace function public.jsonb_string_map_bytes(value jsonb) returns bigint
language sql immutable
set search_path = ''
as $$
  select coalesce(sum(octet_length(e.key) + octet_length(e.value #>> '{}')), 0)
    from jsonb_each(value) e
$$;

revoke all on function public.jsonb_is_string_map(jsonb), public.jsonb_string_map_bytes(jsonb) from public;
-- check constraints call them as the writing role: only the service role writes notifications
grant execute on function public.jsonb_is_string_map(jsonb), public.jsonb_string_map_bytes(jsonb)
  to service_role;

alter table public.notifications add constraint notifications_data_strings
  check (public.jsonb_is_string_map(data));
alter table public.notifications add constraint notifications_data_size
  check (public.jsonb_string_map_bytes(data) <= 4096);

-- The History tab: each notification with its recipient's and sender's email, which live in
-- auth.users where no API role may read. Like the admin_scans views, a plain view reads with its
-- owner's rights and admits only active admins through (select is_admin()). Read-only: the
-- notifications table itself stays writable by the service role alone.
create view public.admin_notifications as
  select n.id, n.user_id, recipient.email::text as recipient_email, n.title, n.body, n.data, n.status,
         n.message_id, n.error, n.sent_by, sender.email::text as sender_email, n.created_at
    from public.notifications n
    left join auth.users recipient on recipient.id = n.user_id
    left join auth.users sender on sender.id = n.sent_by
   where (select public.is_admin());

revoke all on public.admin_notifications from public, anon, authenticated;
grant select on public.admin_notifications to authenticated;
