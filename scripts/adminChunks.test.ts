import { describe, expect, it } from 'vitest';
import { withImportMap } from './adminChunks';

describe("withImportMap (the admin's pages lead plain chunk names to content-named files)", () => {
  const urls = new Map([
    ['/assets/admin.js', '/assets/admin-a1.js'],
    ['/assets/App.js', '/assets/App-b2.js'],
    ['/assets/Dashboard.js', '/assets/Dashboard-c3.js'],
  ]);

  it('names the files in scripts, preloads and the prefetch list, with the map before the first script', () => {
    const page = [
      '<head>',
      '    <title>LabelLens Admin</title>',
      '    <script type="module" crossorigin src="/assets/admin.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/App.js">',
      '    <meta name="labellens-prefetch" content="/assets/App.js /assets/Dashboard.js" />',
      '</head>',
    ].join('\n');
    expect(withImportMap(page, urls)).toBe(
      [
        '<head>',
        '    <title>LabelLens Admin</title>',
        '    <script type="importmap">{"imports":{"/assets/App.js":"/assets/App-b2.js","/assets/Dashboard.js":"/assets/Dashboard-c3.js","/assets/admin.js":"/assets/admin-a1.js"}}</script>',
        '    <script type="module" crossorigin src="/assets/admin-a1.js"></script>',
        '    <link rel="modulepreload" crossorigin href="/assets/App-b2.js">',
        '    <meta name="labellens-prefetch" content="/assets/App-b2.js /assets/Dashboard-c3.js" />',
        '</head>',
      ].join('\n'),
    );
  });

  it('refuses a page without a module script (the map would lead nothing)', () => {
    expect(() => withImportMap('<head></head>', urls)).toThrow('The admin HTML has no module script');
  });
});
