-- Operators as a team: three roles the database enforces (docs/architecture.md: "Operator roles").
--
--                                    owner   editor   support
--   dashboard (aggregate figures)    yes     yes      yes
--   scans, profiles, chats, users    read    -        read
--   news, health tips, tags          write   write    read
--   contact inbox                    yes     -        yes
--   send notifications               yes     -        yes      (the send-notification function)
--   audit log                        all     own      own
--   team, settings                   yes     -        -
--
-- 1. public.admin_users.role. public.is_admin() keeps meaning "an active operator" (the aal2 rules
--    unchanged); public.admin_role() answers the active operator's role (null for anyone else) and
--    public.has_admin_role('owner', 'support') whether it is one of those. Policies call them in a
--    `(select ...)` so Postgres evaluates them once per statement.
-- 2. Every policy, admin view and admin RPC that exposed app users' data, the inbox, the push
--    history, the settings or the trail asks for the roles above instead of is_admin().
-- 3. The team RPCs (owners only, audited through admin_users' trigger): set an operator's role,
--    deactivate or reactivate one, reset one's second factor. No API role writes admin_users
--    directly, so nobody raises their own role; a trigger keeps at least one active owner.

-- ---------------------------------------------------------------------------------------------
-- 1. Roles

-- Existing rows (the operators who could do everything) become owners; a row inserted by SQL
-- without a role is an owner too, as the README's "first owner" step expects.
alter table public.admin_users
  add column role text not null default 'owner'
    constraint admin_users_role_known check (role in ('owner', 'editor', 'support'));
comment on column public.admin_users.role is
  'owner: everything; editor: news, health tips and tags; support: reads app users'' data, the inbox, pushes. Changed only through public.admin_set_operator_role().';

create function public.admin_role() returns text
language sql stable security definer
set search_path = ''
as $$
  select a.role from public.admin_users a where a.user_id = auth.uid() and public.is_admin()
$$;
revoke all on function public.admin_role() from public, anon;
grant execute on function public.admin_role() to authenticated, service_role;

create function public.has_admin_role(variadic roles text[]) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(public.admin_role() = any (roles), false)
$$;
revoke all on function public.has_admin_role(text[]) from public, anon;
grant execute on function public.has_admin_role(text[]) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- 2. Policies

-- App users' data: owners and support read; editors do not.
drop policy "Owners and admins read scans" on public.scans;
create policy "Owners and operators read scans" on public.scans for select to authenticated
  using (user_id = (select auth.uid()) or (select public.has_admin_role('owner', 'support')));
drop policy "Owners and admins read profiles" on public.profiles;
create policy "Owners and operators read profiles" on public.profiles for select to authenticated
  using (user_id = (select auth.uid()) or (select public.has_admin_role('owner', 'support')));
drop policy "Owners and admins read chats" on public.chats;
create policy "Owners and operators read chats" on public.chats for select to authenticated
  using (user_id = (select auth.uid()) or (select public.has_admin_role('owner', 'support')));
drop policy "Owners and admins read devices" on public.user_devices;
create policy "Owners and operators read devices" on public.user_devices for select to authenticated
  using (user_id = (select auth.uid()) or (select public.has_admin_role('owner', 'support')));
drop policy "Chat owners and admins read messages" on public.messages;
create policy "Chat owners and operators read messages" on public.messages for select to authenticated
  using ((select public.has_admin_role('owner', 'support'))
         or chat_id in (select c.id from public.chats c where c.user_id = (select auth.uid())));
drop policy "Owners and admins read payments" on public.payments;
create policy "Owners and operators read payments" on public.payments for select to authenticated
  using (user_id = (select auth.uid()) or (select public.has_admin_role('owner', 'support')));

-- Content: owners and editors write; every signed-in user reads (support included).
drop policy "Admins add news" on public.news;
drop policy "Admins change news" on public.news;
drop policy "Admins remove news" on public.news;
create policy "Writers add news" on public.news for insert to authenticated
  with check ((select public.has_admin_role('owner', 'editor')));
create policy "Writers change news" on public.news for update to authenticated
  using ((select public.has_admin_role('owner', 'editor'))) with check ((select public.has_admin_role('owner', 'editor')));
create policy "Writers remove news" on public.news for delete to authenticated
  using ((select public.has_admin_role('owner', 'editor')));

drop policy "Admins add health tips" on public.health_tips;
drop policy "Admins change health tips" on public.health_tips;
drop policy "Admins remove health tips" on public.health_tips;
create policy "Writers add health tips" on public.health_tips for insert to authenticated
  with check ((select public.has_admin_role('owner', 'editor')));
create policy "Writers change health tips" on public.health_tips for update to authenticated
  using ((select public.has_admin_role('owner', 'editor'))) with check ((select public.has_admin_role('owner', 'editor')));
create policy "Writers remove health tips" on public.health_tips for delete to authenticated
  using ((select public.has_admin_role('owner', 'editor')));

-- Inactive tags stay readable by every operator (support reads the whole list).
drop policy "Admins add tags" on public.tags;
drop policy "Admins change tags" on public.tags;
drop policy "Admins remove tags" on public.tags;
create policy "Writers add tags" on public.tags for insert to authenticated
  with check ((select public.has_admin_role('owner', 'editor')));
create policy "Writers change tags" on public.tags for update to authenticated
  using ((select public.has_admin_role('owner', 'editor'))) with check ((select public.has_admin_role('owner', 'editor')));
create policy "Writers remove tags" on public.tags for delete to authenticated
  using ((select public.has_admin_role('owner', 'editor')));

-- Push history and the contact inbox: owners and support.
drop policy "Admins read notifications" on public.notifications;
create policy "Operators who push read notifications" on public.notifications for select to authenticated
  using ((select public.has_admin_role('owner', 'support')));
drop policy "Admins read contact messages" on public.contact_messages;
drop policy "Admins triage contact messages" on public.contact_messages;
create policy "Inbox operators read contact messages" on public.contact_messages for select to authenticated
  using ((select public.has_admin_role('owner', 'support')));
create policy "Inbox operators triage contact messages" on public.contact_messages for update to authenticated
  using ((select public.has_admin_role('owner', 'support'))) with check ((select public.has_admin_role('owner', 'support')));

-- Settings: owners. The trail: owners all of it, other operators their own actions.
drop policy "Admins read settings" on public.admin_settings;
create policy "Owners read settings" on public.admin_settings for select to authenticated
  using ((select public.has_admin_role('owner')));
drop policy "Admins read the audit log" on public.audit_log;
create policy "Owners read the audit log, operators their own entries" on public.audit_log for select to authenticated
  using ((select public.has_admin_role('owner'))
         or (actor_id = (select auth.uid()) and (select public.is_admin())));

-- The team: everyone reads their own row (the sign-in check), owners every row.
create policy "Owners read the team" on public.admin_users for select to authenticated
  using ((select public.has_admin_role('owner')));

-- ---------------------------------------------------------------------------------------------
-- Admin views (definer views in admin_reads, each admitting its readers once per statement): the
-- same columns, names and order as 20241101001400_owner_emails.sql.

create or replace view admin_reads.scans as
  select s.*, u.email as owner_email
    from public.scans s
    left join private.user_emails u on u.user_id = s.user_id
   where (select public.has_admin_role('owner', 'support'));

create or replace view admin_reads.profiles as
  select p.*, u.email as owner_email
    from public.profiles p
    left join private.user_emails u on u.user_id = p.user_id
   where (select public.has_admin_role('owner', 'support'));

create or replace view admin_reads.chats as
  select c.*,
         u.email as owner_email,
         (select count(*) from public.messages m where m.chat_id = c.id)::integer as message_count
    from public.chats c
    left join private.user_emails u on u.user_id = c.user_id
   where (select public.has_admin_role('owner', 'support'));

create or replace view admin_reads.notifications as
  select n.id, n.user_id, recipient.email as recipient_email, n.title, n.body, n.data, n.status,
         n.message_id, n.error, n.sent_by, sender.email as sender_email, n.created_at
    from public.notifications n
    left join private.user_emails recipient on recipient.user_id = n.user_id
    left join private.user_emails sender on sender.user_id = n.sent_by
   where (select public.has_admin_role('owner', 'support'));

-- ---------------------------------------------------------------------------------------------
-- Admin RPCs. Their bodies stay where they are: each moves to the private schema unchanged (still
-- checking is_admin() itself) and a public function of the same signature asks for the role first.
-- admin_dashboard_stats() (aggregate figures) stays open to every operator.

alter function public.admin_list_users(text) set schema private;
revoke all on function private.admin_list_users(text) from public, anon, authenticated, service_role;
create function public.admin_list_users(search text default null)
returns table (
  id uuid, email text, phone text, email_confirmed_at timestamptz, phone_confirmed_at timestamptz,
  created_at timestamptz, updated_at timestamptz, last_sign_in_at timestamptz, provider text, role text,
  aud text, banned_until timestamptz
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.has_admin_role('owner', 'support') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return query select * from private.admin_list_users(search);
end
$$;
revoke all on function public.admin_list_users(text) from public, anon;
grant execute on function public.admin_list_users(text) to authenticated, service_role;

alter function public.admin_owner_ids(text[]) set schema private;
revoke all on function private.admin_owner_ids(text[]) from public, anon, authenticated, service_role;
create function public.admin_owner_ids(words text[])
returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.has_admin_role('owner', 'support') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return private.admin_owner_ids(words);
end
$$;
revoke all on function public.admin_owner_ids(text[]) from public, anon;
grant execute on function public.admin_owner_ids(text[]) to authenticated, service_role;
comment on function public.admin_owner_ids(text[]) is
  'For each word, the ids of the users whose email contains it (case-insensitive), or null past 50. Owners and support.';

-- Paging reads rows as the function's owner: each list only for the roles that read it.
alter function public.admin_page_rows(text, text, jsonb, integer, integer) set schema private;
revoke all on function private.admin_page_rows(text, text, jsonb, integer, integer)
  from public, anon, authenticated, service_role;
create function public.admin_page_rows(
  relation text, read_relation text, sort_terms jsonb, skip integer, take integer
)
returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not (
    case
      when relation in ('news', 'health_tips', 'tags') and read_relation in ('news', 'health_tips', 'tags')
        then public.is_admin()
      else public.has_admin_role('owner', 'support')
    end
  ) then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return private.admin_page_rows(relation, read_relation, sort_terms, skip, take);
end
$$;
revoke all on function public.admin_page_rows(text, text, jsonb, integer, integer) from public, anon;
grant execute on function public.admin_page_rows(text, text, jsonb, integer, integer) to authenticated, service_role;
comment on function public.admin_page_rows(text, text, jsonb, integer, integer) is
  'Rows skip..skip+take-1 of an admin list in the given order, found through an index only, read from the list''s table or view. Operators whose role reads the list.';

-- ---------------------------------------------------------------------------------------------
-- 3. The team

-- At least one active owner, whatever writes admin_users (an RPC, the SQL editor, a cascade from a
-- deleted auth user). Checked at the statement's end, so a swap in one statement passes.
create function private.keep_an_active_owner() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.admin_users where role = 'owner' and is_active) then
    return null;
  end if;
  -- A table with no operators at all (a fresh project before its first owner) is no team to keep.
  if not exists (select 1 from public.admin_users) then
    return null;
  end if;
  raise exception 'The last active owner cannot be demoted or deactivated' using errcode = '42501';
end
$$;
revoke all on function private.keep_an_active_owner() from public, anon, authenticated;
create constraint trigger admin_users_keep_an_owner after update or delete on public.admin_users
  deferrable initially immediate
  for each row execute function private.keep_an_active_owner();

-- Owners only, at the aal2 rules of is_admin(): the operators with their sign-in facts.
create function public.admin_team()
returns table (
  user_id uuid, email text, role text, is_active boolean, has_verified_factor boolean,
  last_sign_in_at timestamptz, created_at timestamptz
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
           u.last_sign_in_at, a.created_at
      from public.admin_users a
      join auth.users u on u.id = a.user_id
     order by a.created_at, a.user_id;
end
$$;
revoke all on function public.admin_team() from public, anon;
grant execute on function public.admin_team() to authenticated;

create function public.admin_set_operator_role(operator uuid, new_role text)
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
  if new_role is null or new_role not in ('owner', 'editor', 'support') then
    raise exception 'Unknown role %', new_role using errcode = '22023';
  end if;
  update public.admin_users a set role = new_role where a.user_id = operator returning * into result;
  if result is null then
    raise exception 'No such operator' using errcode = 'P0002';
  end if;
  return result;
end
$$;
revoke all on function public.admin_set_operator_role(uuid, text) from public, anon;
grant execute on function public.admin_set_operator_role(uuid, text) to authenticated;

-- Deactivation takes effect at the operator's next request: is_admin() reads the row each time.
create function public.admin_set_operator_active(operator uuid, active boolean)
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
  update public.admin_users a set is_active = active where a.user_id = operator returning * into result;
  if result is null then
    raise exception 'No such operator' using errcode = 'P0002';
  end if;
  return result;
end
$$;
revoke all on function public.admin_set_operator_active(uuid, boolean) from public, anon;
grant execute on function public.admin_set_operator_active(uuid, boolean) to authenticated;

-- A lost phone: the operator's factors go (GoTrue's admin "delete factor"), so their next sign-in
-- enrols a new one. Recorded in the trail, since auth.mfa_factors has no trigger of ours.
create function public.admin_reset_operator_factors(operator uuid)
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
  with gone as (delete from auth.mfa_factors f where f.user_id = operator returning 1)
  select count(*) into removed from gone;
  insert into public.audit_log (actor_id, actor_email, action, resource, record_id, changes)
  values (auth.uid(), (select u.email from auth.users u where u.id = auth.uid()), 'factors_reset', 'admin_users',
          operator::text, jsonb_build_object('factors_removed', jsonb_build_object('old', removed, 'new', 0)));
  return removed;
end
$$;
revoke all on function public.admin_reset_operator_factors(uuid) from public, anon;
grant execute on function public.admin_reset_operator_factors(uuid) to authenticated;

-- Settings: owners only (the body is 20241101001100_mfa_audit.sql's, behind the role check).
alter function public.update_admin_settings(boolean, integer) set schema private;
revoke all on function private.update_admin_settings(boolean, integer) from public, anon, authenticated, service_role;
create function public.update_admin_settings(mfa_required boolean default null, audit_retention_days integer default null)
returns public.admin_settings
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.has_admin_role('owner') then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return private.update_admin_settings(mfa_required, audit_retention_days);
end
$$;
revoke all on function public.update_admin_settings(boolean, integer) from public, anon;
grant execute on function public.update_admin_settings(boolean, integer) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- 4. The trail names what changed and who, as they were at the time

-- record_label: the record's name when the entry was written (an article's title, a tip's text, a
-- tag's label, an operator's email), kept after the record is deleted. actor_role: the actor's
-- operator role then (null for app users and Auth's own events), so the log filters by role.
alter table public.audit_log add column record_label text, add column actor_role text;
create index audit_log_actor_role_idx on public.audit_log (actor_role, occurred_at desc, id desc);

-- The same entry as 20241101001500_realtime.sql's (updated_at left out of the changed fields),
-- with the two new columns.
create or replace function private.audit_row_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - 'updated_at' end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - 'updated_at' end;
  row_now jsonb := coalesce(new_row, old_row);
  diff jsonb;
  actor uuid := auth.uid();
begin
  select coalesce(jsonb_object_agg(k.key, jsonb_build_object('old', old_row -> k.key, 'new', new_row -> k.key)), '{}')
    into diff
    from jsonb_object_keys(row_now) as k(key)
   where (old_row -> k.key) is distinct from (new_row -> k.key);
  if tg_op = 'UPDATE' and diff = '{}' then
    return null;
  end if;
  if actor is null and tg_table_name = 'notifications' then
    actor := (row_now ->> 'sent_by')::uuid;
  end if;
  insert into public.audit_log (actor_id, actor_email, actor_role, action, resource, record_id, record_label, changes)
  values (actor, (select u.email from auth.users u where u.id = actor),
          (select a.role from public.admin_users a where a.user_id = actor),
          lower(tg_op), tg_table_name, row_now ->> 'id',
          case tg_table_name
            when 'news' then row_now ->> 'title'
            when 'health_tips' then pg_catalog.left(row_now ->> 'tip', 120)
            when 'tags' then row_now ->> 'label'
            when 'admin_users' then (select u.email from auth.users u where u.id = (row_now ->> 'user_id')::uuid)
            when 'contact_messages' then row_now ->> 'email'
            when 'notifications' then row_now ->> 'title'
          end,
          diff);
  return null;
end
$$;
revoke all on function private.audit_row_change() from public, anon, authenticated;
