import { afterAll, beforeAll, expect, it } from 'vitest';
import { readSupabaseConfig, type SupabaseConfig } from '../../mocks/supabase/config';
import type { Database } from '../../mocks/supabase/db';
import { parseSize } from '../../mocks/supabase/storage/sizes';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { BUCKETS, type BucketRules } from '../../src/domain/storage';

/**
 * A Storage bucket is declared in two files, which must say the same: supabase/config.toml's
 * [storage.buckets.<id>] (what `supabase seed buckets` creates, hosted and in the stand-in) and
 * BUCKETS in src/domain/storage.ts (what the admin checks a file against before sending it). The
 * database's storage.buckets (the migrations' rows, then config.toml's) must hold exactly those.
 * A disagreement names the bucket and the file to edit.
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

/** Every disagreement between config.toml, BUCKETS and the database's rows, as a sentence. */
export function bucketMismatches(
  config: SupabaseConfig,
  buckets: Readonly<Record<string, BucketRules>>,
  rows: ReadonlyArray<{ id: string } & Bucket>,
): string[] {
  const declared = new Map(
    Object.entries(config.storage?.buckets ?? {}).map(([id, b]): [string, Bucket] => [
      id,
      {
        public: b.public ?? false,
        fileSizeLimit: b.file_size_limit ? parseSize(b.file_size_limit) : null,
        allowedMimeTypes: b.allowed_mime_types ?? [],
      },
    ]),
  );
  const admin = new Map(
    Object.entries(buckets).map(([id, b]): [string, Bucket] => [
      id,
      { public: b.public, fileSizeLimit: b.fileSizeLimit, allowedMimeTypes: b.allowedMimeTypes },
    ]),
  );
  const found: string[] = [];
  for (const [id, rules] of admin) {
    const inConfig = declared.get(id);
    if (!inConfig)
      found.push(
        `bucket ${id}: in BUCKETS (src/domain/storage.ts), not in supabase/config.toml: add [storage.buckets.${id}] with ${toml(rules)}`,
      );
    else if (!same(inConfig, rules))
      found.push(
        `bucket ${id}: supabase/config.toml says ${toml(inConfig)}, BUCKETS (src/domain/storage.ts) says ${toml(rules)}: make them one`,
      );
  }
  for (const [id, rules] of declared)
    if (!admin.has(id))
      found.push(
        `bucket ${id}: in supabase/config.toml, not in BUCKETS (src/domain/storage.ts): add '${id}': { ${toml(rules).replace(/ = /g, ': ')} } there`,
      );
  for (const row of rows) {
    const expected = declared.get(row.id);
    const { id, ...held } = row;
    if (!expected)
      found.push(
        `bucket ${id}: a row of storage.buckets that supabase/config.toml does not declare: add it there and to BUCKETS, or remove it with a new migration`,
      );
    else if (!same(held, expected))
      found.push(`bucket ${id}: storage.buckets holds ${toml(held)}, supabase/config.toml ${toml(expected)}`);
  }
  for (const id of declared.keys())
    if (!rows.some((r) => r.id === id))
      found.push(`bucket ${id}: declared in supabase/config.toml, absent from storage.buckets`);
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

it('supabase/config.toml, BUCKETS and storage.buckets declare the same buckets with the same rules', () => {
  expect(bucketMismatches(readSupabaseConfig(), BUCKETS, rows)).toEqual([]);
});

it('names the bucket and the file to edit when one of them is left out or differs', () => {
  const config = readSupabaseConfig();
  const buckets = config.storage!.buckets!;
  const { avatars: _avatars, ...withoutAvatars } = buckets;
  const changed: SupabaseConfig = {
    ...config,
    storage: {
      ...config.storage,
      buckets: { ...withoutAvatars, 'news-screenshots': { ...buckets['news-screenshots'], public: false } },
    },
  };
  const admin = { ...BUCKETS, 'probe-photos': BUCKETS['news-screenshots'] };
  expect(bucketMismatches(changed, admin, rows)).toEqual([
    'bucket news-screenshots: supabase/config.toml says public = false, file_size_limit = "5MiB", allowed_mime_types = ["image/png","image/jpeg","image/webp"], ' +
      'BUCKETS (src/domain/storage.ts) says public = true, file_size_limit = "5MiB", allowed_mime_types = ["image/png","image/jpeg","image/webp"]: make them one',
    'bucket avatars: in BUCKETS (src/domain/storage.ts), not in supabase/config.toml: add [storage.buckets.avatars] with public = false, file_size_limit = "10MiB", allowed_mime_types = ["image/png","image/jpeg","image/webp"]',
    'bucket probe-photos: in BUCKETS (src/domain/storage.ts), not in supabase/config.toml: add [storage.buckets.probe-photos] with public = true, file_size_limit = "5MiB", allowed_mime_types = ["image/png","image/jpeg","image/webp"]',
    'bucket avatars: a row of storage.buckets that supabase/config.toml does not declare: add it there and to BUCKETS, or remove it with a new migration',
    'bucket news-screenshots: storage.buckets holds public = true, file_size_limit = "5MiB", allowed_mime_types = ["image/png","image/jpeg","image/webp"], supabase/config.toml public = false, file_size_limit = "5MiB", allowed_mime_types = ["image/png","image/jpeg","image/webp"]',
  ]);
});
