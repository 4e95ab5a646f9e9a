import path from 'node:path';
import type { Database } from '../../mocks/supabase/db';
import {
  localDatabaseTarget,
  openPreparedLocalDatabase,
  type LocalDatabaseTarget,
} from '../../mocks/supabase/localDatabase';

export { localDatabaseTarget };

/**
 * The target database, migrated (and seeded when new), held by this script until it is closed: the
 * same folder handling and lock as `npm start`, so the two never write one PGlite folder at once.
 * `fresh` empties the folder first (after the lock check).
 */
export async function openPreparedDatabase(
  target: LocalDatabaseTarget,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<Database> {
  const script = process.env.npm_lifecycle_event ?? path.basename(process.argv[1] ?? 'a script');
  return (await openPreparedLocalDatabase(target, { command: `npm run ${script}`, fresh })).db;
}
