import { isPgError, type Database, type Queryable, type RequestIdentity } from '../db/types';
import { withIdentity } from '../db/identity';
// Bytes cross to Postgres as base64 text, decoded there: PGlite encodes a bytea parameter byte by
// byte (about 0.5 s for a megabyte), base64 in one call (about 30 ms); reads likewise.
import { fromBase64, toBase64 } from './bytes';
import { fromPgError, storageErrors } from './errors';

/**
 * The bytes live in Postgres beside the rows (so they are persisted, copied and rolled back with
 * them, in a folder or in memory), in a schema no API role can reach, as parts of at most
 * PART_BYTES: an upload is written part by part as it arrives under its own upload id (as Storage
 * streams the file to its backend under a new version before it writes the row), then linked to
 * its object's row when the row is written. Deleting an object's row deletes its parts (the
 * foreign key's cascade runs as the table's owner). A folder written before parts existed keeps
 * its bytes: each object's one blob becomes its part 0.
 */
export const BLOB_STORE_SQL = `
  create schema if not exists _storage;
  revoke all on schema _storage from public;
  create table if not exists _storage.parts (
    upload_id uuid not null,
    part int not null,
    object_id uuid references storage.objects (id) on delete cascade,
    data bytea not null,
    created_at timestamptz not null default now(),
    primary key (upload_id, part)
  );
  create index if not exists parts_object on _storage.parts (object_id, part);
  do $$ begin
    if to_regclass('_storage.blobs') is not null then
      insert into _storage.parts (upload_id, part, object_id, data)
        select object_id, 0, object_id, data from _storage.blobs on conflict do nothing;
      drop table _storage.blobs;
    end if;
  end $$;
  -- Parts of an upload that never reached its row (a process stopped mid-upload); a day old, so
  -- an upload another process on the same Postgres server is receiving now is left alone.
  delete from _storage.parts where object_id is null and created_at < now() - interval '1 day';`;

/**
 * The size of the parts an upload is written in. Neither the server nor PGlite holds more than a
 * part of a file at a time, and a part's copies (its base64 text, the message to the database's
 * worker) stay below V8's large-object size (128 KB), so they die young instead of piling up until
 * a full collection: a 50 MB upload peaked at +22 to +33 MB of RSS with 64 KB parts, up to +86 MB
 * with 1 MB parts (bodyBounds.test.ts); `npm run bench:storage`'s 1 MB upload did not measurably
 * change (16 inserts of a part cost less than the machine's noise).
 */
export const PART_BYTES = 64 * 1024;

export interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

export interface StoredObject {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
  metadata: ObjectMetadata;
}

/** storage.objects.metadata as supabase/storage writes it. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, created_at, updated_at, last_accessed_at, metadata';

/** The metadata of a file of `size` bytes whose MD5 digest (hex) is `md5`. */
export function objectMetadata(
  file: { size: number; md5: string },
  mimetype: string,
  cacheControl: string,
): ObjectMetadata {
  return {
    eTag: `"${file.md5}"`,
    size: file.size,
    mimetype,
    cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: file.size,
    httpStatusCode: 200,
  };
}

export { md5Hex } from '../platform/hash';

/** Storage reads buckets as its own superuser (their limits apply to every caller). */
export async function findBucket(db: Queryable, id: string): Promise<Bucket> {
  const { rows } = await db.query<Bucket>(
    `select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types
       from storage.buckets where id = $1`,
    [id],
  );
  if (!rows[0]) throw storageErrors.noSuchBucket();
  return rows[0];
}

/** Thrown inside a caller's transaction to roll back a write that was only a permission test. */
const ROLLBACK = Symbol('rollback');

/**
 * Runs fn as the caller, PostgREST-style (role and JWT claims set for the transaction), so the
 * policies on storage.objects decide; Postgres' errors become Storage's answers.
 */
export async function asCaller<T>(
  db: Database,
  identity: RequestIdentity,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await withIdentity(db, identity, fn);
  } catch (error) {
    if (isPgError(error)) throw fromPgError(error);
    throw error;
  }
}

/**
 * Whether the caller may write this object, as Storage's testPermission asks it: the insert (or
 * upsert) runs under the caller's policies and is rolled back.
 */
export async function testWrite(
  db: Database,
  identity: RequestIdentity,
  write: {
    bucketId: string;
    name: string;
    upsert: boolean;
    /** What the request declares (Storage's canUpload sends the type and Content-Length). */
    metadata?: { mimetype: string; contentLength?: number };
  },
): Promise<void> {
  try {
    await asCaller(db, identity, async (tx) => {
      await tx.query(upsertSql(write.upsert), [
        write.bucketId,
        write.name,
        ownerOf(identity),
        JSON.stringify(write.metadata ?? {}),
      ]);
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

const ownerOf = (identity: RequestIdentity) =>
  typeof identity.claims.sub === 'string' && /^[0-9a-f-]{36}$/i.test(identity.claims.sub)
    ? identity.claims.sub
    : null;

const upsertSql = (upsert: boolean) => `
  insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
  values ($1, $2, $3::text::uuid, $3::text, $4::jsonb, gen_random_uuid()::text)
  ${upsert ? 'on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata, version = excluded.version, last_accessed_at = now()' : ''}
  returning id`;

/** Writes one part of an upload (bytes not yet linked to any object). */
export async function writePart(db: Queryable, uploadId: string, part: number, bytes: Uint8Array) {
  await db.query(`insert into _storage.parts (upload_id, part, data) values ($1, $2, decode($3, 'base64'))`, [
    uploadId,
    part,
    toBase64(bytes),
  ]);
}

/** Drops the parts of an upload whose row was never written (refused, failed, cut off). */
export async function discardUpload(db: Queryable, uploadId: string) {
  await db.query('delete from _storage.parts where upload_id = $1 and object_id is null', [uploadId]);
}

/** An object's row to write, with the upload whose parts become its bytes. */
export interface ObjectWrite {
  bucketId: string;
  name: string;
  owner: string | null;
  upsert: boolean;
  uploadId: string;
  metadata: ObjectMetadata;
}

/**
 * Writes the object's row as Storage's own superuser (after the caller's permission test, as
 * Storage's completeUpload does) and links the upload's parts to it, dropping the bytes of the
 * version it replaces; one transaction, so a refused row (a policy, the storage quota) keeps the
 * old object whole. The caller discards the upload's parts when this throws.
 */
export async function storeObject(db: Database, object: ObjectWrite): Promise<string> {
  try {
    return await db.transaction((tx) => writeObject(tx, object));
  } catch (error) {
    if (isPgError(error)) throw fromPgError(error);
    throw error;
  }
}

/** storeObject's statements, in a transaction the caller holds (the seed's). */
export async function writeObject(tx: Queryable, object: ObjectWrite): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(upsertSql(object.upsert), [
    object.bucketId,
    object.name,
    object.owner,
    JSON.stringify(object.metadata),
  ]);
  const id = rows[0].id;
  await tx.query('delete from _storage.parts where object_id = $1 and upload_id <> $2', [
    id,
    object.uploadId,
  ]);
  await tx.query('update _storage.parts set object_id = $1 where upload_id = $2', [id, object.uploadId]);
  return id;
}

/** Copies an object's parts under a new upload id (Storage's copy writes a new file). */
export async function copyParts(db: Queryable, objectId: string, uploadId: string) {
  await db.query(
    `insert into _storage.parts (upload_id, part, data)
     select $2, part, data from _storage.parts where object_id = $1`,
    [objectId, uploadId],
  );
}

export const callerOwner = ownerOf;

/** The object's row as the caller may see it (RLS), or NoSuchKey. */
export async function findVisibleObject(
  db: Database,
  identity: RequestIdentity,
  bucketId: string,
  name: string,
): Promise<StoredObject> {
  const row = await asCaller(db, identity, async (tx) => {
    const { rows } = await tx.query<StoredObject>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, name],
    );
    return rows[0];
  });
  if (!row) throw storageErrors.noSuchKey();
  return row;
}

/** An object's row, read as Storage's superuser (the caller's right to it checked before). */
export async function findStoredObject(db: Queryable, bucketId: string, name: string): Promise<StoredObject> {
  const { rows } = await db.query<StoredObject>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, name],
  );
  if (!rows[0]) throw storageErrors.noSuchKey();
  return rows[0];
}

/** An object and its bytes, read as Storage's superuser (public buckets, signed URLs, after an RLS read). */
export async function readObject(
  db: Queryable,
  bucketId: string,
  name: string,
): Promise<StoredObject & { data: Uint8Array }> {
  const { rows } = await db.query<StoredObject & { data: string | null }>(
    `select ${OBJECT_COLUMNS.split(', ')
      .map((c) => `o.${c}`)
      .join(', ')},
            encode((select string_agg(p.data, ''::bytea order by p.part)
                      from _storage.parts p where p.object_id = o.id), 'base64') as data
       from storage.objects o
      where o.bucket_id = $1 and o.name = $2`,
    [bucketId, name],
  );
  if (!rows[0]) throw storageErrors.noSuchKey();
  return { ...rows[0], data: fromBase64(rows[0].data ?? '') };
}
