import { loadInStagesScript, STAGES_META } from './loadInStages';

/** A signed-in admin page as the build writes it: its entry, then the stages' meta. */
function adminPage(stages: string): Document {
  const doc = document.implementation.createHTMLDocument('admin');
  doc.head.innerHTML = [
    '<script type="module" crossorigin src="/assets/admin-1.js"></script>',
    `<meta name="${STAGES_META}" content="${stages}" />`,
  ].join('');
  return doc;
}

/** Runs the inline script exactly as the page carries it, on `doc` instead of the page's document. */
const runInline = (doc: Document) => new Function('document', loadInStagesScript())(doc);

const preloads = (doc: Document) =>
  [...doc.querySelectorAll<HTMLLinkElement>('link')].map((link) => ({
    rel: link.rel,
    priority: link.getAttribute('fetchpriority'),
    crossOrigin: link.crossOrigin,
    href: link.getAttribute('href'),
  }));
const hrefs = (doc: Document) => preloads(doc).map((link) => link.href);
const link = (doc: Document, href: string) => doc.querySelector<HTMLLinkElement>(`link[href="${href}"]`)!;
const arrive = (doc: Document, href: string, as: 'load' | 'error' = 'load') =>
  link(doc, href).dispatchEvent(new Event(as));

describe('loadInStages (a signed-in page loads its entry, then the app, then the screen)', () => {
  it('asks for the app once the entry has arrived, and for the screen once all of the app has', () => {
    const doc = adminPage(
      '/assets/App-2.js /assets/vendor-3.js | /assets/ScanList-4.js /assets/AdminList-5.js',
    );
    runInline(doc);
    // The entry's own preload shares the module script's fetch; it is how the page knows it arrived.
    expect(preloads(doc)).toEqual([
      { rel: 'modulepreload', priority: null, crossOrigin: 'anonymous', href: '/assets/admin-1.js' },
    ]);
    arrive(doc, '/assets/admin-1.js');
    expect(preloads(doc).slice(1)).toEqual([
      { rel: 'modulepreload', priority: 'low', crossOrigin: 'anonymous', href: '/assets/App-2.js' },
      { rel: 'modulepreload', priority: 'low', crossOrigin: 'anonymous', href: '/assets/vendor-3.js' },
    ]);
    arrive(doc, '/assets/App-2.js');
    expect(hrefs(doc)).toHaveLength(3);
    arrive(doc, '/assets/vendor-3.js');
    expect(preloads(doc).slice(3)).toEqual([
      { rel: 'modulepreload', priority: 'low', crossOrigin: 'anonymous', href: '/assets/ScanList-4.js' },
      { rel: 'modulepreload', priority: 'low', crossOrigin: 'anonymous', href: '/assets/AdminList-5.js' },
    ]);
  });

  it("starts the next stage as a file's last byte arrives (its resource timing), before it is parsed", () => {
    let report: ((list: { getEntries(): Array<{ name: string }> }) => void) | undefined;
    let disconnected = false;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe(options: object) {
          expect(options).toEqual({ type: 'resource', buffered: true });
        }
        disconnect() {
          disconnected = true;
        }
      },
    );
    try {
      const doc = adminPage('/assets/App-2.js | /assets/ScanList-4.js');
      runInline(doc);
      report!({ getEntries: () => [{ name: link(doc, '/assets/admin-1.js').href }] });
      expect(hrefs(doc)).toEqual(['/assets/admin-1.js', '/assets/App-2.js']);
      // Its load event afterwards (once parsed) changes nothing: each file counts once.
      arrive(doc, '/assets/admin-1.js');
      expect(hrefs(doc)).toEqual(['/assets/admin-1.js', '/assets/App-2.js']);
      report!({
        getEntries: () => [{ name: link(doc, '/assets/App-2.js').href }, { name: 'http://x/other.js' }],
      });
      expect(hrefs(doc)).toEqual(['/assets/admin-1.js', '/assets/App-2.js', '/assets/ScanList-4.js']);
      // Once the last stage has arrived, the page's later requests are not watched.
      expect(disconnected).toBe(false);
      report!({ getEntries: () => [{ name: link(doc, '/assets/ScanList-4.js').href }] });
      expect(disconnected).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('goes on past a chunk that failed (its import reports it), and counts each chunk once', () => {
    const doc = adminPage('/assets/App-2.js /assets/vendor-3.js | /assets/ScanList-4.js');
    runInline(doc);
    arrive(doc, '/assets/admin-1.js');
    arrive(doc, '/assets/App-2.js', 'error');
    arrive(doc, '/assets/App-2.js');
    expect(hrefs(doc)).toHaveLength(3);
    arrive(doc, '/assets/vendor-3.js');
    expect(hrefs(doc).slice(3)).toEqual(['/assets/ScanList-4.js']);
  });

  it('after the app, asks for nothing on a page that names no screen (a record address)', () => {
    const doc = adminPage('/assets/App-2.js');
    runInline(doc);
    arrive(doc, '/assets/admin-1.js');
    arrive(doc, '/assets/App-2.js');
    expect(hrefs(doc)).toEqual(['/assets/admin-1.js', '/assets/App-2.js']);
  });

  it('does nothing on a page without the list (a signed-out page)', () => {
    const doc = document.implementation.createHTMLDocument('sign in');
    doc.head.innerHTML = '<script type="module" crossorigin src="/assets/admin-1.js"></script>';
    runInline(doc);
    expect(hrefs(doc)).toEqual([]);
  });
});
