-- Baseline: supabase/schemas/28_pgmq.sql as npm run db:squash wrote it (docs/schema-first.md).

-- Supabase Queues (pgmq): the push send's queue (supabase/schemas/49_push_queue.sql).
--
-- pgmq is the platform's: a hosted project has it as an extension (Supabase Queues, enabled here
-- where not yet); the stand-in's platform and the hosted model install pgmq's SQL-only install
-- instead where their server has no pgmq extension (mocks/supabase/vendor/pgmq,
-- mocks/supabase/db/prepare.ts platformQueueSql). Either way the project uses pgmq's API only
-- (create, send_batch, read, set_vt, delete), which is the same in both. See
-- docs/architecture/push.md.
--
-- The current definition (docs/schema-first.md): edit here, then npm run db:diff writes the
-- migration; supabase/tests/schemas.test.ts proves the two agree.

DO $queue$
BEGIN
  -- The SQL-only install makes the schema without the extension: enabling it there would clash.
  IF to_regnamespace('pgmq') IS NULL THEN
    CREATE EXTENSION IF NOT EXISTS pgmq;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pgmq.meta WHERE queue_name = 'push') THEN
    PERFORM pgmq.create('push');
  END IF;
END
$queue$;
