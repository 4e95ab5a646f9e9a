// @vitest-environment happy-dom
// The page's localStorage, as the demo's tabs share it: a "page load" is a new stand-in on it.
/**
 * The demo's kept schema cache (demo/schemaCatalog.ts): a page load answers from the catalog the
 * last one kept, without reading the database's, and what the database says wins once read.
 */
import type { Database } from '../mocks/supabase/db';
import { LOCAL_SERVICE_ROLE_KEY } from '../mocks/supabase/keys';
import { readSchemaCatalog, reloadSchemaCache, type SchemaCatalog } from '../mocks/supabase/rest/schemaCache';
import { createStandIn } from '../mocks/supabase/standIn';
import { openTestDatabase } from '../mocks/supabase/testing/snapshot';
import { TEST_SUPABASE_URL } from '../mocks/supabase/auth/testClient';
import { forgetKeptCatalog, keepCatalogCurrent, startFromKeptCatalog } from './schemaCatalog';

const KEY = 'labellens-demo:schema-catalog';

let db: Database;
let catalog: SchemaCatalog;
beforeAll(async () => {
  db = await openTestDatabase();
  catalog = await readSchemaCatalog(db);
});
afterAll(() => db.close());
beforeEach(async () => {
  localStorage.clear();
  await reloadSchemaCache(db);
});

/** The catalog as a database with no news table would give it. */
const withoutNews = (): SchemaCatalog => ({
  ...catalog,
  columns: catalog.columns.filter((c) => c.table !== 'news'),
});

/** A new page's stand-in reads one news title, as the service role. */
async function readTitles(): Promise<{ status: number; body: unknown }> {
  const standIn = createStandIn({ db, publicUrl: TEST_SUPABASE_URL });
  const response = await standIn.handle(
    new Request(`${TEST_SUPABASE_URL}/rest/v1/news?select=title&limit=1`, {
      headers: { apikey: LOCAL_SERVICE_ROLE_KEY, authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    }),
  );
  if (!response) throw new Error('The stand-in did not answer');
  return { status: response.status, body: await response.json() };
}

describe('the kept schema catalog', () => {
  it("is kept after a page's first load reads the database's, in the same order on every read", async () => {
    expect(startFromKeptCatalog(db, localStorage)).toBeNull();
    expect((await readTitles()).status).toBe(200);

    // The catalog the first request read is the one kept: not read a second time.
    const query = vi.spyOn(db, 'query');
    await keepCatalogCurrent(db, localStorage, null);
    expect(query.mock.calls.filter(([sql]) => sql.includes('pg_attribute'))).toEqual([]);
    query.mockRestore();

    expect(localStorage.getItem(KEY)).toBe(JSON.stringify(catalog));
    expect(JSON.stringify(await readSchemaCatalog(db))).toBe(JSON.stringify(catalog));
  });

  it('answers the next page load without reading the catalog, and the database wins once read', async () => {
    localStorage.setItem(KEY, JSON.stringify(withoutNews()));
    const query = vi.spyOn(db, 'query');
    const kept = startFromKeptCatalog(db, localStorage);

    const first = await readTitles();
    expect(first).toMatchObject({
      status: 404,
      body: { code: 'PGRST205', message: "Could not find the table 'public.news' in the schema cache" },
    });
    expect(query.mock.calls.filter(([sql]) => sql.includes('pg_attribute'))).toEqual([]);
    query.mockRestore();

    await keepCatalogCurrent(db, localStorage, kept);

    const second = await readTitles();
    expect(second.status).toBe(200);
    expect(second.body).toHaveLength(1);
    expect(localStorage.getItem(KEY)).toBe(JSON.stringify(catalog));
  });

  it('keeps its prepared statements when the kept catalog is current', async () => {
    localStorage.setItem(KEY, JSON.stringify(catalog));
    const kept = startFromKeptCatalog(db, localStorage);
    const forget = vi.spyOn(db, 'forgetStatements');

    await keepCatalogCurrent(db, localStorage, kept);

    expect(forget).not.toHaveBeenCalled();
    forget.mockRestore();
  });

  it('reads the catalog itself when what is kept does not parse, or was forgotten with the data', async () => {
    localStorage.setItem(KEY, '{"columns": [');
    expect(startFromKeptCatalog(db, localStorage)).toBeNull();
    expect((await readTitles()).status).toBe(200);

    localStorage.setItem(KEY, JSON.stringify(withoutNews()));
    forgetKeptCatalog(localStorage);
    expect(startFromKeptCatalog(db, localStorage)).toBeNull();
    expect((await readTitles()).status).toBe(200);
  });
});
