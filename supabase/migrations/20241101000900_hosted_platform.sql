-- Hosted platform (docs/deploying.md): a clean Security Advisor without losing indexed admin search.
--
-- 1. The admin read views in the exposed schema become security_invoker views. Supabase's
--    advisor reports an owner-rights view in an exposed schema as ERROR security_definer_view, and
--    one that joins auth.users as ERROR auth_users_exposed. A security_invoker view over the
--    tables' RLS policies cannot serve the admin's searches from the trigram indexes: Postgres
--    will not evaluate a non-leakproof operator such as ilike before a row level security qual,
--    so it cannot be an index condition and every search reads the whole table. So the rows come
--    from owner-rights views in schema admin_reads, which PostgREST does not expose: a privileged
--    read like an RPC, gated by (select public.is_admin()) (evaluated once, before any row is
--    read; a non-admin's query reads nothing), reachable only through the public views, which
--    the caller reads with their own rights (SELECT on the public view, on the admin_reads view,
--    EXECUTE on is_admin()). Same columns, names and order: the admin app does not change.
-- 2. EXECUTE only where a role needs it: no SECURITY DEFINER function in the exposed schema is
--    executable by anon. What remains (authenticated may call is_admin(), admin_list_users(),
--    admin_dashboard_stats(): the admin app is an authenticated user) is the advisor's WARN
--    authenticated_security_definer_function_executable, explained in docs/deploying.md.

-- ---------------------------------------------------------------------------------------------
-- 1. Admin reads
create schema if not exists admin_reads;
revoke all on schema admin_reads from public;
grant usage on schema admin_reads to authenticated;

create or replace view admin_reads.scans as
  select s.*, u.email::text as owner_email
    from public.scans s
    left join auth.users u on u.id = s.user_id
   where (select public.is_admin());

create or replace view admin_reads.profiles as
  select p.*, u.email::text as owner_email
    from public.profiles p
    left join auth.users u on u.id = p.user_id
   where (select public.is_admin());

create or replace view admin_reads.chats as
  select c.*,
         u.email::text as owner_email,
         (select count(*) from public.messages m where m.chat_id = c.id)::integer as message_count
    from public.chats c
    left join auth.users u on u.id = c.user_id
   where (select public.is_admin());

create or replace view admin_reads.notifications as
  select n.id, n.user_id, recipient.email::text as recipient_email, n.title, n.body, n.data, n.status,
         n.message_id, n.error, n.sent_by, sender.email::text as sender_email, n.created_at
    from public.notifications n
    left join auth.users recipient on recipient.id = n.user_id
    left join auth.users sender on sender.id = n.sent_by
   where (select public.is_admin());

revoke all on admin_reads.scans, admin_reads.profiles, admin_reads.chats, admin_reads.notifications
  from public, anon, authenticated;
grant select on admin_reads.scans, admin_reads.profiles, admin_reads.chats, admin_reads.notifications
  to authenticated;

-- The public views keep their INSTEAD OF triggers (writes refused with 42501) and their grants.
create or replace view public.admin_scans with (security_invoker = true) as
  select * from admin_reads.scans;
create or replace view public.admin_profiles with (security_invoker = true) as
  select * from admin_reads.profiles;
create or replace view public.admin_chats with (security_invoker = true) as
  select * from admin_reads.chats;
create or replace view public.admin_notifications with (security_invoker = true) as
  select * from admin_reads.notifications;

-- ---------------------------------------------------------------------------------------------
-- 2. EXECUTE where needed. is_admin() is called by policies for authenticated only (none for
--    anon) and by the admin views and RPCs; anon never needs it.
revoke execute on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;
