/**
 * The meta element of a signed-in admin page that lists, stage by stage, the chunks the page needs
 * after its entry: the admin app's, then its screen's (written at build time by
 * scripts/adminChunks.ts and scripts/screenPages.ts). Stages are separated by `|`, files by spaces.
 */
export const STAGES_META = 'labellens-stages';

/**
 * Loads a signed-in admin page's JavaScript in stages, each when the one before it has arrived: the
 * entry (the page's module script), then the app, then the screen. On a phone's connection the
 * bytes, not the round trips, are the wait (an empty-cache load of /admin/scans is about 0.4 MB,
 * two seconds at 1.6 Mbps), and chunks requested together share the bandwidth, so the biggest, the
 * entry, arrived last and the phone's CPU idled until everything had. In stages, the entry arrives
 * first and runs (the session checks leave) while the app downloads, and the app runs (the screen's
 * first read leaves) while the screen's chunks download.
 *
 * A stage starts when every file of the one before has loaded or failed (a failed chunk is reported
 * by the import that needs it; it must not hold back the rest). Module preloads fetch and parse a
 * chunk without running it, and share the fetch with the import that runs it. Theirs is low
 * priority, so that the data requests the code sends as it runs (the session checks, the first
 * read) go ahead of the chunks still queued (over HTTP/1.1 a browser opens six connections a host).
 *
 * It runs as an inline script, written into the page as its source text (scripts/adminChunks.ts):
 * it must use nothing from outside its own body.
 */
export function loadInStages(doc: Document, metaName: string): void {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${metaName}"]`);
  const entry = doc.querySelector('script[type="module"][src]')?.getAttribute('src');
  if (!meta || !entry) return;
  const stages = meta.content.split('|').map((stage) => stage.split(' ').filter(Boolean));
  // A file has arrived when its resource timing entry is written, as its last byte arrives; its
  // preload's load event comes only once it is parsed too (the entry: 0.15 s later on a phone).
  const pending = new Map<string, () => void>();
  const observer =
    typeof PerformanceObserver === 'function'
      ? new PerformanceObserver((list) => {
          for (const { name } of list.getEntries()) pending.get(name)?.();
        })
      : undefined;
  observer?.observe({ type: 'resource', buffered: true });
  const preload = (href: string, then: () => void, priority?: 'low') => {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    if (priority) link.setAttribute('fetchpriority', priority);
    // The request mode of the module script (crossorigin), so that the fetch is shared with it.
    link.crossOrigin = 'anonymous';
    link.href = href;
    const arrived = () => {
      if (!pending.delete(link.href)) return;
      then();
    };
    // link.href: the address resolved, as resource timing names it.
    pending.set(link.href, arrived);
    link.onload = link.onerror = arrived;
    doc.head.append(link);
  };
  const start = (index: number): void => {
    const files = stages[index];
    // The last stage has arrived: the page's later requests (its data, images) need no watching.
    if (!files) return observer?.disconnect();
    if (files.length === 0) return start(index + 1);
    let left = files.length;
    for (const href of files)
      preload(
        href,
        () => {
          left -= 1;
          if (left === 0) start(index + 1);
        },
        'low',
      );
  };
  // The entry's own preload shares the module script's fetch and tells when it has arrived.
  preload(entry, () => start(0));
}

/** The inline script that runs loadInStages on the page (its CSP hash is the built pages'). */
export const loadInStagesScript = () =>
  `(${loadInStages.toString()})(document, ${JSON.stringify(STAGES_META)});`;
