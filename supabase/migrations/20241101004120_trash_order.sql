-- Two deletes of one id in one transaction (a row deleted, its id taken again, deleted again) gave
-- both trash entries now(), the transaction's start: their order, and so which one Undo restores,
-- fell to their random ids. deleted_at now comes from the clock, never at or before an earlier
-- entry of the same id (supabase/tests/trash.test.ts, "two deletes of one id in one transaction").

CREATE OR REPLACE FUNCTION private.move_to_trash() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- tg_argv: the column that names a row, then the roles that may delete (and so restore) one.
  -- Every deleted row is a new entry with its own id: a later delete of a row with the same id (the
  -- same row after a restore, or a row of another table) never changes an entry already here.
  -- deleted_at orders one id's entries (Undo restores the newest): the clock, not now() (two
  -- deletes in one transaction would tie and fall to the entries' random ids), and never at or
  -- before an earlier entry of that id.
  insert into public.trash (record_id, resource, record, label, restorers, deleted_by, deleted_by_email, deleted_at)
  select (pg_catalog.to_jsonb(g) ->> 'id')::uuid, tg_table_name, pg_catalog.to_jsonb(g),
         pg_catalog.left(coalesce(pg_catalog.to_jsonb(g) ->> tg_argv[0], ''), 200),
         pg_catalog.string_to_array(tg_argv[1], ','), auth.uid(),
         (select u.email from auth.users u where u.id = auth.uid()),
         greatest(pg_catalog.clock_timestamp(),
                  (select max(t.deleted_at) + interval '1 microsecond' from public.trash t
                    where t.resource = tg_table_name and t.record_id = (pg_catalog.to_jsonb(g) ->> 'id')::uuid))
    from gone g;
  return null;
end
$$;
