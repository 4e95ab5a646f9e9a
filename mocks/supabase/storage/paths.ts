import { storageErrors } from './errors';

/** supabase/storage's object key characters (src/storage/limits.ts): S3's safe set. */
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;

/**
 * An object's name as the API takes it: Storage's character set, and, stricter than S3, no name
 * that is absolute, has an empty folder, or climbs out of its folder (`.` or `..` segments, in
 * whatever encoding the URL carried them: names are checked after decoding).
 */
export function checkObjectKey(key: string): string {
  const ok =
    key.length > 0 &&
    key.length <= 1024 &&
    VALID_OBJECT_KEY.test(key) &&
    !key.startsWith('/') &&
    key
      .split('/')
      .every(
        (segment, i, all) => (segment !== '' || i === all.length - 1) && segment !== '.' && segment !== '..',
      );
  if (!ok) throw storageErrors.invalidKey(key);
  return key;
}

/** `bucket/a/b.png` -> ['bucket', 'a/b.png'] (the rest of a route after its fixed part, URL-decoded). */
export function splitBucketPath(rest: string): [string, string] {
  const decoded = safeDecode(rest);
  const slash = decoded.indexOf('/');
  if (slash < 0) return [decoded, ''];
  return [decoded.slice(0, slash), decoded.slice(slash + 1)];
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw storageErrors.invalidKey(value);
  }
}
