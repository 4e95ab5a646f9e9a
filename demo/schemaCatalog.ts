/**
 * The demo's schema cache kept with its data. PostgREST reads the catalog once, when it starts; the
 * demo's stand-in starts on every page load, and reading the catalog of a database fresh from its
 * start took 135-155 ms that each first request of the page waited for (docs/demo.md). So a page
 * starts from the catalog the last page read, kept in localStorage (47 kB), and reads the catalog
 * again once its first requests are answered: what differs (an imported state of another build)
 * replaces it for the next requests and the next page load, as `NOTIFY pgrst, 'reload schema'` would.
 */
import type { Database } from '../mocks/supabase/db/types';
import {
  getSchemaCache,
  readSchemaCatalog,
  reloadSchemaCache,
  startSchemaCacheFrom,
  type SchemaCatalog,
} from '../mocks/supabase/rest/schemaCache';

const KEY = 'labellens-demo:schema-catalog';

/**
 * Gives this page's stand-in the kept catalog, if any; returns it (as kept) for keepCatalogCurrent.
 * A catalog that does not parse is as none: the first request reads the database's.
 */
export function startFromKeptCatalog(db: Database, storage: Storage): string | null {
  const kept = storage.getItem(KEY);
  if (kept === null) return null;
  try {
    startSchemaCacheFrom(db, JSON.parse(kept) as SchemaCatalog);
    return kept;
  } catch {
    return null;
  }
}

/**
 * Reads the database's catalog; if it is not the kept one, the stand-in and the next page use it.
 * With nothing kept, the stand-in read it for its first request: that read is kept, not repeated.
 */
export async function keepCatalogCurrent(db: Database, storage: Storage, kept: string | null) {
  const catalog = kept === null ? (await getSchemaCache(db)).catalog : await readSchemaCatalog(db);
  const current = JSON.stringify(catalog);
  if (current === kept) return;
  if (kept !== null) {
    await reloadSchemaCache(db);
    startSchemaCacheFrom(db, catalog);
  }
  try {
    storage.setItem(KEY, current);
  } catch (error) {
    // The origin's storage is full: the next page load reads the catalog itself.
    console.warn('[demo] schema cache not kept:', error);
  }
}

/** With the data (Reset, Import): the next page reads the catalog of what it opens. */
export function forgetKeptCatalog(storage: Storage) {
  storage.removeItem(KEY);
}
