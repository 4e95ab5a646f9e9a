-- Row-level security (docs/architecture.md, security model). Grants are explicit, so the result is the same on a hosted
-- project, where default privileges hand every new table to anon and authenticated:
-- first take everything away from the API roles, then give back exactly what each role may try,
-- and let the policies decide which rows.
--
-- Matrix (authenticated = a signed-in user; "admin" = an active admin_users row, public.is_admin()):
--   table             anon        app user (authenticated)                  admin (in addition)
--   scans             -           select/insert/update/delete own rows      select all
--   profiles          -           select/insert/update/delete own rows      select all
--   chats             -           select/insert/update/delete own rows      select all
--   messages          -           select/insert/update/delete in own chats  select all
--   user_devices      -           select/insert/update/delete own rows      select all
--   payments          -           select own (written by the payment backend, service role)
--                                                                           select all
--   news, health_tips -           select                                    insert/update/delete
--   tags              -           select active                             select all, insert/update/delete
--   notifications     -           -                                         select (rows inserted by the
--                                                                           send-notification function, service role)
--   contact_messages  insert      insert                                    select, update status only
--   admin_users       -           select own row                            (same; writable by no API role)
-- service_role bypasses RLS and may do everything (edge functions, payment backend, seeding).

create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.admin_users a where a.user_id = auth.uid() and a.is_active
  )
$$;

revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;
revoke all on function public.set_updated_at() from public, anon, authenticated;
revoke all on function public.is_http_url(text) from public;
-- check constraints call it as the writing role
grant execute on function public.is_http_url(text) to anon, authenticated, service_role;

-- Nothing for anyone, then the exact grants below.
revoke all on
  public.admin_users, public.profiles, public.scans, public.chats, public.messages, public.user_devices,
  public.payments, public.news, public.health_tips, public.tags, public.notifications, public.contact_messages
from public, anon, authenticated;

grant all on
  public.admin_users, public.profiles, public.scans, public.chats, public.messages, public.user_devices,
  public.payments, public.news, public.health_tips, public.tags, public.notifications, public.contact_messages
to service_role;

alter table public.admin_users enable row level security;
alter table public.profiles enable row level security;
alter table public.scans enable row level security;
alter table public.chats enable row level security;
alter table public.messages enable row level security;
alter table public.user_devices enable row level security;
alter table public.payments enable row level security;
alter table public.news enable row level security;
alter table public.health_tips enable row level security;
alter table public.tags enable row level security;
alter table public.notifications enable row level security;
alter table public.contact_messages enable row level security;

-- ---------------------------------------------------------------------------------------------
-- Owned by app users; admins read. `(select ...)` lets Postgres evaluate the helpers once per
-- statement instead of once per row.

grant select, insert, update, delete on public.scans, public.profiles, public.chats, public.user_devices
  to authenticated;

create policy "Owners and admins read scans" on public.scans for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
create policy "Owners add scans" on public.scans for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Owners change scans" on public.scans for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Owners remove scans" on public.scans for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "Owners and admins read profiles" on public.profiles for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
create policy "Owners add profiles" on public.profiles for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Owners change profiles" on public.profiles for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Owners remove profiles" on public.profiles for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "Owners and admins read chats" on public.chats for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
create policy "Owners add chats" on public.chats for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Owners change chats" on public.chats for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Owners remove chats" on public.chats for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "Owners and admins read devices" on public.user_devices for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
create policy "Owners add devices" on public.user_devices for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Owners change devices" on public.user_devices for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Owners remove devices" on public.user_devices for delete to authenticated
  using (user_id = (select auth.uid()));

-- Messages belong to whoever owns their chat (the subquery is itself limited by the chats policies).
grant select, insert, update, delete on public.messages to authenticated;
create policy "Chat owners and admins read messages" on public.messages for select to authenticated
  using ((select public.is_admin()) or chat_id in (select c.id from public.chats c where c.user_id = (select auth.uid())));
create policy "Chat owners add messages" on public.messages for insert to authenticated
  with check (chat_id in (select c.id from public.chats c where c.user_id = (select auth.uid())));
create policy "Chat owners change messages" on public.messages for update to authenticated
  using (chat_id in (select c.id from public.chats c where c.user_id = (select auth.uid()))) with check (chat_id in (select c.id from public.chats c where c.user_id = (select auth.uid())));
create policy "Chat owners remove messages" on public.messages for delete to authenticated
  using (chat_id in (select c.id from public.chats c where c.user_id = (select auth.uid())));

grant select on public.payments to authenticated;
create policy "Owners and admins read payments" on public.payments for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Admin-managed content: every signed-in user reads, admins write.

grant select, insert, update, delete on public.news, public.health_tips, public.tags to authenticated;

create policy "Signed-in users read news" on public.news for select to authenticated using (true);
create policy "Admins add news" on public.news for insert to authenticated with check ((select public.is_admin()));
create policy "Admins change news" on public.news for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins remove news" on public.news for delete to authenticated using ((select public.is_admin()));

create policy "Signed-in users read health tips" on public.health_tips for select to authenticated using (true);
create policy "Admins add health tips" on public.health_tips for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins change health tips" on public.health_tips for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins remove health tips" on public.health_tips for delete to authenticated
  using ((select public.is_admin()));

create policy "Users read active tags, admins all" on public.tags for select to authenticated
  using (is_active or (select public.is_admin()));
create policy "Admins add tags" on public.tags for insert to authenticated with check ((select public.is_admin()));
create policy "Admins change tags" on public.tags for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins remove tags" on public.tags for delete to authenticated using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Push history: written by the send-notification function with the service role.

grant select on public.notifications to authenticated;
create policy "Admins read notifications" on public.notifications for select to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Contact form: anyone may submit (status is not theirs to choose); admins read and triage.

grant insert (first_name, last_name, email, subject, message) on public.contact_messages to anon, authenticated;
grant select on public.contact_messages to authenticated;
grant update (status) on public.contact_messages to authenticated;

create policy "Anyone submits a contact message" on public.contact_messages for insert to anon, authenticated
  with check (status = 'new');
create policy "Admins read contact messages" on public.contact_messages for select to authenticated
  using ((select public.is_admin()));
create policy "Admins triage contact messages" on public.contact_messages for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Admin flags: each user sees only their own row (the admin login check); no API role writes.

grant select on public.admin_users to authenticated;
create policy "Users read their own admin row" on public.admin_users for select to authenticated
  using (user_id = (select auth.uid()));
