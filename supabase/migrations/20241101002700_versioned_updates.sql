-- Versioned updates (docs/architecture.md, "Edits the server refuses to overwrite"): every update
-- the admin makes names the version it was made from, as a filter on updated_at
-- (`PATCH ...?id=eq.<id>&updated_at=eq.<version>`); a row changed since matches nothing and is left
-- alone. news, health_tips and tags keep an updated_at since 20241101001500_realtime.sql;
-- contact_messages gets one here, kept by the database the same way.

alter table public.contact_messages add column updated_at timestamptz not null default now();
update public.contact_messages set updated_at = created_at;

-- Only when something else changed: setting the status it already has is not a newer version.
create trigger contact_messages_set_updated_at before update on public.contact_messages
  for each row when (old is distinct from new) execute function public.set_updated_at();
