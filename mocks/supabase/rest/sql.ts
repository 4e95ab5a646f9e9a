/** Quoting helpers and a collector of $n parameters, so request values never enter SQL text. */

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

export const qualified = (name: string) => `"public".${ident(name)}`;

export class SqlParams {
  readonly values: unknown[] = [];
  /** Adds a value and returns its placeholder; Postgres infers its type from where it is used. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
