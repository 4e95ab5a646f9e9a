import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/snapshot';
import { LAST_BEFORE_SQUASH, prepareDatabase } from './prepare';
import { withIdentity } from './identity';
import type { Database, Queryable, Statement } from './types';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('prepareDatabase', () => {
  it('applies nothing and seeds nothing on an up-to-date database', async () => {
    const before = await db.query<{ n: number }>('select count(*)::int as n from auth.users');
    expect(await prepareDatabase(db)).toEqual({ applied: [], seeded: false });
    const after = await db.query<{ n: number }>('select count(*)::int as n from auth.users');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  describe('a database migrated before the squash (the old chain ended at LAST_BEFORE_SQUASH)', () => {
    const history = async () =>
      (
        await db.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations order by version',
        )
      ).rows.map((r) => r.version);
    const recordOnly = async (versions: string[]) => {
      await db.exec('delete from supabase_migrations.schema_migrations');
      for (const v of versions)
        await db.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
          v,
          'old',
        ]);
    };

    it('records the baseline as applied and runs nothing, as `supabase migration repair` does', async () => {
      const baseline = await history();
      expect(baseline[0]).toBe('20241201000000');
      await recordOnly(['20241101000000', '20241101004600', LAST_BEFORE_SQUASH]);
      expect(await prepareDatabase(db)).toEqual({ applied: [], seeded: false });
      expect(await history()).toEqual(baseline);
    });

    it('refuses one that stopped earlier, naming the way out', async () => {
      const baseline = await history();
      await recordOnly(['20241101000000', '20241101004600']);
      await expect(prepareDatabase(db)).rejects.toThrow(
        'This database was migrated before the squash but not to 20241101006300: run npm run db:reset',
      );
      await recordOnly(baseline);
      expect(await prepareDatabase(db)).toEqual({ applied: [], seeded: false });
    });
  });
});

describe('withIdentity', () => {
  const sub = '00000000-0000-4000-8000-000000000001';

  it('runs as the API role with the JWT claims visible to auth.uid() and auth.role()', async () => {
    const row = await withIdentity(
      db,
      { role: 'authenticated', claims: { sub, role: 'authenticated' } },
      async (tx) =>
        (await tx.query('select current_user::text as "user", auth.uid()::text as uid, auth.role() as role'))
          .rows[0],
    );
    expect(row).toEqual({ user: 'authenticated', uid: sub, role: 'authenticated' });
  });

  it('returns to the connection role after the transaction', async () => {
    await withIdentity(db, { role: 'anon', claims: { role: 'anon' } }, async () => undefined);
    const { rows } = await db.query<{ user: string; claims: string | null }>(
      `select current_user::text as "user", nullif(current_setting('request.jwt.claims', true), '') as claims`,
    );
    expect(rows[0]).toEqual({ user: 'postgres', claims: null });
  });

  it('rolls back every write when the request fails', async () => {
    await db.exec('create table if not exists public.identity_probe (id int primary key)');
    await expect(
      withIdentity(db, { role: 'service_role', claims: { role: 'service_role' } }, async (tx) => {
        await tx.query('insert into public.identity_probe values (1)');
        await tx.query('insert into public.identity_probe values (1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.identity_probe');
    await db.exec('drop table public.identity_probe');
    expect(rows[0].n).toBe(0);
  });

  it('sends the settings and the pre-request function in the trip of the first statement', async () => {
    // What reaches the driver: each call one trip (a message to the worker-backed PGlite).
    const trips: string[][] = [];
    const recording: Queryable = {
      async query<T>(sql: string) {
        trips.push([sql]);
        return { rows: [] as T[], fields: [] };
      },
      async exec(sql: string) {
        trips.push([sql]);
      },
      async sequence<T>(statements: ReadonlyArray<Statement>) {
        trips.push(statements.map((s) => s.sql));
        return { rows: [] as T[], fields: [] };
      },
    };
    const fake = { requestTransaction: (fn: (tx: Queryable) => Promise<unknown>) => fn(recording) };
    await withIdentity(
      fake as unknown as Database,
      { role: 'anon', claims: { role: 'anon' } },
      async (tx) => {
        await tx.query('select 1');
        await tx.query('select 2');
      },
      { preRequest: '"public"."pre_request"()' },
    );
    expect(trips).toEqual([
      [
        'select set_config(k, v, true) from unnest($1::text[], $2::text[]) as s(k, v)',
        'select "public"."pre_request"()',
        'select 1',
      ],
      ['select 2'],
    ]);
  });

  it('calls the pre-request function even when the request runs no statement of its own', async () => {
    await db.exec(`create function public.identity_probe_refuse() returns void language plpgsql as $$
      begin raise sqlstate 'PT403' using message = 'refused by the pre-request function'; end $$;
      grant execute on function public.identity_probe_refuse() to anon`);
    try {
      await expect(
        withIdentity(db, { role: 'anon', claims: { role: 'anon' } }, async () => 'answered', {
          preRequest: '"public"."identity_probe_refuse"()',
        }),
      ).rejects.toMatchObject({ code: 'PT403', message: 'refused by the pre-request function' });
    } finally {
      await db.exec('drop function public.identity_probe_refuse()');
    }
  });
});
