import { stringify } from 'qs-esm';

/**
 * `qs` for the admin bundle (vite.config.ts aliases it here). ra-data-postgrest, under ra-supabase,
 * imports qs only for `qs.stringify(query)`; qs itself pulls in side-channel, get-intrinsic and
 * object-inspect, about 10 KB gzipped that every list route downloaded. qs-esm is payloadcms's
 * fork of the same code without them; qsCompat.test.ts holds its answers to qs's own.
 */
export default { stringify };
