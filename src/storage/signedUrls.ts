import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { ListContext, type RaRecord } from 'react-admin';
import { SIGNED_URL_SECONDS, type BucketId } from '../domain/storage';
import { supabaseClient } from '../providers/supabaseClient';

/** Renewed a minute before they lapse, so a shown image never points at an expired URL. */
const RENEW_MS = (SIGNED_URL_SECONDS - 60) * 1000;

/**
 * A private object's signed URL (null while signing, or when the object is missing or the
 * operator may not read it). Inside a list, the whole page's paths are signed in ONE request,
 * which every row shares (the same query key); a record's own path is added when it is not on
 * the page (a details dialog opened from a link).
 */
export function useSignedUrl(bucket: BucketId, pathField: string, path: string | null | undefined) {
  const list = useContext(ListContext);
  const pagePaths = (list?.data ?? [])
    .map((row: RaRecord) => row[pathField] as unknown)
    .filter((p): p is string => typeof p === 'string' && p !== '');
  const paths = path && !pagePaths.includes(path) ? [...pagePaths, path] : pagePaths;
  const { data } = useQuery({
    queryKey: ['storage', 'signed-urls', bucket, paths],
    enabled: paths.length > 0 && !!path,
    staleTime: RENEW_MS,
    refetchInterval: RENEW_MS,
    queryFn: async () => {
      const { data, error } = await supabaseClient.storage
        .from(bucket)
        .createSignedUrls(paths, SIGNED_URL_SECONDS);
      if (error) throw error;
      return new Map(data.map((signed) => [signed.path, signed.signedUrl]));
    },
  });
  return path ? (data?.get(path) ?? null) : null;
}
