import { HttpError, type DataProvider, type RaRecord } from 'react-admin';
import {
  bucketId,
  checkImageBytes,
  fileProblem,
  IMAGE_EXTENSIONS,
  type BucketRef,
  type ImageType,
} from '../domain/storage';
import type { DatabaseClient } from '../domain/database';

/** A form's file field uploaded to a public bucket when the record is saved (ResourceData.upload). */
export interface UploadField<C extends string = string> {
  /** The form value holding the chosen File (never saved as such). */
  fileField: string;
  /** The column that keeps the uploaded object's public URL (typed by the record's columns). */
  urlField: C;
  /** One of BUCKETS by id, or the bucket this resource declares (its rules, once, here). */
  bucket: BucketRef;
}

/** Whether an upload is running, for the field that shows its progress. */
type UploadListener = (uploading: boolean) => void;
const listeners = new Set<UploadListener>();
export function onUploading(listener: UploadListener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
const announce = (uploading: boolean) => listeners.forEach((listener) => listener(uploading));

/**
 * Create, update and delete of resources with an `upload` field: the chosen file is uploaded
 * first (a fresh name, so a replaced screenshot never shows an old cached copy) and its public URL
 * saved in the record; a save that fails removes what it uploaded; a save that replaces or clears
 * an uploaded file, and a delete (of a resource without a trash), remove the object that is no
 * longer used. Nothing is left in the bucket that no record points at (an object that is not
 * ours, an external URL, is left alone).
 */
export function withUploads<T extends DataProvider>(
  provider: T,
  /**
   * The resources (their data halves), of which those with an `upload` field are handled; `trash`
   * says their deletes keep the file (src/providers/resourceData.ts).
   */
  resources: readonly { name: string; upload?: UploadField; trash?: boolean }[],
  client: DatabaseClient,
  supabaseUrl: string,
): T {
  const fields = new Map(resources.flatMap((r) => (r.upload ? [[r.name, r.upload] as const] : [])));
  // A deleted record of a resource with a trash keeps its file until it is deleted forever
  // (src/providers/trashMethods.ts) or purged (supabase/functions/purge-trash): Restore brings both back.
  const removedOnDelete = new Map(
    resources.flatMap((r) => (r.upload && !r.trash ? [[r.name, r.upload] as const] : [])),
  );
  const storage = (field: UploadField) => client.storage.from(bucketId(field.bucket));
  const publicPrefix = (field: UploadField) =>
    `${supabaseUrl}/storage/v1/object/public/${bucketId(field.bucket)}/`;
  /** The object path a saved URL points at, when it is an object of the field's bucket. */
  const ownPath = (field: UploadField, url: unknown) =>
    typeof url === 'string' && url.startsWith(publicPrefix(field))
      ? decodeURIComponent(url.slice(publicPrefix(field).length))
      : null;

  const removeObjects = async (field: UploadField, paths: Array<string | null>) => {
    const own = paths.filter((p): p is string => !!p);
    // A leftover object is a cost, not an error the operator can act on: the save itself succeeded.
    if (own.length) await storage(field).remove(own);
  };

  /** Uploads the chosen file, if any; answers the data to save and the uploaded path. */
  const uploadChosen = async (field: UploadField, data: Record<string, unknown>) => {
    const { [field.fileField]: file, ...rest } = data;
    if (!(file instanceof Blob)) return { data: rest, uploaded: null };
    // The field checked the file when it was chosen; checked again here, so no path sends a file
    // the bucket's rules refuse. Storage checks only the declared type (uploader.ts), so this is
    // what keeps a renamed SVG or page, declared image/png, out of the public bucket.
    const problem = fileProblem(file, field.bucket) ?? (await checkImageBytes(file, field.bucket));
    if (problem) throw new HttpError(problem, 400);
    const extension = IMAGE_EXTENSIONS[file.type as ImageType] ?? 'bin';
    const path = `${crypto.randomUUID()}.${extension}`;
    announce(true);
    try {
      // The bytes as the body (not a multipart form): what Storage stores is exactly the file.
      const bytes = new Uint8Array(await file.arrayBuffer());
      const { error } = await storage(field).upload(path, bytes, { contentType: file.type, upsert: false });
      if (error)
        throw new HttpError(error.message, Number((error as { status?: number }).status ?? 400), error);
    } finally {
      announce(false);
    }
    return {
      data: { ...rest, [field.urlField]: storage(field).getPublicUrl(path).data.publicUrl },
      uploaded: path,
    };
  };

  return {
    ...provider,
    async create(resource, params) {
      const field = fields.get(resource);
      if (!field) return provider.create(resource, params);
      const { data, uploaded } = await uploadChosen(field, params.data);
      try {
        return await provider.create(resource, { ...params, data });
      } catch (error) {
        await removeObjects(field, [uploaded]);
        throw error;
      }
    },
    async update(resource, params) {
      const field = fields.get(resource);
      if (!field) return provider.update(resource, params);
      const { data, uploaded } = await uploadChosen(field, params.data);
      let result;
      try {
        result = await provider.update(resource, { ...params, data });
      } catch (error) {
        await removeObjects(field, [uploaded]);
        throw error;
      }
      const before = ownPath(field, params.previousData?.[field.urlField]);
      if (before && before !== ownPath(field, result.data[field.urlField]))
        await removeObjects(field, [before]);
      return result;
    },
    async delete(resource, params) {
      const field = removedOnDelete.get(resource);
      const result = await provider.delete(resource, params);
      if (field)
        await removeObjects(field, [ownPath(field, (params.previousData ?? result.data)?.[field.urlField])]);
      return result;
    },
    async deleteMany(resource, params) {
      const field = removedOnDelete.get(resource);
      if (!field) return provider.deleteMany(resource, params);
      // The rows' URLs, read before they are gone.
      const { data: rows } = await provider.getMany<RaRecord>(resource, { ids: params.ids });
      const result = await provider.deleteMany(resource, params);
      const deleted = new Set((result.data ?? params.ids).map(String));
      await removeObjects(
        field,
        rows.filter((row) => deleted.has(String(row.id))).map((row) => ownPath(field, row[field.urlField])),
      );
      return result;
    },
  };
}
