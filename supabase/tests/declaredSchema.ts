import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { schemaPaths } from '../../mocks/supabase/db/schemaPaths';
import { runMigrationLikeTheCli } from '../../mocks/supabase/db/cliSql';
import {
  MIGRATION_HISTORY_SQL,
  MIGRATION_ROLE,
  MIGRATION_ROLE_SQL,
  platformQueueSql,
  platformSql,
} from '../../mocks/supabase/db/prepare';
import { BLOB_STORE_SQL } from '../../mocks/supabase/storage/objects';
import { openNewClusterPglite } from '../../mocks/supabase/testing/snapshot';

export const SUPABASE_DIR = path.resolve(import.meta.dirname, '..');

/** config.toml's `[db.migrations] schema_paths`, globs expanded: the schema files in the order they apply. */
export { schemaPaths };

/** The object a PostgreSQL "does not exist" error names (`function private.f() does not exist`). */
const MISSING =
  /^(?:function|relation|type|schema|role|table|column|operator class) "?([^"]+?)"? does not exist/;

/**
 * Why a schema file failed, in words a contributor can act on: the file, PostgreSQL's error and,
 * for a missing object, which schema file defines it (one listed later: the order is wrong) or that
 * none does.
 */
export async function explainFailure(
  file: string,
  error: unknown,
  paths: readonly string[],
): Promise<string> {
  const message = error instanceof Error ? error.message : String(error);
  const where = `supabase/schemas/${path.basename(file)}`;
  const missing = MISSING.exec(message)?.[1];
  if (!missing) return `${where}: ${message}`;
  // The name as a schema file would write it in its CREATE (`private.move_to_trash`, no arguments).
  const name = missing.replace(/\(.*$/, '');
  const later = paths.slice(paths.indexOf(file) + 1);
  for (const other of later) {
    const text = await readFile(path.join(SUPABASE_DIR, other), 'utf8');
    const created = new RegExp(
      `^CREATE (?:OR REPLACE )?(?:FUNCTION|TABLE|VIEW|TYPE|SCHEMA) ${name.replace(/[.$]/g, '\\$&')}\\b`,
      'mi',
    );
    if (created.test(text))
      return `${where}: ${message}; it is defined in supabase/schemas/${path.basename(other)}, which sorts later: number ${where} after it (infrastructure is 00-29, resources 30-99)`;
  }
  return `${where}: ${message}; no schema file listed before it defines ${name}`;
}

/**
 * A database built as `supabase db diff` builds its shadow: the platform (and the stand-in's own
 * objects, which the migrated database has too), then each schema file in `paths`' order, as the
 * CLI runs it. A file that fails throws explainFailure's message.
 */
export async function buildFromSchemas(paths: readonly string[] = schemaPaths()): Promise<PGlite> {
  // A new cluster (loaded from the dump the test snapshot keeps of one: initdb costs seconds).
  const pg = await openNewClusterPglite();
  try {
    await pg.transaction(async (tx) => {
      await tx.exec(platformSql());
      await tx.exec(await readFile(MIGRATION_ROLE_SQL, 'utf8'));
      await tx.exec(platformQueueSql(MIGRATION_ROLE));
      await tx.exec(BLOB_STORE_SQL);
      await tx.exec(MIGRATION_HISTORY_SQL);
      for (const file of paths) {
        await tx.exec(`set local role ${MIGRATION_ROLE}`);
        const sql = await readFile(path.join(SUPABASE_DIR, file), 'utf8');
        try {
          await runMigrationLikeTheCli(
            { query: (q, params) => tx.query(q, params), exec: async (q) => void (await tx.exec(q)) },
            sql,
          );
        } catch (error) {
          throw new Error(await explainFailure(file, error, paths), { cause: error });
        }
        await tx.exec('reset role');
      }
    });
  } catch (error) {
    await pg.close();
    throw error;
  }
  return pg;
}
