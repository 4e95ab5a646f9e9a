import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

/**
 * PGlite with the extensions the migrations use, in a folder or (no dataDir) in memory, or on a
 * file system of the caller's (fs); with sharedBuffers, PostgreSQL's shared_buffers for this
 * instance instead of the data folder's 128MB.
 */
export function createPglite(
  options: {
    dataDir?: string;
    loadDataDir?: Blob | File;
    fs?: PGliteOptions['fs'];
    sharedBuffers?: string;
    /** Queries do not wait for the data directory to be stored (the caller flushes when it must). */
    relaxedDurability?: boolean;
  } = {},
): Promise<PGlite> {
  return PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    fs: options.fs,
    relaxedDurability: options.relaxedDurability,
    extensions: { pgcrypto, pg_trgm },
    ...(options.sharedBuffers && {
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`],
    }),
  });
}

/**
 * SQL that puts PGlite's one connection back to its own user with every setting at its default:
 * undoes whatever a request set for the session (set_config(..., false), SET ROLE, SET SESSION
 * AUTHORIZATION).
 */
export async function resetSessionSql(db: Pick<PGlite, 'query'>): Promise<string> {
  const sessionUser = (await db.query<{ name: string }>('select session_user::text as name')).rows[0].name;
  return `set session authorization "${sessionUser.replaceAll('"', '""')}"; reset all`;
}
