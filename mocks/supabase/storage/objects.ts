import { createHash } from 'node:crypto';
import { isPgError, type Database, type Queryable, type RequestIdentity } from '../db/types';
import { withIdentity } from '../db/identity';
import { fromPgError, storageErrors } from './errors';

/**
 * The bytes live in Postgres beside the rows (so they are persisted, copied and rolled back with
 * them, in a folder or in memory): one row per object in a schema no API role can reach. Deleting
 * an object's row deletes its bytes (the foreign key's cascade runs as the table's owner).
 */
export const BLOB_STORE_SQL = `
  create schema if not exists _storage;
  revoke all on schema _storage from public;
  create table if not exists _storage.blobs (
    object_id uuid primary key references storage.objects (id) on delete cascade,
    data bytea not null
  );`;

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

export function objectMetadata(bytes: Uint8Array, mimetype: string, cacheControl: string): ObjectMetadata {
  return {
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    size: bytes.length,
    mimetype,
    cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: bytes.length,
    httpStatusCode: 200,
  };
}

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
  write: { bucketId: string; name: string; upsert: boolean; metadata?: ObjectMetadata },
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

/** Stores the object and its bytes in one transaction, as Storage's own superuser after the test. */
export async function storeObject(
  db: Database,
  object: {
    bucketId: string;
    name: string;
    owner: string | null;
    upsert: boolean;
    bytes: Uint8Array;
    metadata: ObjectMetadata;
  },
): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(upsertSql(object.upsert), [
        object.bucketId,
        object.name,
        object.owner,
        JSON.stringify(object.metadata),
      ]);
      const id = rows[0].id;
      await tx.query(
        `insert into _storage.blobs (object_id, data) values ($1, decode($2, 'base64'))
         on conflict (object_id) do update set data = excluded.data`,
        [id, toBase64(object.bytes)],
      );
      return id;
    });
  } catch (error) {
    if (isPgError(error)) throw fromPgError(error);
    throw error;
  }
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

/** An object and its bytes, read as Storage's superuser (public buckets, signed URLs, after an RLS read). */
export async function readObject(
  db: Queryable,
  bucketId: string,
  name: string,
): Promise<StoredObject & { data: Uint8Array }> {
  const { rows } = await db.query<StoredObject & { data: string }>(
    `select ${OBJECT_COLUMNS.split(', ')
      .map((c) => `o.${c}`)
      .join(', ')}, encode(b.data, 'base64') as data
       from storage.objects o join _storage.blobs b on b.object_id = o.id
      where o.bucket_id = $1 and o.name = $2`,
    [bucketId, name],
  );
  if (!rows[0]) throw storageErrors.noSuchKey();
  return { ...rows[0], data: new Uint8Array(Buffer.from(rows[0].data, 'base64')) };
}

/**
 * Bytes cross to Postgres as base64 text, decoded there: PGlite encodes a bytea parameter byte by
 * byte (about 0.5 s for a megabyte), base64 in one call (about 30 ms); reads likewise.
 */
export const toBase64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
