/**
 * npm run db:reset
 * Empties the local PGlite folder (LOCAL_DB_DIR, default .data/db) and rebuilds it from the
 * migrations and the demo data. Refuses while `npm start` or another script holds the folder.
 */
import { exitWhenFolderInUse } from '../mocks/supabase/localDatabase';
import { localDatabaseTarget, openPreparedDatabase } from './seed/localDatabase';

const target = localDatabaseTarget();
if (target.databaseUrl || target.dataDir === 'memory') {
  console.error(
    `db:reset only resets a PGlite folder; the target is ${target.label}.` +
      (target.databaseUrl ? ' Drop and recreate that database yourself, then `npm start` prepares it.' : ''),
  );
  process.exit(2);
}
const db = await openPreparedDatabase(target, { fresh: true }).catch(exitWhenFolderInUse);
await db.close();
console.log(`Reset ${target.label}: migrations applied and demo data loaded.`);
