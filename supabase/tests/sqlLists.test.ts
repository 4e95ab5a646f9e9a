import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { RESOURCES } from '../../src/resources';
import { attempt } from './fixtures';
import { sqlListMismatches, type SqlListResource } from './sqlLists';

/**
 * The registry and the SQL functions that name resources by hand agree (sqlLists.ts): forgetting a
 * resource in one of them fails here, naming the function and the schema file to edit.
 */

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const REGISTRY: SqlListResource[] = RESOURCES.map((r) => ({
  data: r.data,
  editDialog: Boolean(r.screens.dialogs?.edit),
}));

/** The mismatches, after `setup` (rolled back with the rest). */
async function mismatches(resources: readonly SqlListResource[], setup = '') {
  const outcome = await attempt(db, 'superuser', async (tx) => {
    if (setup) await tx.exec(setup);
    return sqlListMismatches(tx, resources);
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.value;
}

it('every SQL list of resources serves exactly the registry’s resources', async () => {
  expect(await mismatches(REGISTRY)).toEqual([]);
});

it('names the function and the file to edit when the registry declares what the SQL does not serve', async () => {
  // Tags given an upload to a new bucket, an edit dialog taken from health tips, news without
  // versions and its upload forgotten.
  const changed = REGISTRY.map((r): SqlListResource => {
    if (r.data.name === 'tags')
      return {
        ...r,
        data: {
          ...r.data,
          upload: { fileField: 'icon_file', urlField: 'icon', bucket: 'tag-icons' as never },
        },
      };
    if (r.data.name === 'health-tips') return { ...r, editDialog: false };
    if (r.data.name === 'news') return { ...r, data: { ...r.data, versions: false, upload: undefined } };
    return r;
  });
  const then = ', then run npm run db:diff -- <name>';
  expect(await mismatches(changed)).toEqual([
    `news: the registry does not give it versions (versions: true), private.versions() lists news; edit private.versions in supabase/schemas/20_audit.sql${then}`,
    `health-tips: the registry has no edit dialog, public.may_edit_record answers an owner true for its record; edit public.may_edit_record in supabase/schemas/27_realtime.sql${then}`,
    "tags: private.named_objects does not read tags.icon in bucket tag-icons: declare it in the resource's schema file " +
      "with COMMENT ON COLUMN public.tags.icon IS 'upload: tag-icons. …' (private.upload_fields reads it), then run npm run db:diff -- <name>",
    'private.upload_fields() declares news.source_url_screenshot in news-screenshots, which no registry resource uploads: ' +
      "remove the column's `upload:` comment from its schema file, then run npm run db:diff -- <name>",
  ]);
});

it('names private.record_version when its CASE has no branch for a resource with versions', async () => {
  // As record_version answers a resource its CASE forgets: no row found.
  const forgetsTags = `create or replace function private.record_version(resource text, record_id text, entry_id bigint)
    returns jsonb language plpgsql set search_path = '' as $$
    begin
      if resource = 'tags' then raise exception 'No such record' using errcode = 'P0002'; end if;
      return '{}';
    end $$`;
  expect(await mismatches(REGISTRY, forgetsTags)).toEqual([
    "tags: private.record_version finds no row of tags (P0002 No such record): its CASE needs a branch for 'tags'; " +
      'edit private.record_version in supabase/schemas/20_audit.sql, then run npm run db:diff -- <name>',
  ]);
});

it('serves a new upload column from its declaration alone: a comment on the column, no function edited', async () => {
  const declared = `alter table public.tags add column icon_url text;
    comment on column public.tags.icon_url is 'upload: news-screenshots. A probe.'`;
  const withTagIcons = REGISTRY.map((r): SqlListResource =>
    r.data.name === 'tags'
      ? {
          ...r,
          data: {
            ...r.data,
            upload: { fileField: 'icon_file', urlField: 'icon_url', bucket: 'news-screenshots' as never },
          },
        }
      : r,
  );
  expect(await mismatches(withTagIcons, declared)).toEqual([]);
  const outcome = await attempt(db, 'superuser', async (tx) => {
    await tx.exec(declared);
    await tx.query(
      `update public.tags set icon_url = 'https://p.supabase.co/storage/v1/object/public/news-screenshots/icon.png'
        where id = (select id from public.tags order by id limit 1)`,
    );
    await tx.query(
      `insert into storage.objects (bucket_id, name, created_at) values
         ('news-screenshots', 'icon.png', now() - interval '2 days'),
         ('news-screenshots', 'stray.png', now() - interval '2 days')`,
    );
    return (
      await tx.query<{ name: string }>(
        `select name from public.orphan_objects() where name in ('icon.png', 'stray.png')`,
      )
    ).rows;
  });
  expect(outcome).toEqual({ ok: true, value: [{ name: 'stray.png' }] });
});
