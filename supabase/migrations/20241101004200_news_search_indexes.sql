-- The news search's trigram indexes keep no pending list (docs/architecture.md, "News search").
--
-- A GIN index with `fastupdate` on (the default) adds new entries to an unsorted pending list that
-- every search reads in full until VACUUM (or the list's 4 MB limit) moves it into the index. The
-- embedded database has no autovacuum, so after a bulk load (100,000 articles) each search of the
-- news read up to 4 MB of pending entries per index, however rare the word. Articles are written
-- one at a time by operators, so sorting each insert into the index at once costs little. Entries
-- already pending are moved in now.

alter index public.news_title_trgm_idx set (fastupdate = off);
alter index public.news_content_trgm_idx set (fastupdate = off);
select pg_catalog.gin_clean_pending_list('public.news_title_trgm_idx'::regclass);
select pg_catalog.gin_clean_pending_list('public.news_content_trgm_idx'::regclass);
