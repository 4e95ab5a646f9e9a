import { allBuckets, type BucketRules } from '../src/domain/storage';
import { RESOURCE_DATA } from '../src/resources';

/**
 * The rows hosted Storage's buckets are (storage.buckets) and their per-user quotas
 * (private.storage_quotas), written from the declared buckets (BUCKETS and the resources' uploads):
 * data, which schema files do not hold and migra does not diff. `npm run db:diff` writes those of a
 * new bucket, `npm run db:squash` all of them (supabase/tests/buckets.test.ts holds them together).
 */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

const declared = (except: ReadonlySet<string>): [string, BucketRules][] =>
  Object.entries(allBuckets(RESOURCE_DATA)).filter(([id]) => !except.has(id));

export const bucketInserts = (except: ReadonlySet<string> = new Set()): string =>
  declared(except)
    .map(
      ([id, b]) =>
        `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values\n` +
        `  (${literal(id)}, ${literal(id)}, ${b.public}, ${b.fileSizeLimit}, array[${b.allowedMimeTypes.map(literal).join(', ')}]);`,
    )
    .join('\n');

export const quotaInserts = (except: ReadonlySet<string> = new Set()): string =>
  declared(except)
    .filter(([, b]) => b.userQuota)
    .map(
      ([id, b]) =>
        `insert into private.storage_quotas (bucket_id, max_files, max_bytes) values ` +
        `(${literal(id)}, ${b.userQuota?.maxFiles}, ${b.userQuota?.maxBytes});`,
    )
    .join('\n');
