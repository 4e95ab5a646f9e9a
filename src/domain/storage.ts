/**
 * The Storage buckets the product uses and their rules. the migrations create
 * the same buckets with the same limits (scripts/bucketRows.ts writes their rows) (a test compares them); Storage (hosted, and the stand-in
 * as hosted) enforces the size and the declared type on upload; the admin checks a file against
 * them, and its bytes' signature, before sending it.
 */

/** The image types every bucket takes, each recognised by its first bytes (see imageTypeOf). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export interface BucketRules {
  /** Public buckets serve /object/public/… to anyone; private ones only through RLS or a signed URL. */
  public: boolean;
  /** Bytes, as storage.buckets.file_size_limit. */
  fileSizeLimit: number;
  allowedMimeTypes: readonly ImageType[];
  /** What one user may keep in their folder of the bucket (buckets users write in). */
  userQuota?: UserQuota;
}

/**
 * The most one user keeps in their own folder (`<user id>/…`) of a bucket: files, and bytes
 * (whole megabytes). The database enforces it on every write of storage.objects
 * (supabase/schemas/26_storage.sql, private.storage_quotas, which a test
 * compares with these numbers), so hosted Storage refuses the upload past it as the stand-in does.
 */
export interface UserQuota {
  maxFiles: number;
  maxBytes: number;
}

export const MB = 1024 * 1024;

export const BUCKETS = {
  /** News articles' screenshots: public, written by the operators who write news. */
  'news-screenshots': { public: true, fileSizeLimit: 5 * MB, allowedMimeTypes: IMAGE_TYPES },
  /** Label photos the mobile app uploads under `<user id>/…`: one per scan. */
  'scan-images': {
    public: false,
    fileSizeLimit: 10 * MB,
    allowedMimeTypes: IMAGE_TYPES,
    userQuota: { maxFiles: 1000, maxBytes: 500 * MB },
  },
  /** Profiles' avatars, under `<user id>/…` as scan images: one per profile, a few replaced. */
  avatars: {
    public: false,
    fileSizeLimit: 10 * MB,
    allowedMimeTypes: IMAGE_TYPES,
    userQuota: { maxFiles: 20, maxBytes: 50 * MB },
  },
} as const satisfies Record<string, BucketRules>;

export type BucketId = keyof typeof BUCKETS;

/**
 * A bucket a resource declares with its upload (ResourceData.upload.bucket), in its own folder: the
 * admin checks files against these rules, and `npm run db:diff` writes its storage.buckets row into
 * the resource's migration (hosted Storage's buckets are rows a migration creates).
 */
export interface DeclaredBucket extends BucketRules {
  id: string;
}

/** A bucket as code names it: one of BUCKETS (the platform's own) by id, or a resource's declaration. */
export type BucketRef = BucketId | DeclaredBucket;

export const bucketRules = (bucket: BucketRef): BucketRules =>
  typeof bucket === 'string' ? BUCKETS[bucket] : bucket;
export const bucketId = (bucket: BucketRef): string => (typeof bucket === 'string' ? bucket : bucket.id);

/** Every bucket, by id: BUCKETS and the buckets the resources' uploads declare. */
export function allBuckets(
  resources: readonly { upload?: { bucket: BucketRef } }[],
): Record<string, BucketRules> {
  const declared = resources.flatMap((r) =>
    r.upload && typeof r.upload.bucket !== 'string' ? [r.upload.bucket] : [],
  );
  return {
    ...BUCKETS,
    ...Object.fromEntries(declared.map(({ id, ...rules }) => [id, rules])),
  };
}

/**
 * What Storage answers (as the message of its AccessDenied error) for a write past the bucket's
 * user quota; the migration's trigger raises exactly this text.
 */
export function quotaMessage(bucket: string, quota: UserQuota): string {
  return `Storage quota reached: a user keeps at most ${quota.maxFiles} files and ${formatBytes(quota.maxBytes)} in ${bucket}`;
}

/**
 * What Storage answers for a declared type a bucket does not take (supabase/storage's
 * InvalidMimeType), and what the database raises for one it takes only by validateMimeType's
 * loose comparison (supabase/schemas/26_storage.sql raises exactly this text).
 */
export const typeNotSupportedMessage = (type: string) => `mime type ${type} is not supported`;

/** "5 MB": a limit as people read it (limits here are whole megabytes). */
export const formatBytes = (bytes: number) =>
  bytes >= MB && bytes % MB === 0 ? `${bytes / MB} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** The file name extension an image of this type is stored under. */
export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/**
 * The image type the bytes really are (PNG, JPEG or WebP by their signature), or null: the admin
 * does not trust what is declared, so it refuses an SVG or an HTML page sent as "image/png".
 */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

/**
 * The most paths one Storage request may name (supabase/storage `src/storage/limits.ts`,
 * MAX_OBJECTS_PER_REQUEST: a delete of more is refused whole; the stand-in refuses it the same way).
 */
export const MAX_OBJECTS_PER_REQUEST = 1000;

/** `paths` cut into requests Storage takes (MAX_OBJECTS_PER_REQUEST each at most). */
export function storageBatches(paths: readonly string[]): string[][] {
  const batches: string[][] = [];
  for (let i = 0; i < paths.length; i += MAX_OBJECTS_PER_REQUEST)
    batches.push(paths.slice(i, i + MAX_OBJECTS_PER_REQUEST));
  return batches;
}

/** Signed URLs the admin asks for live this long; it renews them a minute before they lapse. */
export const SIGNED_URL_SECONDS = 600;

/** The messages under a form's file field (the spec's style: under the field, the limit named). */
export const FILE_MESSAGES = {
  typeNotAllowed: 'The file must be a PNG, JPEG or WebP image',
  tooLarge: (limit: number) => `The file must be ${formatBytes(limit)} or smaller`,
} as const;

/**
 * Why a file cannot go to the bucket (its declared type, its size), or null: what Storage checks
 * too. The bytes' own type is checked where they can be read (checkImageBytes), by the admin only.
 */
export function fileProblem(file: { type: string; size: number }, bucket: BucketRef): string | null {
  const rules = bucketRules(bucket);
  if (!(rules.allowedMimeTypes as readonly string[]).includes(file.type)) return FILE_MESSAGES.typeNotAllowed;
  if (file.size > rules.fileSizeLimit) return FILE_MESSAGES.tooLarge(rules.fileSizeLimit);
  return null;
}

/**
 * The check on the file's first bytes: a renamed SVG or page is refused before it is sent.
 * Storage itself takes any bytes under an allowed declared type (supabase/storage's
 * src/storage/uploader.ts validateMimeType), so this protects operators from a wrong file.
 */
export async function checkImageBytes(file: Blob, bucket: BucketRef): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const type = imageTypeOf(head);
  return type && (bucketRules(bucket).allowedMimeTypes as readonly string[]).includes(type)
    ? null
    : FILE_MESSAGES.typeNotAllowed;
}
