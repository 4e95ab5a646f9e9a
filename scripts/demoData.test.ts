import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';
import { createPglite } from '../mocks/supabase/db/pglite';
import { writeDemoData } from './demoData';

// Loading the 45 MB data directory takes seconds: run by `npm run test:demo-data` (and .ci/run),
// not by every `npm test`.
describe.skipIf(process.env.LABELLENS_DEMO_DATA_TEST !== '1')(
  'the demo database (scripts/demoData.ts)',
  () => {
    const dirs: string[] = [];
    afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

    it('loads with loadDataDir as a page would, migrated and seeded, with no migration run', async () => {
      const out = await mkdtemp(path.join(tmpdir(), 'demo-data-'));
      dirs.push(out);
      // The Brotli copy (seconds at quality 9) is the build's business; the tar is what a page loads.
      const { file } = await writeDemoData(out, { brotliCopy: false });
      const tar = await readFile(file);
      // Small shared buffers: setting up the default 128 MB costs more than the load itself here.
      const db = await createPglite({ loadDataDir: new Blob([tar]), sharedBuffers: '2MB' });
      try {
        const emails = await db.query<{ email: string }>(
          "select email from auth.users where email like '%@labellens.dev' order by email",
        );
        expect(emails.rows.map((r) => r.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
        const migrations = await db.query<{ n: number }>(
          'select count(*)::int as n from supabase_migrations.schema_migrations',
        );
        const files = readdirSync('supabase/migrations').filter((f) => f.endsWith('.sql'));
        expect(migrations.rows[0].n).toBe(files.length);
      } finally {
        await db.close();
      }
    }, 60_000);
  },
);
