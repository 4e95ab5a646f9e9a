import { readdirSync } from 'node:fs';
import path from 'node:path';
import { readSupabaseConfig } from '../config';

const SUPABASE_DIR = path.resolve(import.meta.dirname, '../../../supabase');

/** A `*` pattern of one path segment as a regular expression. */
const segment = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);

/**
 * config.toml's `[db.migrations] schema_paths` as the Supabase CLI reads them: each entry a file or a
 * glob (`*` in the file name) relative to supabase/, a glob's matches sorted lexicographically, and a
 * file named twice kept at its first place (the CLI's config loader, `schema_paths` "Supports glob
 * patterns"; docs "Declarative database schemas": "evaluated, deduplicated, and sorted").
 */
export function schemaPaths(entries = readSupabaseConfig().db?.migrations?.schema_paths ?? []): string[] {
  return expandPaths(entries);
}

/**
 * config.toml's `[db.seed] sql_paths` (default `./seed.sql`), read the same way: the seed files in
 * the order `supabase db reset` runs them, each file one batch (see runSeedLikeTheCli).
 */
export function seedPaths(entries = readSupabaseConfig().db?.seed?.sql_paths ?? ['./seed.sql']): string[] {
  return expandPaths(entries);
}

/** Entries relative to supabase/, each a file or a `*` glob in its file name, expanded in order. */
function expandPaths(entries: readonly string[]): string[] {
  const files: string[] = [];
  for (const entry of entries) {
    const dir = path.posix.dirname(entry);
    const name = path.posix.basename(entry);
    const matches = name.includes('*')
      ? readdirSync(path.join(SUPABASE_DIR, dir))
          .filter((file) => segment(name).test(file))
          .sort()
          .map((file) => `${dir}/${file}`)
      : [entry];
    for (const file of matches) if (!files.includes(file)) files.push(file);
  }
  return files;
}
