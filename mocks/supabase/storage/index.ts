import { randomUUID } from '../platform/random';
import { readSupabaseConfig } from '../config';
import type { RouteHandler, StandInContext } from '../context';
import type { RequestIdentity } from '../db';
import { signJwt, verifyJwt } from '../jwt';
import { resolveIdentity } from '../rest/identity';
import { errorResponse, StorageError, storageErrors } from './errors';
import {
  declaredLength,
  multipartFile,
  MULTIPART_ENVELOPE,
  rawFile,
  receive,
  tooLarge,
  validateMimeType,
} from './incoming';
import {
  asCaller,
  callerOwner,
  copyParts,
  discardUpload,
  findBucket,
  findStoredObject,
  findVisibleObject,
  OBJECT_COLUMNS,
  objectMetadata,
  readObject,
  storeObject,
  testWrite,
  type StoredObject,
} from './objects';
import { checkObjectKey, splitBucketPath } from './paths';
import { parseSize } from './sizes';

/** The project-wide upload limit ([storage] file_size_limit; the CLI's default is 50MiB). */
export const GLOBAL_FILE_SIZE_LIMIT = parseSize(readSupabaseConfig().storage?.file_size_limit ?? '50MiB');
/** The largest request body a server passes to Storage: the upload limit and a multipart envelope. */
export const STORAGE_MAX_BODY_BYTES = GLOBAL_FILE_SIZE_LIMIT + MULTIPART_ENVELOPE;

/** What Storage answers for a body over the project's limit (a server stops reading it first). */
export const bodyTooLarge = () => errorResponse(tooLarge(GLOBAL_FILE_SIZE_LIMIT));

/** Storage's default lifetime of a signed upload URL (two hours). */
const SIGNED_UPLOAD_SECONDS = 7200;
/**
 * /storage/v1: supabase/storage's object API as @supabase/storage-js calls it. Every read and write
 * of storage.objects runs as the caller (their role and claims), so the policies in
 * supabase/migrations decide; the bytes are then read or written as Storage's own superuser.
 */
export const handleStorage: RouteHandler = async (request, ctx, subPath) => {
  try {
    return await route(request, ctx, subPath);
  } catch (error) {
    if (error instanceof StorageError) return errorResponse(error);
    throw error;
  }
};

async function route(request: Request, ctx: StandInContext, subPath: string): Promise<Response> {
  const method = request.method;
  const url = new URL(request.url);
  const fail = () => {
    throw storageErrors.notFound(method, `/storage/v1${subPath}`);
  };
  if (subPath === '/bucket' || subPath.startsWith('/bucket/')) {
    if (method !== 'GET') fail();
    return listBuckets(ctx, await caller(request, ctx), decodeURIComponent(subPath.slice('/bucket/'.length)));
  }
  if (!subPath.startsWith('/object/')) fail();
  const rest = subPath.slice('/object/'.length);
  const after = (prefix: string) => (rest.startsWith(prefix) ? rest.slice(prefix.length) : undefined);

  let tail: string | undefined;
  if ((tail = after('upload/sign/')) !== undefined) {
    const [bucket, name] = splitBucketPath(tail);
    if (method === 'POST') return createSignedUpload(request, ctx, bucket, checkObjectKey(name));
    if (method === 'PUT') return uploadToSignedUrl(request, ctx, bucket, checkObjectKey(name), url);
    fail();
  }
  if ((tail = after('sign/')) !== undefined) {
    const [bucket, name] = splitBucketPath(tail);
    if (method === 'GET') return signedDownload(ctx, bucket, name, url);
    if (method === 'POST')
      return name ? signOne(request, ctx, bucket, checkObjectKey(name)) : signMany(request, ctx, bucket);
    fail();
  }
  if ((tail = after('public/')) !== undefined && (method === 'GET' || method === 'HEAD')) {
    const [bucket, name] = splitBucketPath(tail);
    const found = await findBucket(ctx.db, bucket);
    if (!found.public) throw storageErrors.noSuchBucket();
    return objectResponse(await readObject(ctx.db, bucket, checkObjectKey(name)), method, url);
  }
  if ((tail = after('info/')) !== undefined && method === 'GET') {
    const [bucket, name] = splitBucketPath(tail);
    return Response.json(
      info(await findVisibleObject(ctx.db, await caller(request, ctx), bucket, checkObjectKey(name))),
    );
  }
  if ((tail = after('list/')) !== undefined && method === 'POST')
    return list(request, ctx, splitBucketPath(tail)[0]);
  if (rest === 'move' && method === 'POST') return move(request, ctx);
  if (rest === 'copy' && method === 'POST') return copy(request, ctx);

  const [bucket, name] = splitBucketPath(after('authenticated/') ?? rest);
  if (!name) {
    if (method === 'DELETE') return remove(request, ctx, bucket);
    fail();
  }
  const key = checkObjectKey(name);
  if (method === 'GET' || method === 'HEAD') {
    const identity = await caller(request, ctx);
    await findVisibleObject(ctx.db, identity, bucket, key);
    return objectResponse(await readObject(ctx.db, bucket, key), method, url);
  }
  if (method === 'POST' || method === 'PUT') {
    // POST creates (x-upsert: true replaces); PUT replaces an existing object (Storage's update).
    const upsert = method === 'PUT' || request.headers.get('x-upsert') === 'true';
    const identity = await caller(request, ctx);
    return upload(request, ctx, {
      bucketId: bucket,
      name: key,
      upsert,
      identity,
      owner: callerOwner(identity),
    });
  }
  return fail();
}

/** The caller from the Authorization bearer (or the apikey), verified as PostgREST verifies it. */
async function caller(request: Request, ctx: StandInContext): Promise<RequestIdentity> {
  try {
    return await resolveIdentity(request, ctx.db, ctx.jwtSecret);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Invalid JWT';
    throw storageErrors.accessDenied(message === 'JWT expired' ? 'jwt expired' : message);
  }
}

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw storageErrors.invalidRequest('body must be object');
}

/** An expiry in seconds as Storage takes it: a whole number of at least 1. */
function expiresIn(body: Record<string, unknown>): number {
  const value = body.expiresIn;
  if (value === undefined) throw storageErrors.missingParameter('expiresIn');
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw storageErrors.invalidRequest('body/expiresIn must be >= 1');
  return value;
}

// ---------------------------------------------------------------------------------------------
// Uploads

interface UploadTarget {
  bucketId: string;
  name: string;
  upsert: boolean;
  owner: string | null;
  /** Absent for a signed upload URL: its token is the permission. */
  identity?: RequestIdentity;
}

/**
 * An upload as supabase/storage's uploader runs it (src/storage/uploader.ts, fileUploadFromRequest
 * and canUpload): the declared length against the bucket's limit and the declared type against its
 * types (validateMimeType: the label decides, the bytes are never looked at), then the caller's
 * permission test (their insert with the declared type and Content-Length, rolled back), all before
 * the body is read; then the body, streamed into the database part by part (checked on its length
 * as it arrives), and only then the row (completeUpload, as Storage's superuser). Whatever refuses
 * the upload on the way drops the parts already written.
 */
async function upload(request: Request, ctx: StandInContext, target: UploadTarget): Promise<Response> {
  const bucket = await findBucket(ctx.db, target.bucketId);
  const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
  const contentType = request.headers.get('content-type') ?? '';
  const multipart = contentType.startsWith('multipart/form-data');
  const declared = declaredLength(request);
  // A multipart body is a little larger than its file: allow its envelope before reading.
  if (declared !== undefined && declared > limit + (multipart ? MULTIPART_ENVELOPE : 0))
    throw tooLarge(limit);

  const file = multipart ? await multipartFile(request) : rawFile(request);
  if (bucket.allowed_mime_types?.length) validateMimeType(file.mimeType, bucket.allowed_mime_types);
  if (target.identity)
    await testWrite(ctx.db, target.identity, {
      bucketId: target.bucketId,
      name: target.name,
      upsert: target.upsert,
      metadata: { mimetype: file.mimeType, ...(declared !== undefined ? { contentLength: declared } : {}) },
    });

  const received = await receive(ctx, file.chunks, limit);
  try {
    const metadata = objectMetadata(received, file.mimeType, file.cacheControl);
    const id = await storeObject(ctx.db, { ...target, uploadId: received.uploadId, metadata });
    return Response.json({ Id: id, Key: `${target.bucketId}/${target.name}` });
  } catch (error) {
    await discardUpload(ctx.db, received.uploadId);
    throw error;
  }
}

async function createSignedUpload(request: Request, ctx: StandInContext, bucketId: string, name: string) {
  const identity = await caller(request, ctx);
  await findBucket(ctx.db, bucketId);
  const upsert = request.headers.get('x-upsert') === 'true';
  await testWrite(ctx.db, identity, { bucketId, name, upsert });
  const token = await signJwt(
    { owner: callerOwner(identity) ?? undefined, url: `${bucketId}/${name}`, upsert, scope: 'upload' },
    { expiresInSeconds: SIGNED_UPLOAD_SECONDS, secret: ctx.jwtSecret },
  );
  return Response.json({ url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token });
}

async function uploadToSignedUrl(
  request: Request,
  ctx: StandInContext,
  bucketId: string,
  name: string,
  url: URL,
) {
  const claims = await verifySignedToken(ctx, url, `${bucketId}/${name}`, 'upload');
  return upload(request, ctx, {
    bucketId,
    name,
    upsert: claims.upsert === true,
    owner: typeof claims.owner === 'string' ? claims.owner : null,
  });
}

// ---------------------------------------------------------------------------------------------
// Reads

/**
 * An object as supabase/storage's renderer sends it (src/storage/renderer/renderer.ts, setHeaders):
 * the type it was uploaded with as its Content-Type, except that a text/html one is sent as
 * text/plain (normalizeContentType); no Content-Security-Policy, no rewriting of other types.
 */
function objectResponse(object: StoredObject & { data: Uint8Array }, method: string, url: URL): Response {
  const mimetype = object.metadata.mimetype;
  const headers = new Headers({
    'Accept-Ranges': 'bytes',
    'Content-Type': mimetype.includes('text/html') ? 'text/plain' : mimetype,
    ETag: object.metadata.eTag,
    'X-Robots-Tag': 'none',
    'Last-Modified': new Date(object.updated_at).toUTCString(),
    'Content-Length': String(object.data.length),
    'Cache-Control': object.metadata.cacheControl || 'no-cache',
  });
  // handleDownload: `?download` alone asks for an attachment; with a value, under that name.
  const download = url.searchParams.get('download');
  if (download === '') headers.set('Content-Disposition', 'attachment;');
  else if (download !== null) {
    const encoded = encodeURIComponent(download);
    headers.set('Content-Disposition', `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`);
  }
  return new Response(method === 'HEAD' ? null : new Uint8Array(object.data), { status: 200, headers });
}

function info(object: StoredObject) {
  return {
    id: object.id,
    name: object.name,
    bucket_id: object.bucket_id,
    size: object.metadata.size,
    content_type: object.metadata.mimetype,
    cache_control: object.metadata.cacheControl,
    etag: object.metadata.eTag,
    last_modified: object.updated_at,
    created_at: object.created_at,
    metadata: {},
  };
}

async function verifySignedToken(ctx: StandInContext, url: URL, path: string, scope: 'download' | 'upload') {
  const token = url.searchParams.get('token');
  if (!token) throw storageErrors.missingParameter('token');
  const check = await verifyJwt(token, ctx.jwtSecret);
  if (!check.ok)
    throw storageErrors.invalidJwt(check.reason === 'expired' ? 'jwt expired' : 'invalid signature');
  if (check.claims.scope !== scope) throw storageErrors.invalidSignature(`Token is not scoped for ${scope}`);
  if (check.claims.url !== path) throw storageErrors.invalidSignature();
  return check.claims;
}

async function signedDownload(ctx: StandInContext, bucketId: string, name: string, url: URL) {
  await verifySignedToken(ctx, url, `${bucketId}/${name}`, 'download');
  return objectResponse(await readObject(ctx.db, bucketId, checkObjectKey(name)), 'GET', url);
}

const downloadToken = (ctx: StandInContext, path: string, seconds: number) =>
  signJwt({ url: path, scope: 'download' }, { expiresInSeconds: seconds, secret: ctx.jwtSecret });

async function signOne(request: Request, ctx: StandInContext, bucketId: string, name: string) {
  const identity = await caller(request, ctx);
  const seconds = expiresIn(await jsonBody(request));
  await findVisibleObject(ctx.db, identity, bucketId, name);
  const path = `${bucketId}/${name}`;
  return Response.json({
    signedURL: `/object/sign/${path}?token=${await downloadToken(ctx, path, seconds)}`,
  });
}

/** Storage's limit of paths in one request (MAX_OBJECTS_PER_REQUEST). */
const MAX_PATHS = 1000;

async function signMany(request: Request, ctx: StandInContext, bucketId: string) {
  const identity = await caller(request, ctx);
  const body = await jsonBody(request);
  const seconds = expiresIn(body);
  const paths = body.paths;
  if (!Array.isArray(paths) || paths.length === 0 || paths.some((p) => typeof p !== 'string'))
    throw storageErrors.invalidRequest('body/paths must be a non-empty array of strings');
  if (paths.length > MAX_PATHS)
    throw storageErrors.invalidRequest(`body/paths must NOT have more than ${MAX_PATHS} items`);
  // One query for the page: which of these the caller may see.
  const visible = await asCaller(ctx.db, identity, async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [bucketId, paths],
    );
    return new Set(rows.map((r) => r.name));
  });
  return Response.json(
    await Promise.all(
      (paths as string[]).map(async (path) =>
        visible.has(path)
          ? {
              error: null,
              path,
              signedURL: `/object/sign/${bucketId}/${path}?token=${await downloadToken(ctx, `${bucketId}/${path}`, seconds)}`,
            }
          : {
              error: 'Either the object does not exist or you do not have access to it',
              path,
              signedURL: null,
            },
      ),
    ),
  );
}

const SORT_COLUMNS = new Set(['name', 'created_at', 'updated_at', 'last_accessed_at']);

/** POST /object/list/{bucket}: one folder level under `prefix`, as storage.search answers it. */
async function list(request: Request, ctx: StandInContext, bucketId: string) {
  const identity = await caller(request, ctx);
  const body = await jsonBody(request);
  const rawPrefix = typeof body.prefix === 'string' ? body.prefix : '';
  const prefix = rawPrefix === '' || rawPrefix.endsWith('/') ? rawPrefix : `${rawPrefix}/`;
  const limit = Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 1000);
  const offset = Math.max(Number(body.offset ?? 0) || 0, 0);
  const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
  const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
  const column = SORT_COLUMNS.has(sortBy.column ?? '') ? (sortBy.column as keyof StoredObject) : 'name';
  const descending = String(sortBy.order).toLowerCase() === 'desc';

  const rows = await asCaller(ctx.db, identity, async (tx) => {
    const { rows } = await tx.query<StoredObject>(
      `select ${OBJECT_COLUMNS} from storage.objects
        where bucket_id = $1 and left(name, length($2)) = $2`,
      [bucketId, prefix],
    );
    return rows;
  });
  const entries = new Map<string, StoredObject | null>();
  for (const row of rows) {
    const below = row.name.slice(prefix.length);
    const slash = below.indexOf('/');
    const entry = slash < 0 ? below : below.slice(0, slash);
    if (search && !entry.toLowerCase().startsWith(search)) continue;
    if (slash < 0) entries.set(entry, row);
    else if (!entries.has(entry)) entries.set(entry, null);
  }
  // storage.search's columns: a folder is a name with nulls.
  const listed = [...entries].map(([name, row]) =>
    row
      ? {
          name,
          id: row.id,
          updated_at: row.updated_at,
          created_at: row.created_at,
          last_accessed_at: row.last_accessed_at,
          metadata: row.metadata,
        }
      : { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null },
  );
  listed.sort((a, b) => {
    const x = String(a[column as keyof typeof a] ?? '');
    const y = String(b[column as keyof typeof b] ?? '');
    return (x < y ? -1 : x > y ? 1 : 0) * (descending ? -1 : 1);
  });
  return Response.json(listed.slice(offset, offset + limit));
}

async function listBuckets(ctx: StandInContext, identity: RequestIdentity, id: string) {
  const rows = await asCaller(ctx.db, identity, async (tx) => {
    const { rows } = await tx.query(
      `select id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types,
              created_at, updated_at
         from storage.buckets where $1 = '' or id = $1 order by name`,
      [id],
    );
    return rows;
  });
  if (!id) return Response.json(rows);
  if (!rows[0]) throw storageErrors.noSuchBucket();
  return Response.json(rows[0]);
}

// ---------------------------------------------------------------------------------------------
// Move, copy, remove

function moveBody(body: Record<string, unknown>) {
  const { bucketId, sourceKey, destinationKey } = body;
  for (const [name, value] of Object.entries({ bucketId, sourceKey, destinationKey }))
    if (typeof value !== 'string' || !value) throw storageErrors.missingParameter(name);
  const destinationBucket =
    typeof body.destinationBucket === 'string' ? body.destinationBucket : (bucketId as string);
  return {
    bucketId: bucketId as string,
    sourceKey: checkObjectKey(sourceKey as string),
    destinationKey: checkObjectKey(destinationKey as string),
    destinationBucket,
  };
}

/** Renames the object's row under the caller's update policy (old and new name); its bytes follow. */
async function move(request: Request, ctx: StandInContext) {
  const identity = await caller(request, ctx);
  const { bucketId, sourceKey, destinationKey, destinationBucket } = moveBody(await jsonBody(request));
  await findBucket(ctx.db, destinationBucket);
  const moved = await asCaller(ctx.db, identity, async (tx) => {
    const { rows } = await tx.query(
      `update storage.objects set bucket_id = $3, name = $4, last_accessed_at = now()
        where bucket_id = $1 and name = $2 returning id`,
      [bucketId, sourceKey, destinationBucket, destinationKey],
    );
    return rows.length > 0;
  });
  if (!moved) throw storageErrors.noSuchKey();
  return Response.json({ message: 'Successfully moved' });
}

/** The caller must see the source and may write the destination; the copy is then stored whole. */
async function copy(request: Request, ctx: StandInContext) {
  const identity = await caller(request, ctx);
  const { bucketId, sourceKey, destinationKey, destinationBucket } = moveBody(await jsonBody(request));
  await findVisibleObject(ctx.db, identity, bucketId, sourceKey);
  await findBucket(ctx.db, destinationBucket);
  const source = await findStoredObject(ctx.db, bucketId, sourceKey);
  await testWrite(ctx.db, identity, { bucketId: destinationBucket, name: destinationKey, upsert: false });
  const uploadId = randomUUID();
  await copyParts(ctx.db, source.id, uploadId);
  let id: string;
  try {
    id = await storeObject(ctx.db, {
      bucketId: destinationBucket,
      name: destinationKey,
      owner: callerOwner(identity),
      upsert: false,
      uploadId,
      metadata: { ...source.metadata, lastModified: new Date().toUTCString() },
    });
  } catch (error) {
    await discardUpload(ctx.db, uploadId);
    throw error;
  }
  return Response.json({ Id: id, Key: `${destinationBucket}/${destinationKey}` });
}

/** DELETE /object/{bucket} with `prefixes`: the rows the caller's delete policy lets go, with their bytes. */
async function remove(request: Request, ctx: StandInContext, bucketId: string) {
  const identity = await caller(request, ctx);
  const prefixes = (await jsonBody(request)).prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.some((p) => typeof p !== 'string'))
    throw storageErrors.invalidRequest('body/prefixes must be a non-empty array of strings');
  if (prefixes.length > MAX_PATHS)
    throw storageErrors.invalidRequest(`body/prefixes must NOT have more than ${MAX_PATHS} items`);
  const removed = await asCaller(ctx.db, identity, async (tx) => {
    // Storage's own switch for its delete guard (storage.protect_delete).
    await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
    const { rows } = await tx.query(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning ${OBJECT_COLUMNS}`,
      [bucketId, prefixes],
    );
    return rows;
  });
  return Response.json(removed);
}
