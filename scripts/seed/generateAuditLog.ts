import type { Database } from '../../mocks/supabase/db';

/**
 * Adds generated audit trail entries to a prepared database, for performance work: the shape the
 * triggers write (a one-field update diff), spread over the last 60 days across the audited tables
 * and the demo admins, with 5,000 distinct records per table. Written by the owner in batches (the
 * trail is append-only; inserting is all it allows).
 */
export async function generateAuditLog(
  db: Database,
  {
    entries,
    batchSize = 50_000,
    onProgress,
  }: { entries: number; batchSize?: number; onProgress?: (done: number, total: number) => void },
): Promise<void> {
  for (let done = 0; done < entries; done += batchSize) {
    const n = Math.min(batchSize, entries - done);
    await db.query(
      `insert into public.audit_log (occurred_at, actor_id, actor_email, action, resource, record_id, changes)
       select now() - make_interval(secs => (g::bigint * 5184000 / $3::bigint)::double precision),
              a.user_id, u.email, 'update', r.resource, md5(r.resource || (g % 5000))::uuid::text,
              jsonb_build_object('title', jsonb_build_object('old', 'Before ' || g, 'new', 'After ' || g))
         from generate_series($1::bigint, $2::bigint) g
         cross join lateral (select (array['news', 'health_tips', 'tags', 'contact_messages', 'notifications'])[1 + g % 5] as resource) r
         cross join lateral (select user_id from public.admin_users order by user_id offset (g % 2) limit 1) a
         join auth.users u on u.id = a.user_id`,
      [done + 1, done + n, entries],
    );
    onProgress?.(done + n, entries);
  }
}
