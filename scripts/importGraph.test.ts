import path from 'node:path';
import {
  crossings,
  cycles,
  layerOf,
  LAYERS,
  readGraph,
  relative,
  type ImportGraph,
} from '../eslint/importGraph.js';

const root = path.resolve(import.meta.dirname, '..');
const file = (rel: string) => path.join(root, rel);
const layerName = (rel: string) => {
  const index = layerOf(file(rel));
  return index === null ? null : LAYERS[index].name;
};

describe('the module graph (eslint/importGraph.js, lint rule local/import-graph)', () => {
  const repo = readGraph();

  it('has no import cycle in src/, site/, mocks/ and supabase/functions/, type imports included', () => {
    const components = cycles(repo);
    expect([...new Set(components.values())].map((c) => [...c].map(relative).sort())).toEqual([]);
  });

  it('imports only downward through the admin layers', () => {
    expect(crossings(repo).map(([from, to]) => `${relative(from)} -> ${relative(to)}`)).toEqual([]);
  });

  it('finds a cycle closed by a type-only import, and only the files in it', () => {
    const graph: ImportGraph = new Map([
      ['/a.ts', new Map([['./b', '/b.ts']])],
      ['/b.ts', new Map([['./c', '/c.ts']])],
      ['/c.ts', new Map([['./a', '/a.ts']])],
      ['/d.ts', new Map([['./a', '/a.ts']])],
    ]);
    const components = cycles(graph);
    expect([...components.keys()].sort()).toEqual(['/a.ts', '/b.ts', '/c.ts']);
    // A type-only import is an edge of the graph like any other.
    expect(repo.get(file('src/resources/scans/data.ts'))?.get('../../domain/database')).toBe(
      file('src/domain/database.ts'),
    );
  });

  it('places a file by its longest matching prefix; tests and other folders are outside the layers', () => {
    expect(layerName('src/database.types.ts')).toBe('database types');
    expect(layerName('src/domain/limits.ts')).toBe('domain and i18n');
    expect(layerName('src/storage/uploads.ts')).toBe('providers');
    expect(layerName('src/storage/Picture.tsx')).toBe('kits');
    expect(layerName('src/resources/kit.ts')).toBe('kits');
    expect(layerName('src/resources/scans/data.ts')).toBe('resources and screens');
    expect(layerName('src/layout/AppMenu.tsx')).toBe('app');
    expect(layerName('src/App.tsx')).toBe('app');
    expect(layerName('src/resources/registry.test.ts')).toBeNull();
    expect(layerName('src/test/renderAdmin.tsx')).toBeNull();
    expect(layerName('site/App.tsx')).toBeNull();
  });
});
