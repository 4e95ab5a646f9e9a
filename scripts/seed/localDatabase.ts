import { mkdir } from 'node:fs/promises';
import { openDatabase, prepareDatabase, type Database } from '../../mocks/supabase/db';

/** The database the stand-in uses: DATABASE_URL, else PGlite in LOCAL_DB_DIR (default .data/db). */
export function localDatabaseTarget(dataDir = process.env.LOCAL_DB_DIR ?? '.data/db') {
  const databaseUrl = process.env.DATABASE_URL;
  return { databaseUrl, dataDir, label: databaseUrl ? 'the server at DATABASE_URL' : `PGlite in ${dataDir}` };
}

export async function openPreparedDatabase(
  target: ReturnType<typeof localDatabaseTarget>,
): Promise<Database> {
  if (!target.databaseUrl && target.dataDir !== 'memory') await mkdir(target.dataDir, { recursive: true });
  const db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  await prepareDatabase(db);
  return db;
}
