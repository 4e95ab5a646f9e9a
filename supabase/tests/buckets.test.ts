import { afterAll, beforeAll, expect, it } from 'vitest';
import { readSupabaseConfig, type SupabaseConfig } from '../../mocks/supabase/config';
import type { Database } from '../../mocks/supabase/db';
import { parseSize } from '../../mocks/supabase/storage/sizes';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { allBuckets, BUCKETS, fileProblem, type BucketRules } from '../../src/domain/storage';
import { RESOURCE_DATA } from '../../src/resources';

/**
 * A Storage bucket is declared once: in BUCKETS (src/domain/storage.ts, the platform's own buckets)
 * or by the resource whose upload uses it (ResourceData.upload.bucket, in the resource's folder).
 * The database's storage.buckets rows, which the migrations create (hosted Storage's buckets are
 * those rows; `npm run db:diff` writes a declared bucket's row), must hold exactly those buckets
 * with the same rules. supabase/config.toml's [storage.buckets.<id>] (what `supabase start` and
 * `supabase seed buckets` create, and whose objects_path they upload) is optional per bucket, and
 * must agree with the row when present. A disagreement names the bucket and what to do.
 */

interface Bucket {
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: readonly string[];
}

const MiB = 1024 * 1024;
const toml = (b: Bucket) =>
  `public = ${b.public}, file_size_limit = "${(b.fileSizeLimit ?? 0) / MiB}MiB", allowed_mime_types = ${JSON.stringify(b.allowedMimeTypes)}`;
const same = (a: Bucket, b: Bucket) => JSON.stringify(a) === JSON.stringify(b);

/** Every disagreement between the declared buckets, storage.buckets and config.toml, as a sentence. */
export function bucketMismatches(
  config: SupabaseConfig,
  buckets: Readonly<Record<string, BucketRules>>,
  rows: ReadonlyArray<{ id: string } & Bucket>,
): string[] {
  const inDatabase = new Map(rows.map(({ id, ...held }): [string, Bucket] => [id, held]));
  const found: string[] = [];
  for (const [id, b] of Object.entries(buckets)) {
    const rules = { public: b.public, fileSizeLimit: b.fileSizeLimit, allowedMimeTypes: b.allowedMimeTypes };
    const row = inDatabase.get(id);
    if (!row)
      found.push(
        `bucket ${id}: declared, absent from storage.buckets: run \`npm run db:diff -- <name>\` (it writes the row into the migration)`,
      );
    else if (!same(row, rules))
      found.push(
        `bucket ${id}: storage.buckets holds ${toml(row)}, its declaration says ${toml(rules)}: write a migration that updates the row`,
      );
  }
  for (const id of inDatabase.keys())
    if (!(id in buckets))
      found.push(
        `bucket ${id}: a row of storage.buckets that neither BUCKETS (src/domain/storage.ts) nor a resource's upload declares: declare it, or remove it with a new migration`,
      );
  for (const [id, b] of Object.entries(config.storage?.buckets ?? {})) {
    const declared = {
      public: b.public ?? false,
      fileSizeLimit: b.file_size_limit ? parseSize(b.file_size_limit) : null,
      allowedMimeTypes: b.allowed_mime_types ?? [],
    };
    const row = inDatabase.get(id);
    if (row && !same(row, declared))
      found.push(
        `bucket ${id}: supabase/config.toml says ${toml(declared)}, storage.buckets holds ${toml(row)}: make them one`,
      );
  }
  return found;
}

let db: Database;
let rows: Array<{ id: string } & Bucket>;
beforeAll(async () => {
  db = await openTestDatabase();
  rows = (
    await db.query<{ id: string } & Bucket>(
      `select id, public, file_size_limit::int as "fileSizeLimit", coalesce(allowed_mime_types, '{}') as "allowedMimeTypes"
         from storage.buckets order by id`,
    )
  ).rows;
});
afterAll(() => db.close());

const declared = allBuckets(RESOURCE_DATA);

it('storage.buckets holds exactly the declared buckets (BUCKETS and the uploads), and config.toml agrees', () => {
  expect(bucketMismatches(readSupabaseConfig(), declared, rows)).toEqual([]);
});

it('names the bucket and what to do when a declaration, a row or config.toml differs', () => {
  const config = readSupabaseConfig();
  const buckets = config.storage!.buckets!;
  const changed: SupabaseConfig = {
    ...config,
    storage: {
      ...config.storage,
      buckets: { ...buckets, 'news-screenshots': { ...buckets['news-screenshots'], public: false } },
    },
  };
  const { avatars: _avatars, ...withoutAvatars } = declared;
  const probe = { ...withoutAvatars, 'probe-photos': BUCKETS['news-screenshots'] };
  expect(bucketMismatches(changed, probe, rows)).toEqual([
    'bucket probe-photos: declared, absent from storage.buckets: run `npm run db:diff -- <name>` (it writes the row into the migration)',
    "bucket avatars: a row of storage.buckets that neither BUCKETS (src/domain/storage.ts) nor a resource's upload declares: declare it, or remove it with a new migration",
    'bucket news-screenshots: supabase/config.toml says public = false, file_size_limit = "5MiB", allowed_mime_types = ["image/png","image/jpeg","image/webp"], ' +
      'storage.buckets holds public = true, file_size_limit = "5MiB", allowed_mime_types = ["image/png","image/jpeg","image/webp"]: make them one',
  ]);
});

it("counts a resource's declared bucket with BUCKETS, and checks files against its rules", () => {
  const probe = {
    id: 'probe-photos',
    public: true,
    fileSizeLimit: 1024,
    allowedMimeTypes: ['image/png'],
  } as const;
  const buckets = allBuckets([{ upload: { bucket: probe } }, { upload: { bucket: 'avatars' } }, {}]);
  expect(Object.keys(buckets)).toEqual([...Object.keys(BUCKETS), 'probe-photos']);
  expect(buckets['probe-photos']).toEqual({
    public: true,
    fileSizeLimit: 1024,
    allowedMimeTypes: ['image/png'],
  });
  expect(fileProblem({ type: 'image/png', size: 2048 }, probe)).toBe('The file must be 1 KB or smaller');
  expect(fileProblem({ type: 'image/webp', size: 10 }, probe)).toBe(
    'The file must be a PNG, JPEG or WebP image',
  );
  expect(fileProblem({ type: 'image/png', size: 1024 }, probe)).toBeNull();
});
