import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageTypeOf } from '../../../src/domain/storage';
import { readSupabaseConfig, type SupabaseConfig } from '../config';
import type { Queryable } from '../db/types';
import { parseSize } from './sizes';
import { md5Hex, objectMetadata, writeObject, writePart } from './objects';

const SUPABASE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../supabase');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat().sort();
}

/** supabase/config.toml and every file a bucket seeds from: what a seeded database's objects depend on. */
export async function seedBucketSources(config: SupabaseConfig = readSupabaseConfig()): Promise<string[]> {
  const folders = Object.values(config.storage?.buckets ?? {}).flatMap((b) =>
    b.objects_path ? [b.objects_path] : [],
  );
  const files = await Promise.all(folders.map((folder) => filesUnder(path.resolve(SUPABASE_DIR, folder))));
  return [path.join(SUPABASE_DIR, 'config.toml'), ...files.flat()];
}

/**
 * `supabase seed buckets`: each [storage.buckets.<name>] of supabase/config.toml is created (or
 * brought to its settings) and the files under its objects_path are uploaded, named by their path
 * relative to that folder. Runs in the stand-in's prepare, with the demo data, as Storage's owner.
 */
export async function seedBuckets(
  tx: Queryable,
  config: SupabaseConfig = readSupabaseConfig(),
): Promise<number> {
  let uploaded = 0;
  for (const [id, bucket] of Object.entries(config.storage?.buckets ?? {})) {
    await tx.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, $2, $3, $4)
       on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
                                     allowed_mime_types = excluded.allowed_mime_types`,
      [
        id,
        bucket.public ?? false,
        bucket.file_size_limit ? parseSize(bucket.file_size_limit) : null,
        bucket.allowed_mime_types ?? null,
      ],
    );
    if (!bucket.objects_path) continue;
    const root = path.resolve(SUPABASE_DIR, bucket.objects_path);
    for (const file of await filesUnder(root)) {
      const bytes = new Uint8Array(await readFile(file));
      const name = path.relative(root, file).split(path.sep).join('/');
      const metadata = objectMetadata(
        { size: bytes.length, md5: md5Hex(bytes) },
        imageTypeOf(bytes) ?? 'application/octet-stream',
        'max-age=3600',
      );
      // One part per demo file (each is far below PART_BYTES), then the row as an upload writes it
      // (a re-seed replaces the row and its bytes).
      const uploadId = crypto.randomUUID();
      await writePart(tx, uploadId, 0, bytes);
      await writeObject(tx, { bucketId: id, name, owner: null, upsert: true, uploadId, metadata });
      uploaded += 1;
    }
  }
  return uploaded;
}
