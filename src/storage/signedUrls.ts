import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { ListContext, type RaRecord } from 'react-admin';
import { SIGNED_URL_SECONDS, type BucketId } from '../domain/storage';
import { supabaseClient } from '../providers/supabaseClient';

/**
 * How long a signed URL lasts; renewed a minute before it lapses, so a shown image never points at
 * an expired URL. An object so that a test can shorten it (the tests share their modules).
 */
export const signedUrlLife = { seconds: SIGNED_URL_SECONDS };
const renewMs = () => (signedUrlLife.seconds - 60) * 1000;

/**
 * Signed URLs of private objects, all signed in ONE request and renewed before they lapse (the one
 * signing hook: every screen that shows private photos uses it, directly or via useSignedUrl).
 * Returns a path's URL, or null while signing, or when the object is missing or the operator may
 * not read it. Screens that ask for the same paths share the same request (the query key).
 */
export function useSignedUrls(bucket: BucketId, paths: readonly string[]) {
  const { data } = useQuery({
    queryKey: ['storage', 'signed-urls', bucket, paths],
    enabled: paths.length > 0,
    staleTime: renewMs(),
    refetchInterval: renewMs(),
    // An open tab in the background still needs live URLs when the operator comes back to it.
    refetchIntervalInBackground: true,
    queryFn: async () => {
      const { data, error } = await supabaseClient.storage
        .from(bucket)
        .createSignedUrls([...paths], signedUrlLife.seconds);
      if (error) throw error;
      return new Map(data.map((signed) => [signed.path, signed.signedUrl]));
    },
  });
  return (path: string | null | undefined) => (path ? (data?.get(path) ?? null) : null);
}

/**
 * A private object's signed URL (see useSignedUrls). Inside a list, the whole page's paths are
 * signed in one request, which every row shares; a record's own path is added when it is not on
 * the page (a details dialog opened from a link).
 */
export function useSignedUrl(bucket: BucketId, pathField: string, path: string | null | undefined) {
  const list = useContext(ListContext);
  const pagePaths = (list?.data ?? [])
    .map((row: RaRecord) => row[pathField] as unknown)
    .filter((p): p is string => typeof p === 'string' && p !== '');
  const paths = path && !pagePaths.includes(path) ? [...pagePaths, path] : pagePaths;
  return useSignedUrls(bucket, path ? paths : [])(path);
}
