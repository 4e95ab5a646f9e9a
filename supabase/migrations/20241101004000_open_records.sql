-- "Also open by" names only operators whose own session said so (docs/architecture.md, "Realtime":
-- "Presence on private channels").
--
-- Realtime presence carries whatever its client tracks: an operator allowed on a record's private
-- channel `presence:<resource>:<id>` could track a colleague's user id (that colleague then appeared
-- under "Also open by" on everyone's dialog) or track nothing. Presence is now only the signal to
-- read again; who has a record open is a row of public.open_records, which an edit dialog writes and
-- keeps fresh under row-level security as itself (`user_id` is auth.uid(), checked by the policies;
-- `expires_at` is set by the database on every write, so a tab that crashed drops out when it
-- lapses), deletes when it closes, and which only the operators who may edit that record read.
--
-- 1. public.open_records, its trigger (expiry; lapsed rows cleared and at most 20 per operator) and
--    its policies.
-- 2. public.admin_mark_open(resource, record_id, tab): insert or refresh the caller's row for one
--    dialog (a tab), answering how many seconds it lasts (the dialog refreshes well before).
-- 3. public.admin_open_by(resource, record_id): the other operators with a live row, named as before
--    through public.admin_operator_emails. Both run as the caller (security invoker).

-- ---------------------------------------------------------------------------------------------
-- 1. Who has which record open
create table public.open_records (
  resource text not null,
  record_id text not null,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- One edit dialog: an operator with the record open in two tabs closes one without the other.
  tab uuid not null,
  expires_at timestamptz not null,
  primary key (resource, record_id, user_id, tab)
);
comment on table public.open_records is
  'Who has a record open in an edit dialog ("Also open by"): written by that operator''s own session, live until expires_at.';

-- The database decides how long a row lasts, whatever a request sends.
-- On insert (a dialog opening), the caller's own lapsed rows go (a crashed tab's) and a caller
-- with 20 live rows already is refused: no operator fills the table, with or without the admin.
create function private.stamp_open_record() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    delete from public.open_records o where o.user_id = (select auth.uid()) and o.expires_at <= now();
    if (select count(*) from public.open_records o
         where o.user_id = new.user_id
           and (o.resource, o.record_id, o.tab) is distinct from (new.resource, new.record_id, new.tab)) >= 20 then
      raise exception 'Too many records open at once' using errcode = '54000';
    end if;
  end if;
  new.expires_at := now() + interval '90 seconds';
  return new;
end
$$;
revoke all on function private.stamp_open_record() from public, anon, authenticated, service_role;
create trigger open_records_expiry before insert or update on public.open_records
  for each row execute function private.stamp_open_record();

alter table public.open_records enable row level security;
create policy "Editors of a record see who has it open" on public.open_records
  for select to authenticated
  using (public.may_edit_record(resource, record_id));
create policy "Editors of a record say they have it open" on public.open_records
  for insert to authenticated
  with check (user_id = (select auth.uid()) and public.may_edit_record(resource, record_id));
create policy "Operators keep their own rows fresh" on public.open_records
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and public.may_edit_record(resource, record_id));
create policy "Operators remove their own rows" on public.open_records
  for delete to authenticated
  using (user_id = (select auth.uid()));
revoke all on public.open_records from anon, authenticated;
grant select, insert, update, delete on public.open_records to authenticated;

-- ---------------------------------------------------------------------------------------------
-- 2. An edit dialog says it has the record open (on opening, and again before its row lapses)
create function public.admin_mark_open(resource text, record_id text, tab uuid) returns integer
language sql
set search_path = ''
as $$
  insert into public.open_records as o (resource, record_id, tab)
  values (admin_mark_open.resource, admin_mark_open.record_id, admin_mark_open.tab)
  on conflict (resource, record_id, user_id, tab) do update set expires_at = excluded.expires_at
  returning ceil(extract(epoch from o.expires_at - now()))::integer;
$$;
revoke all on function public.admin_mark_open(text, text, uuid) from public, anon;
grant execute on function public.admin_mark_open(text, text, uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- 3. The other operators with the record open, by email
create function public.admin_open_by(resource text, record_id text)
returns table (user_id uuid, email text)
language sql stable
set search_path = ''
as $$
  select e.user_id, e.email
    from public.admin_operator_emails(array(
      select distinct o.user_id
        from public.open_records o
       where o.resource = admin_open_by.resource
         and o.record_id = admin_open_by.record_id
         and o.expires_at > now()
         and o.user_id <> (select auth.uid())
    )) e;
$$;
revoke all on function public.admin_open_by(text, text) from public, anon;
grant execute on function public.admin_open_by(text, text) to authenticated, service_role;
