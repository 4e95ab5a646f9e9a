import { describe, expect, it } from 'vitest';
import { moduleOf, withImportMap } from './adminChunks';

describe("withImportMap (the admin's pages lead plain chunk names to content-named files)", () => {
  const urls = new Map([
    ['/assets/admin.js', '/assets/admin-a1.js'],
    ['/assets/App.js', '/assets/App-b2.js'],
    ['/assets/Dashboard.js', '/assets/Dashboard-c3.js'],
  ]);

  it('names the files in scripts, the stages and the prefetch list, with the map before the first script', () => {
    const page = [
      '<head>',
      '    <title>LabelLens Admin</title>',
      '    <script type="module" crossorigin src="/assets/admin.js"></script>',
      '    <meta name="labellens-stages" content="/assets/App.js | /assets/Dashboard.js">',
      '    <meta name="labellens-prefetch" content="/assets/App.js /assets/Dashboard.js" />',
      '</head>',
    ].join('\n');
    expect(withImportMap(page, urls)).toBe(
      [
        '<head>',
        '    <title>LabelLens Admin</title>',
        '    <script type="importmap">{"imports":{"/assets/App.js":"/assets/App-b2.js","/assets/Dashboard.js":"/assets/Dashboard-c3.js","/assets/admin.js":"/assets/admin-a1.js"}}</script>',
        '    <script type="module" crossorigin src="/assets/admin-a1.js"></script>',
        '    <meta name="labellens-stages" content="/assets/App-b2.js | /assets/Dashboard-c3.js">',
        '    <meta name="labellens-prefetch" content="/assets/App-b2.js /assets/Dashboard-c3.js" />',
        '</head>',
      ].join('\n'),
    );
  });

  it('refuses a page without a module script (the map would lead nothing)', () => {
    expect(() => withImportMap('<head></head>', urls)).toThrow('The admin HTML has no module script');
  });
});

describe("moduleOf (the module a lazy screen's loader imports, for its page's preloads)", () => {
  const modules = [
    'src/resources/scans/ScanList.tsx',
    'src/resources/profiles/ProfileList.tsx',
    'src/dashboard/Dashboard.tsx',
    'src/resources/comingSoonPages.tsx',
  ];
  /** A loader whose source reads `source`, as tsx runs it for scripts/screenPages.ts (vitest rewrites import()). */
  const loader = (source: string) => Object.assign(() => Promise.resolve(), { toString: () => source });

  it('finds the module a loader names, relative paths and a picked export included', () => {
    expect(moduleOf(loader(`() => import('./ScanList')`), modules)).toBe('src/resources/scans/ScanList.tsx');
    expect(moduleOf(loader(`() => import("../dashboard/Dashboard")`), modules)).toBe(
      'src/dashboard/Dashboard.tsx',
    );
    expect(
      moduleOf(
        loader(`() => import('./comingSoonPages').then((m) => ({ default: m.MessagesPage }))`),
        modules,
      ),
    ).toBe('src/resources/comingSoonPages.tsx');
  });

  it('refuses a loader that names no module, or one that no module or two modules match', () => {
    expect(() => moduleOf(loader('() => load()'), modules)).toThrow("A lazy screen's loader names no module");
    expect(() => moduleOf(loader(`() => import('./Missing')`), modules)).toThrow('0 modules match');
    expect(() =>
      moduleOf(loader(`() => import('./List')`), [...modules, 'src/a/List.tsx', 'src/b/List.tsx']),
    ).toThrow('2 modules match');
  });
});
