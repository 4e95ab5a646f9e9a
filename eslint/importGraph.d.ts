// Types of importGraph.js (plain JavaScript, so eslint.config.js can load it), for the tests.
import type { Rule } from 'eslint';

/** A file's resolved imports: specifier -> absolute path. */
export type ImportGraph = Map<string, Map<string, string>>;

export const CHECKED_FOLDERS: string[];
export const LAYERS: { name: string; prefixes: string[] }[];
export function relative(file: string): string;
export function layerOf(file: string): number | null;
export function readGraph(): ImportGraph;
export function cycles(graph: ImportGraph): Map<string, Set<string>>;
export function pathWithin(graph: ImportGraph, component: Set<string>, from: string, to: string): string[];
export function crossings(graph: ImportGraph): [string, string][];
export const importGraphRule: Rule.RuleModule;
declare const plugin: { rules: { 'import-graph': Rule.RuleModule } };
export default plugin;
