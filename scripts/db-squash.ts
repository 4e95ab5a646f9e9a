/**
 * `npm run db:squash`: replaces supabase/migrations/ with a baseline written from supabase/schemas/,
 * as `supabase migration squash` folds a history into one file: one migration per schema file, in
 * config.toml's order, each the schema file's text, so no migration is larger than its schema
 * file. Data the schema files do not hold follows the file that makes its table: the declared
 * buckets' storage.buckets and private.storage_quotas rows (scripts/bucketRows.ts) after the
 * storage file. Projects already deployed mark the baseline applied (docs/deploying.md).
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { schemaPaths } from '../mocks/supabase/db/schemaPaths';
import { MIGRATIONS_DIR } from '../mocks/supabase/db/prepare';
import { SUPABASE_DIR } from '../supabase/tests/declaredSchema';
import { bucketInserts, quotaInserts } from './bucketRows';

/** The baseline's first version: every later migration sorts after the baseline. */
const BASELINE_DAY = '20241201';

/** Data to write after a schema file, by the file's name. */
const DATA: Record<string, () => string> = {
  '26_storage.sql': () => `${bucketInserts()}\n${quotaInserts()}`,
};

async function main() {
  for (const file of await readdir(MIGRATIONS_DIR))
    if (file.endsWith('.sql')) await rm(path.join(MIGRATIONS_DIR, file));
  for (const [i, schema] of schemaPaths().entries()) {
    const base = path.basename(schema);
    // 20241201000000, 20241201000100, …: the hundreds leave room, as the CLI's timestamps do.
    const version = `${BASELINE_DAY}${String(i * 100).padStart(6, '0')}`;
    const file = `${version}_${base.replace(/^\d+_/, '')}`;
    const text = await readFile(path.join(SUPABASE_DIR, schema), 'utf8');
    const data = DATA[base]?.();
    await writeFile(
      path.join(MIGRATIONS_DIR, file),
      `-- Baseline: supabase/schemas/${base} as npm run db:squash wrote it (docs/schema-first.md).\n\n` +
        text.trimEnd() +
        '\n' +
        (data ? `\n-- Data: what a new project starts with.\n${data}\n` : ''),
    );
  }
  console.log(`Wrote ${schemaPaths().length} baseline migrations to supabase/migrations/`);
}

await main();
