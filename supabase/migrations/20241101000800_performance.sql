-- Performance: list pages that cost one page at any table size (docs/architecture.md, budgets).
--
-- Every admin list orders by its sort column and then by id (a unique tie-breaker, so rows that tie
-- never move between pages), and reads pages past the middle backwards. A composite btree on
-- (column, id) serves both directions of that order with an index scan that stops after the page:
-- forwards for the first pages, backwards for the last ones.
--
-- Searches go through the admin views with ilike on every searched column, OR across the columns;
-- Postgres combines the per-column trigram indexes only when every column of the OR has one.

-- Scans: newest first by default; also sortable by name, category and health score.
drop index if exists public.scans_created_at_idx;
create index scans_created_at_id_idx on public.scans (created_at desc, id desc);
create index scans_name_id_idx on public.scans (name, id);
create index scans_category_id_idx on public.scans (category, id);
create index scans_health_score_id_idx on public.scans (health_score, id);

-- Profiles and chats: newest first by default.
drop index if exists public.profiles_created_at_idx;
create index profiles_created_at_id_idx on public.profiles (created_at desc, id desc);
drop index if exists public.chats_created_at_idx;
create index chats_created_at_id_idx on public.chats (created_at desc, id desc);

-- The profiles search matches name or relationship: without this index the OR falls back to a
-- scan of every profile.
create index profiles_relationship_trgm_idx on public.profiles using gin (relationship extensions.gin_trgm_ops);
