-- Admin content and the contact inbox.
--
-- 1. A health tip must have text: the admin form counts a tip's length after trimming it, so ten
--    spaces are refused there; the database refuses them too (any stored tip has a non-space).
-- 2. The contact inbox lists messages newest first within a status and counts the new ones for the
--    sidebar badge: one index serves both.

alter table public.health_tips
  add constraint health_tips_tip_not_blank check (tip ~ '\S');

create index contact_messages_status_created_at_idx on public.contact_messages (status, created_at desc);
