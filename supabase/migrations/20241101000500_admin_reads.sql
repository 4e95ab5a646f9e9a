-- Admin reads (docs/architecture.md): what the read-only admin screens show beside each row,
-- one page at a time.
--
-- 1. admin_scans, admin_profiles, admin_chats gain owner_email (the owner's auth email, null for
--    an anonymous scan or chat); admin_chats gains message_count. Each stays a plain view gated by
--    (select is_admin()), so an ilike search on the base table's columns still reaches their
--    trigram indexes, and a count(*) that reads neither new column never evaluates them (the
--    planner removes a left join to a unique key that nothing reads). The owner comes from a left
--    join on auth.users' primary key rather than a scalar subquery: a page deep in the list pays
--    OFFSET for every row it skips, and a join probe costs about a fifth of a subquery run
--    (100,000 scans on PGlite, offset 50,000: 1.6-2.0 s with the subquery, 0.25-0.34 s joined).
--    A view over a join is not automatically updatable, so each view gets INSTEAD OF triggers
--    that refuse writes: a write then fails on the missing table grants (42501) as before,
--    instead of the rewriter's "cannot update view" (0A000).
-- 2. admin_list_users(search) keeps its columns and order, and searches like every other list:
--    each whitespace-separated word must appear, case-insensitively, in the email, the phone or
--    the id.

-- ---------------------------------------------------------------------------------------------
-- 1. Admin read views with owner and message count (new columns go last, as create or replace
--    view requires).
create or replace view public.admin_scans as
  select s.*, u.email::text as owner_email
    from public.scans s
    left join auth.users u on u.id = s.user_id
   where (select public.is_admin());

create or replace view public.admin_profiles as
  select p.*, u.email::text as owner_email
    from public.profiles p
    left join auth.users u on u.id = p.user_id
   where (select public.is_admin());

create or replace view public.admin_chats as
  select c.*,
         u.email::text as owner_email,
         (select count(*) from public.messages m where m.chat_id = c.id)::integer as message_count
    from public.chats c
    left join auth.users u on u.id = c.user_id
   where (select public.is_admin());

create or replace function private.refuse_admin_view_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'permission denied for view %', tg_table_name using errcode = '42501';
end;
$$;
revoke all on function private.refuse_admin_view_write() from public;

create trigger admin_scans_read_only instead of insert or update or delete on public.admin_scans
  for each row execute function private.refuse_admin_view_write();
create trigger admin_profiles_read_only instead of insert or update or delete on public.admin_profiles
  for each row execute function private.refuse_admin_view_write();
create trigger admin_chats_read_only instead of insert or update or delete on public.admin_chats
  for each row execute function private.refuse_admin_view_write();

revoke all on public.admin_scans, public.admin_profiles, public.admin_chats from public, anon, authenticated;
grant select on public.admin_scans, public.admin_profiles, public.admin_chats to authenticated;

-- ---------------------------------------------------------------------------------------------
-- 2. Users: every word of the search in the email, phone or id.
create or replace function public.admin_list_users(search text default null)
returns table (
  id uuid,
  email text,
  phone text,
  email_confirmed_at timestamptz,
  phone_confirmed_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  last_sign_in_at timestamptz,
  provider text,
  role text,
  aud text,
  banned_until timestamptz
)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  words text[] := array(select w from regexp_split_to_table(lower(coalesce(search, '')), '\s+') w where w <> '');
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;

  return query
    select u.id,
           u.email::text,
           u.phone,
           u.email_confirmed_at,
           u.phone_confirmed_at,
           u.created_at,
           u.updated_at,
           u.last_sign_in_at,
           coalesce(u.raw_app_meta_data ->> 'provider', 'email'),
           coalesce(u.role::text, 'authenticated'),
           u.aud::text,
           u.banned_until
      from auth.users u
     where u.deleted_at is null
       and not exists (
         select 1 from unnest(words) w
          where coalesce(strpos(lower(u.email), w), 0) = 0
            and coalesce(strpos(lower(u.phone), w), 0) = 0
            and strpos(u.id::text, w) = 0)
     order by u.created_at desc, u.id;
end
$$;

revoke all on function public.admin_list_users(text) from public, anon;
grant execute on function public.admin_list_users(text) to authenticated, service_role;
