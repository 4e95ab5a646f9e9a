-- Owner emails we own: an admin's search of scans, profiles and chats matches the owner's email too.
--
-- The admin read views (20241101000900_hosted_platform.sql) joined auth.users for the owner's email.
-- auth.users belongs to Supabase Auth: we may not index it (hosted `postgres` has no CREATE on
-- schema auth), so a search by email read every user. private.user_emails is a copy we own, kept by
-- a trigger on auth.users, with a trigram index on lower(email); the views read it instead.
--
-- 1. private.user_emails(user_id, email): in schema private, which PostgREST does not expose and no
--    API role may use; row level security on and no policy, so even a grant by mistake reads
--    nothing. A user's row goes with the user (on delete cascade): GoTrue deletes users with a
--    DELETE, and soft deletion rewrites the email, which the update trigger follows.
-- 2. private.sync_user_email(): an AFTER INSERT OR UPDATE OF email trigger on auth.users. Security
--    definer, so it writes as the migration's role whoever changes auth.users (GoTrue connects as
--    supabase_auth_admin). Creating a trigger needs the TRIGGER right on the table, not CREATE on
--    the schema: hosted `postgres` has every right on the auth tables (supabase/postgres's
--    10000000000000_demote-postgres, and 20220609081115 "so that the postgres role can manage
--    auth tables triggers"; mocks/supabase/sql/migration-role.sql models it, and
--    `npm run check:hosted` creates it so). Postgres checks EXECUTE on a trigger function only
--    when the trigger is created, so no API role needs it.
-- 3. The admin views read the copy.
-- 4. public.admin_owner_ids(words): for each word of a search, the ids of the users whose email
--    contains it, or null when more than 50 do (so the ids keep the request's URL short). The
--    admin app adds `user_id in (ids)` to the word's conditions: an OR across the scan's own
--    trigram-indexed columns and its owner index, which Postgres serves with a BitmapOr, where an
--    OR over a joined column reads every row. Past 50 ids (a word like "gmail") the app matches
--    owner_email itself: right, only slower.
--    Security definer (row level security would keep ilike from the index, as in
--    20241101000900), checks is_admin() first; the words reach SQL as a bound array.

-- ---------------------------------------------------------------------------------------------
-- 1. The copy
create table if not exists private.user_emails (
  user_id uuid primary key references auth.users (id) on delete cascade,
  email text
);
comment on table private.user_emails is
  'Each auth user''s email, kept by a trigger on auth.users, trigram-indexed for the admin''s owner search.';
alter table private.user_emails enable row level security;
revoke all on private.user_emails from public, anon, authenticated;
grant select on private.user_emails to service_role;

create index if not exists user_emails_email_trgm_idx
  on private.user_emails using gin (lower(email) extensions.gin_trgm_ops);

-- ---------------------------------------------------------------------------------------------
-- 2. Kept by auth.users' trigger
create or replace function private.sync_user_email() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into private.user_emails as e (user_id, email)
  values (new.id, new.email)
  on conflict (user_id) do update set email = excluded.email
    where e.email is distinct from excluded.email;
  return null;
end
$$;
revoke all on function private.sync_user_email() from public, anon, authenticated, service_role;

drop trigger if exists sync_user_email on auth.users;
create trigger sync_user_email
  after insert or update of email on auth.users
  for each row execute function private.sync_user_email();

-- The users who exist already.
insert into private.user_emails (user_id, email)
select id, email from auth.users
on conflict (user_id) do update set email = excluded.email;

-- ---------------------------------------------------------------------------------------------
-- 3. The admin views read the copy: same columns, names and order.
create or replace view admin_reads.scans as
  select s.*, u.email as owner_email
    from public.scans s
    left join private.user_emails u on u.user_id = s.user_id
   where (select public.is_admin());

create or replace view admin_reads.profiles as
  select p.*, u.email as owner_email
    from public.profiles p
    left join private.user_emails u on u.user_id = p.user_id
   where (select public.is_admin());

create or replace view admin_reads.chats as
  select c.*,
         u.email as owner_email,
         (select count(*) from public.messages m where m.chat_id = c.id)::integer as message_count
    from public.chats c
    left join private.user_emails u on u.user_id = c.user_id
   where (select public.is_admin());

create or replace view admin_reads.notifications as
  select n.id, n.user_id, recipient.email as recipient_email, n.title, n.body, n.data, n.status,
         n.message_id, n.error, n.sent_by, sender.email as sender_email, n.created_at
    from public.notifications n
    left join private.user_emails recipient on recipient.user_id = n.user_id
    left join private.user_emails sender on sender.user_id = n.sent_by
   where (select public.is_admin());

-- ---------------------------------------------------------------------------------------------
-- 4. The owners a search's words name
create or replace function public.admin_owner_ids(words text[])
returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  max_ids constant integer := 50;
  word text;
  ids uuid[];
  result jsonb := '[]';
begin
  if not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if words is null or exists (select 1 from pg_catalog.unnest(words) w where w is null) then
    raise exception 'words must be an array of words' using errcode = '22023';
  end if;
  foreach word in array words loop
    -- Bounded work: past the 50th word, "too many to list" (the app then matches owner_email).
    if pg_catalog.jsonb_array_length(result) >= 50 then
      result := result || '[null]'::jsonb;
      continue;
    end if;
    -- No email is longer than auth.users.email's 255 characters: a longer word names no one.
    if pg_catalog.length(word) > 255 then
      result := result || '[[]]'::jsonb;
      continue;
    end if;
    -- Contains the word, case-insensitively and literally: LIKE's \ % _ escaped.
    ids := array(
      select e.user_id from private.user_emails e
       where pg_catalog.lower(e.email) like
             '%' || pg_catalog.regexp_replace(pg_catalog.lower(word), '([\\%_])', '\\\1', 'g') || '%'
       limit max_ids + 1);
    result := result || pg_catalog.jsonb_build_array(
      case when pg_catalog.cardinality(ids) > max_ids then null else pg_catalog.to_jsonb(ids) end);
  end loop;
  return result;
end
$$;

revoke all on function public.admin_owner_ids(text[]) from public, anon;
grant execute on function public.admin_owner_ids(text[]) to authenticated, service_role;

comment on function public.admin_owner_ids(text[]) is
  'For each word, the ids of the users whose email contains it (case-insensitive), or null past 50. Admins only.';
