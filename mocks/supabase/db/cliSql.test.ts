import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/snapshot';
import { runSeedLikeTheCli, splitStatements, withPrepared } from './cliSql';
import { MIGRATION_ROLE, seedFiles } from './prepare';
import type { Database } from './types';

describe("splitStatements (the Supabase CLI's splitter)", () => {
  it('splits on semicolons outside quotes, dollar quotes, comments and parentheses', () => {
    const sql = [
      "insert into t values ('a;b', 'it''s; fine');",
      'select "odd;name" from t; -- a comment; still the comment',
      '/* block; /* nested; */ still; */ select 1;',
      'create function f() returns int language sql as $body$ select 1; $body$;',
      'do $$ begin perform 1; end $$;',
      'select (1; 2);',
      '',
    ].join('\n');
    expect(splitStatements(sql)).toEqual([
      "insert into t values ('a;b', 'it''s; fine')",
      'select "odd;name" from t',
      '-- a comment; still the comment\n/* block; /* nested; */ still; */ select 1',
      'create function f() returns int language sql as $body$ select 1; $body$',
      'do $$ begin perform 1; end $$',
      'select (1; 2)',
    ]);
  });

  it('keeps a BEGIN ATOMIC body whole and trims repeated semicolons and white space', () => {
    const sql =
      'create function g() returns int language sql begin atomic select 1; select 2; end;;\n\n  select 3 ;\n';
    expect(splitStatements(sql)).toEqual([
      'create function g() returns int language sql begin atomic select 1; select 2; end',
      'select 3',
    ]);
  });

  it('skips the character after a backslash outside quotes, and (as the CLI) not inside them', () => {
    expect(splitStatements('select 1 \\; select 2')).toEqual(['select 1 \\; select 2']);
    // The CLI ends a quote at the next quote whatever precedes it, so an E'\'' string splits there.
    expect(splitStatements("select E'\\';' ; select 2")).toEqual(["select E'\\'", "' ; select 2"]);
  });
});

describe('runSeedLikeTheCli', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it('refuses a seed that reads a table created earlier in the same file (42P01, as `supabase db reset`)', async () => {
    const seed = `create temporary table seed_people (n int);
insert into seed_people values (1);
insert into public.health_tips (tip) select 'tip ' || n from seed_people;`;
    await expect(
      db.transaction(async (tx) => {
        await tx.exec(`set local role ${MIGRATION_ROLE}`);
        await runSeedLikeTheCli(tx, seed);
      }),
    ).rejects.toMatchObject({ code: '42P01', message: 'relation "seed_people" does not exist' });
  });

  it('prepares every statement of the seed files against the schema as migrated, before any runs', async () => {
    const texts = await Promise.all(seedFiles().map((file) => readFile(file, 'utf8')));
    const seed = texts.flatMap(splitStatements);
    const prepared = await db.transaction(async (tx) => {
      await tx.exec(`set local role ${MIGRATION_ROLE}`);
      return withPrepared(tx, seed, async () => undefined);
    });
    // Every statement of the seed is a data statement: none is left unchecked.
    expect(prepared).toBe(seed.length);
  });
});
