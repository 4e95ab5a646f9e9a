-- Who may see and join "Also open by" (docs/architecture.md, "Realtime": "Presence on private
-- channels"). The edit dialogs of news, health tips and tags share presence on the *private*
-- Realtime channel `presence:<resource>:<id>`; Realtime Authorization (supabase/realtime,
-- lib/realtime/tenants/authorization.ex) lets a socket join a private channel only if a SELECT
-- policy on realtime.messages admits it for that topic (`realtime.topic()`), and track its presence
-- only if an INSERT policy does. No policy here admits the `broadcast` extension: the admin sends
-- no broadcasts.
--
-- 1. public.may_edit_record(resource, id): whether the caller may open that record's edit dialog:
--    an active operator whose role writes the resource (the same roles as the resource's write
--    policies, 20241101001700_operator_roles.sql), and the record exists.
-- 2. The presence policies on realtime.messages (topic `presence:<resource>:<id>`).
-- 3. public.admin_operator_emails(ids): the presence payload carries the user id only; an active
--    operator resolves the ids of other active operators to their email addresses through this
--    function, and nobody else learns anything from it.

-- ---------------------------------------------------------------------------------------------
-- 1. Who may open an edit dialog
create function public.may_edit_record(resource text, record_id text) returns boolean
language plpgsql stable
set search_path = ''
as $$
begin
  -- The resources with edit dialogs, by their admin names (src/domain/operatorRoles.ts,
  -- OPERATOR_ACCESS: owners and editors write them). The record must exist and be readable.
  if resource not in ('news', 'health-tips', 'tags') or not (select public.has_admin_role('owner', 'editor')) then
    return false;
  end if;
  return case resource
    when 'news' then exists (select 1 from public.news n where n.id::text = record_id)
    when 'health-tips' then exists (select 1 from public.health_tips h where h.id::text = record_id)
    when 'tags' then exists (select 1 from public.tags t where t.id::text = record_id)
  end;
end
$$;
revoke all on function public.may_edit_record(text, text) from public, anon;
grant execute on function public.may_edit_record(text, text) to authenticated, service_role;

-- `presence:<resource>:<id>` → whether the caller may open that record's edit dialog.
create function public.may_share_presence(topic text) returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(
    split_part(topic, ':', 1) = 'presence'
      and public.may_edit_record(split_part(topic, ':', 2), substr(topic, length(split_part(topic, ':', 2)) + 11)),
    false)
$$;
revoke all on function public.may_share_presence(text) from public, anon;
grant execute on function public.may_share_presence(text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- 2. Realtime Authorization: join (SELECT) and track (INSERT) on presence topics
create policy "Editors of a record see who else edits it" on realtime.messages
  for select to authenticated
  using (extension = 'presence' and (select public.may_share_presence((select realtime.topic()))));
create policy "Editors of a record show they edit it" on realtime.messages
  for insert to authenticated
  with check (extension = 'presence' and (select public.may_share_presence((select realtime.topic()))));

-- ---------------------------------------------------------------------------------------------
-- 3. Operators' names for "Also open by"
create function public.admin_operator_emails(operators uuid[])
returns table (user_id uuid, email text)
language sql stable security definer
set search_path = ''
as $$
  select u.id, u.email::text
    from auth.users u
   where u.id = any (operators[1:50])
     and private.is_admin_account(u.id)
     and public.is_admin()
   order by u.email
$$;
revoke all on function public.admin_operator_emails(uuid[]) from public, anon;
grant execute on function public.admin_operator_emails(uuid[]) to authenticated, service_role;
