/**
 * The meta element of a signed-out page (sign in, forgotten password, set a password) that names
 * the admin app's chunks and the dashboard's; written at build time (scripts/adminChunks.ts).
 */
export const PREFETCH_META = 'labellens-prefetch';

/** What the Network Information API tells about the connection (Chromium only; others say nothing). */
interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * While a person is on a signed-out page, fetches and parses the admin's code at low priority once
 * the page is idle (module preloads: nothing runs before it is imported), so that signing in does
 * not then wait for it. Not when the person
 * asked their browser to save data (Save-Data, e.g. on a metered plan) or the connection is 2G:
 * there the bytes may cost money or hold back the sign-in itself.
 */
export function prefetchAdminCode(doc: Document = document): void {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  if (connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) return;
  const files = doc.querySelector<HTMLMetaElement>(`meta[name="${PREFETCH_META}"]`)?.content.split(' ') ?? [];
  const prefetch = () => {
    for (const href of files.filter(Boolean)) {
      const link = doc.createElement('link');
      // A module preload fetches and parses the chunk (it runs only once imported), so after the
      // Sign In click the phone does not spend that time; low priority, behind the page's own work.
      link.rel = 'modulepreload';
      link.setAttribute('fetchpriority', 'low');
      // The same request mode as the module script that will use it, so the preloaded copy is reused.
      link.crossOrigin = 'anonymous';
      link.href = href;
      doc.head.append(link);
    }
  };
  // Safari has no requestIdleCallback: after the page's own work, a moment later.
  if ('requestIdleCallback' in window) requestIdleCallback(prefetch, { timeout: 2000 });
  else setTimeout(prefetch, 500);
}
