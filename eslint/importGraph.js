// The module graph of the app's code and the rule that keeps it tidy: no import cycles (type-only
// and dynamic imports included, which eslint-plugin-import's no-cycle skips) and every import going
// down the layers drawn in docs/architecture.md ("Layers"). ESLint runs it as `local/import-graph`;
// the whole graph is read once per ESLint process (TypeScript's import scanner, about half a second).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders whose graph is checked. */
export const CHECKED_FOLDERS = ['src', 'site', 'mocks', 'supabase/functions'];

/**
 * The admin's layers, bottom first: a module may import its own layer and the layers below it,
 * never one above. A file belongs to the layer with the longest prefix that matches it (so a single
 * file can sit apart from its folder: the app shell in src/layout/ reads the registry). Tests and
 * src/test/ stand above every layer. site/, mocks/ and supabase/functions/ have no layers, only the
 * no-cycle rule (the site and the functions import src/domain/ and src/database.types.ts).
 */
export const LAYERS = [
  { name: 'database types', prefixes: ['src/database.types.ts'] },
  { name: 'domain and i18n', prefixes: ['src/domain/', 'src/i18n/'] },
  {
    name: 'providers',
    prefixes: [
      'src/providers/',
      'src/storage/uploads.ts',
      'src/security/secondFactor.ts',
      'src/routes.ts',
      'src/lazyComponent.tsx',
      'src/serviceWorker/newVersion.ts',
      'src/serviceWorker/chunkLoad.ts',
    ],
  },
  {
    name: 'kits',
    prefixes: [
      'src/list/',
      'src/editing/',
      'src/realtime/',
      'src/storage/',
      'src/layout/',
      'src/security/',
      'src/resources/kit.ts',
    ],
  },
  {
    name: 'resources and screens',
    prefixes: [
      'src/resources/',
      'src/notifications/',
      'src/dashboard/',
      'src/team/',
      'src/login/',
      'src/trash/',
    ],
  },
  {
    name: 'app',
    prefixes: [
      'src/',
      'src/layout/AppLayout.tsx',
      'src/layout/AppBar.tsx',
      'src/layout/AppMenu.tsx',
      'src/layout/useScreenDocumentTitle.ts',
    ],
  },
];

const TEST = /(\.test\.tsx?$)|(^src\/test\/)/;

const SOURCE = /\.(ts|tsx)$/;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules') continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry) && !entry.endsWith('.d.ts')) yield full;
  }
}

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const suffix of CANDIDATES) {
    const candidate = base + suffix;
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Repo-relative path with forward slashes. */
export const relative = (file) => path.relative(root, file).split(path.sep).join('/');

/** The index in LAYERS of a file's layer; null outside the layers (tests, site/, mocks/, functions). */
export function layerOf(file) {
  const rel = relative(file);
  if (!rel.startsWith('src/') || TEST.test(rel)) return null;
  let best = null;
  let length = -1;
  LAYERS.forEach((layer, index) => {
    for (const prefix of layer.prefixes)
      if (rel.startsWith(prefix) && prefix.length > length) {
        best = index;
        length = prefix.length;
      }
  });
  return best;
}

/** Every checked file's imports (type-only, re-exports and dynamic ones included), resolved. */
export function readGraph() {
  const graph = new Map();
  for (const folder of CHECKED_FOLDERS)
    for (const file of sourceFiles(path.join(root, folder))) {
      const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = new Map();
      for (const { fileName } of info.importedFiles) {
        const target = resolve(file, fileName);
        if (target) targets.set(fileName, target);
      }
      graph.set(file, targets);
    }
  return graph;
}

/** Strongly connected components with more than one file (Tarjan): each is a set of files in a cycle. */
export function cycles(graph) {
  let index = 0;
  const indexes = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const components = new Map();
  const visit = (start) => {
    // Iterative, so a deep graph cannot overflow the call stack.
    const work = [{ node: start, edges: [...(graph.get(start)?.values() ?? [])], i: 0 }];
    indexes.set(start, index);
    lowlinks.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      if (frame.i < frame.edges.length) {
        const next = frame.edges[frame.i++];
        if (!graph.has(next)) continue;
        if (!indexes.has(next)) {
          indexes.set(next, index);
          lowlinks.set(next, index++);
          stack.push(next);
          onStack.add(next);
          work.push({ node: next, edges: [...graph.get(next).values()], i: 0 });
        } else if (onStack.has(next)) {
          lowlinks.set(frame.node, Math.min(lowlinks.get(frame.node), indexes.get(next)));
        }
        continue;
      }
      work.pop();
      if (work.length)
        lowlinks.set(
          work[work.length - 1].node,
          Math.min(lowlinks.get(work[work.length - 1].node), lowlinks.get(frame.node)),
        );
      if (lowlinks.get(frame.node) === indexes.get(frame.node)) {
        const component = new Set();
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.add(member);
        } while (member !== frame.node);
        if (component.size > 1) for (const file of component) components.set(file, component);
      }
    }
  };
  for (const file of graph.keys()) if (!indexes.has(file)) visit(file);
  return components;
}

/** A shortest path of imports from `from` back to `to` inside their cycle, for the message. */
export function pathWithin(graph, component, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const node = queue.shift();
    if (node === to) break;
    for (const next of graph.get(node).values())
      if (component.has(next) && !previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
  }
  const route = [];
  for (let node = to; node; node = previous.get(node)) route.unshift(relative(node));
  return route;
}

let cached;
const analysis = () => {
  if (!cached) {
    const graph = readGraph();
    cached = { graph, components: cycles(graph) };
  }
  return cached;
};

/** The ESLint rule: reports each import that closes a cycle or climbs a layer. */
export const importGraphRule = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles (type imports included); layers import downward only' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const { graph, components } = analysis();
    const imports = graph.get(file);
    if (!imports) return {};
    const check = (node, specifier) => {
      const target = imports.get(specifier);
      if (!target) return;
      const component = components.get(file);
      if (component && component.has(target)) {
        const route = [relative(file), ...pathWithin(graph, component, target, file)];
        context.report({ node, message: `Import cycle: ${route.join(' -> ')}` });
      }
      const from = layerOf(file);
      const to = layerOf(target);
      if (from !== null && to !== null && to > from)
        context.report({
          node,
          message: `Layer "${LAYERS[from].name}" may not import "${LAYERS[to].name}" (${relative(target)}): see docs/architecture.md, "Layers".`,
        });
    };
    const fromSource = (node) => {
      if (node.source && typeof node.source.value === 'string') check(node, node.source.value);
    };
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string')
          check(node, node.source.value);
      },
    };
  },
};

export default { rules: { 'import-graph': importGraphRule } };

/** Every import that climbs a layer, as [importer, imported]. */
export function crossings(graph) {
  const found = [];
  for (const [file, targets] of graph)
    for (const target of targets.values()) {
      const from = layerOf(file);
      const to = layerOf(target);
      if (from !== null && to !== null && to > from) found.push([file, target]);
    }
  return found;
}

// `node eslint/importGraph.js`: the cycles and the layer crossings, if any.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { graph, components } = analysis();
  for (const component of new Set(components.values()))
    console.log(`cycle of ${component.size}: ${[...component].map(relative).sort().join(', ')}`);
  for (const [file, target] of crossings(graph))
    console.log(
      `up: ${relative(file)} (${LAYERS[layerOf(file)].name}) -> ${relative(target)} (${LAYERS[layerOf(target)].name})`,
    );
}
