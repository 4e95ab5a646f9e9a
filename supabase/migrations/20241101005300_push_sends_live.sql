-- The sends list shows each send's counters moving as the worker records answers (Realtime).
alter publication supabase_realtime add table public.push_sends;
