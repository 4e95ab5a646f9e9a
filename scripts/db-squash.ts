/**
 * `npm run db:squash`: replaces supabase/migrations/ with a baseline written from supabase/schemas/,
 * as `supabase migration squash` folds a history into one file: each schema file's text in
 * config.toml's order, under a line naming it. Data the schema files do not hold follows the file
 * that makes its table: the declared buckets' storage.buckets and private.storage_quotas rows
 * (scripts/bucketRows.ts) after the storage file. Like src/database.types.ts it is generated, so it
 * is the one file of its kind over the 500-line mark. Projects already deployed mark the baseline
 * applied (docs/deploying.md).
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { schemaPaths } from '../mocks/supabase/db/schemaPaths';
import { MIGRATIONS_DIR } from '../mocks/supabase/db/prepare';
import { SUPABASE_DIR } from '../supabase/tests/declaredSchema';
import { bucketInserts, quotaInserts } from './bucketRows';

/** The baseline's version: every later migration sorts after it. */
const BASELINE_FILE = '20241201000000_baseline.sql';

/** Data to write after a schema file, by the file's name. */
const DATA: Record<string, () => string> = {
  '26_storage.sql': () => `${bucketInserts()}\n${quotaInserts()}`,
};

async function main() {
  for (const file of await readdir(MIGRATIONS_DIR))
    if (file.endsWith('.sql')) await rm(path.join(MIGRATIONS_DIR, file));
  const parts = [
    "-- Baseline: supabase/schemas/ in config.toml's order, as npm run db:squash wrote it (docs/schema-first.md).\n",
  ];
  for (const schema of schemaPaths()) {
    const base = path.basename(schema);
    const text = await readFile(path.join(SUPABASE_DIR, schema), 'utf8');
    const data = DATA[base]?.();
    parts.push(
      `-- ${'='.repeat(70)}\n-- supabase/schemas/${base}\n\n${text.trimEnd()}\n` +
        (data ? `\n-- Data: what a new project starts with.\n${data}\n` : ''),
    );
  }
  await writeFile(path.join(MIGRATIONS_DIR, BASELINE_FILE), parts.join('\n'));
  console.log(`Wrote supabase/migrations/${BASELINE_FILE} from ${schemaPaths().length} schema files`);
}

await main();
