import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { AUDIT_RESOURCES } from '../../src/domain/audit';
import { OPERATOR_ROLES } from '../../src/domain/operatorRoles';
import { baseTable, readRelation } from '../../src/providers/resourceData';
import { canOperate, RESOURCE_DATA } from '../../src/resources';

/**
 * What a resource's descriptor declares (src/resources/, its data half) is what the database does:
 * the catalog of the migrated database is read, never a list restated here. A new resource that
 * declares `live`, `audit`, `trash`, `seek` or `versioned` and forgets the SQL (or the reverse)
 * fails one of these.
 */

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

/** The triggers running `fn` on public tables: each one's table and arguments (as written in SQL). */
async function triggersOf(fn: string) {
  const { rows } = await db.query<{ table: string; def: string }>(
    `select c.relname as table, pg_get_triggerdef(t.oid) as def
       from pg_trigger t
       join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
        and t.tgfoid = to_regproc($1)
      order by 1, t.tgname`,
    [fn],
  );
  return rows.map(({ table, def }) => {
    const args = /EXECUTE FUNCTION [\w.]+\((.*)\)$/.exec(def)?.[1] ?? '';
    return { table, args: args ? args.split(', ').map((arg) => arg.replace(/^'(.*)'$/, '$1')) : [] };
  });
}

const declared = <K extends 'live' | 'trash' | 'seek' | 'versioned' | 'audit'>(key: K) =>
  RESOURCE_DATA.filter((data) => data[key]);

describe('the descriptors and the catalog agree', () => {
  it('live: the supabase_realtime publication holds exactly the live resources’ base tables', async () => {
    const { rows } = await db.query<{ table: string }>(
      `select schemaname || '.' || tablename as table from pg_publication_tables
        where pubname = 'supabase_realtime' order by 1`,
    );
    expect(rows.map((r) => r.table)).toEqual(declared('live').map((d) => `public.${baseTable(d)}`).sort());
  });

  it('audit: each audited resource’s triggers name the record by its declared label column', async () => {
    const triggers = await triggersOf('private.audit_row_change');
    for (const data of declared('audit')) {
      const { label, maxChars } = data.audit!;
      const mine = triggers.filter((t) => t.table === baseTable(data));
      expect(mine.length, data.name).toBeGreaterThan(0);
      for (const t of mine) expect(t.args, data.name).toEqual(maxChars ? [label, String(maxChars)] : [label]);
    }
    // Every table the trail names has its string in the catalogue (src/i18n/en.ts), which is
    // where the audit screen's list of resources comes from.
    const audited = [...new Set(triggers.map((t) => t.table))];
    expect(audited.filter((table) => !(table in AUDIT_RESOURCES))).toEqual([]);
  });

  it('trash: the tables with a move_to_trash trigger are the trashed resources’, naming the row as the trail does, for the roles that may delete', async () => {
    const triggers = await triggersOf('private.move_to_trash');
    expect(triggers.map((t) => t.table).sort()).toEqual(declared('trash').map(baseTable).sort());
    for (const data of declared('trash')) {
      const deleters = OPERATOR_ROLES.filter((role) => canOperate(role, data.name, 'delete'));
      expect(triggers.find((t) => t.table === baseTable(data))?.args, data.name).toEqual([
        data.audit?.label,
        deleters.join(','),
      ]);
    }
  });

  it('versioned: each versioned base table keeps updated_at by trigger', async () => {
    const { rows } = await db.query<{ table: string }>(
      `select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
          and t.tgfoid = 'public.set_updated_at()'::regprocedure order by 1`,
    );
    const tables = rows.map((r) => r.table);
    for (const data of declared('versioned')) expect(tables, data.name).toContain(baseTable(data));
  });

  it('seek and reads: each list’s base table and read relation exist, and a seek table has an id primary key and a created_at', async () => {
    for (const data of RESOURCE_DATA.filter((d) => !d.reads)) {
      const { rows } = await db.query<{ kind: string | null }>(
        `select (select relkind::text from pg_class where oid = to_regclass('public.' || quote_ident($1))) as kind`,
        [readRelation(data)],
      );
      expect(rows[0].kind, data.name).toMatch(/^[rv]$/);
    }
    for (const data of declared('seek')) {
      const { rows } = await db.query<{ column: string }>(
        `select a.attname as column from pg_index i
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
          where i.indrelid = to_regclass('public.' || quote_ident($1)) and i.indisprimary`,
        [baseTable(data)],
      );
      expect(rows.map((r) => r.column), data.name).toEqual(['id']);
    }
  });
});
