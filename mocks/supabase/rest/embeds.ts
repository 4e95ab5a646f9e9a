import { ambiguousRelationship, noRelationship } from './errors';
import { closestName, type ForeignKey, type SchemaCache, type Table } from './schemaCache';

export interface Relationship {
  target: Table;
  /** to-one embeds answer an object (or null), to-many an array. */
  toOne: boolean;
  /** [parent column, child column] pairs joining the two. */
  pairs: Array<[string, string]>;
  fk: ForeignKey;
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one';
}

const isUnique = (table: Table, columns: string[]) =>
  table.uniqueKeys.some((key) => key.length === columns.length && key.every((c) => columns.includes(c)));

/**
 * Resolves `target` (a table name, or a foreign-key column of the parent) embedded under `parent`,
 * optionally disambiguated by `!hint` (a constraint or column name), as PostgREST does.
 */
export function resolveRelationship(
  cache: SchemaCache,
  parent: Table,
  target: string,
  hint?: string,
): Relationship {
  const candidates: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    const refTable = cache.tables.get(fk.refTable);
    const childTable = cache.tables.get(fk.table);
    if (!refTable || !childTable) continue;
    const byColumn = fk.columns.length === 1 && fk.columns[0] === target;
    if (fk.table === parent.name && (fk.refTable === target || byColumn)) {
      const oneToOne = isUnique(parent, fk.columns);
      candidates.push({
        target: refTable,
        toOne: true,
        pairs: fk.columns.map((c, i) => [c, fk.refColumns[i]]),
        fk,
        cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
      });
    }
    if (fk.refTable === parent.name && fk.table === target) {
      const oneToOne = isUnique(childTable, fk.columns);
      candidates.push({
        target: childTable,
        toOne: oneToOne,
        pairs: fk.refColumns.map((c, i) => [c, fk.columns[i]]),
        fk,
        cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
      });
    }
  }
  const matching = hint
    ? candidates.filter(
        (r) => r.fk.name === hint || r.fk.columns.includes(hint) || r.fk.refColumns.includes(hint),
      )
    : candidates;
  if (matching.length === 1) return matching[0];
  if (matching.length === 0) {
    const related = cache.foreignKeys
      .filter((fk) => fk.table === parent.name || fk.refTable === parent.name)
      .map((fk) => (fk.table === parent.name ? fk.refTable : fk.table));
    const suggestion = closestName(target, related, 0.5);
    throw noRelationship(
      parent.name,
      target,
      suggestion ? `Perhaps you meant '${suggestion}' instead of '${target}'.` : null,
    );
  }
  const fmt = (cols: string[]) => `(${cols.join(', ')})`;
  throw ambiguousRelationship(
    parent.name,
    target,
    matching.map((r) => ({
      cardinality: r.cardinality,
      embedding: `${parent.name} with ${r.target.name}`,
      relationship: `${r.fk.name} using ${r.fk.table}${fmt(r.fk.columns)} and ${r.fk.refTable}${fmt(r.fk.refColumns)}`,
    })),
    `Try changing '${target}' to one of the following: ${matching.map((r) => `'${r.target.name}!${r.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
