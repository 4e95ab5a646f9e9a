import NoFoodIcon from '@mui/icons-material/NoFood';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assumeIdentity, type Database, type Queryable } from '../mocks/supabase/db';
import { openTestDatabase } from '../mocks/supabase/testing/snapshot';
import type { DatabaseClient } from '../src/domain/database';
import { operatorCan, OPERATOR_ROLES, READ } from '../src/domain/operatorRoles';
import { en } from '../src/i18n/en';
import { pageSeek } from '../src/providers/dataProvider';
import { baseTable, defineResourceData } from '../src/providers/resourceData';
import { tablesOf } from '../src/providers/tableNames';
import { createTrashMethods } from '../src/providers/trashMethods';
import { createRealtimeMethods } from '../src/realtime/realtimeMethods';
import { deriveRegistry, SCREENS } from '../src/resources';
import { lazyScreen, resourceProps, type ResourceDescriptor, type ScreenDescriptor } from '../src/resources/kit';
import { attempt, ROLES } from '../supabase/tests/fixtures';
import { catalogFacts, declaredFacts } from '../supabase/tests/descriptorChecks';
import { livePublication } from './hosted-model/expected';

/**
 * A throw-away resource, end to end, as docs/adding-a-resource.md walks it: the "Allergen guides"
 * of that page, its SQL read from the page itself (the blocks after `new-resource:schema` and
 * `new-resource:seed`), its descriptor and strings as the page shows them, added to a copy of the
 * registry and to a migrated database inside a transaction that is rolled back. Every derived piece
 * must pick it up with nothing else edited: menu, routes, access, tab title, data provider,
 * paging, Realtime, audit trail, trash, and the lists the tests and the hosted check expect.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const guide = readFileSync(path.join(root, 'docs/adding-a-resource.md'), 'utf8');

/** The SQL block that follows `<!-- new-resource:<name> -->` in the guide. */
function guideSql(name: string): string {
  const match = new RegExp(`<!-- new-resource:${name} -->\\s*\`\`\`sql\\n([\\s\\S]*?)\`\`\``).exec(guide);
  if (!match) throw new Error(`docs/adding-a-resource.md has no new-resource:${name} block`);
  return match[1];
}

// The folder: the data half and the descriptor, as the guide's data.ts and index.ts.
const allergenGuidesData = defineResourceData({
  name: 'allergen-guides',
  audit: { label: 'title' },
  live: true,
  versioned: true,
  trash: true,
  seek: ['owner', 'editor', 'support'],
  searchColumns: ['title', 'allergen'],
  defaultSort: [{ field: 'created_at', ascending: false }],
});
const allergenGuides = {
  data: allergenGuidesData,
  access: { owner: '*', editor: '*', support: READ },
  screens: {
    list: lazyScreen(async () => ({ default: () => null })),
    dialogs: { create: true, edit: true },
    recordRepresentation: 'title',
    menu: { label: 'labellens.menu.allergen_guides', icon: NoFoodIcon },
  },
} satisfies ResourceDescriptor;

// The one registry line: after Tags.
const tagsAt = SCREENS.findIndex((screen) => 'data' in screen && screen.data?.name === 'tags');
const screens: ScreenDescriptor[] = [...SCREENS.slice(0, tagsAt + 1), allergenGuides, ...SCREENS.slice(tagsAt + 1)];
const registry = deriveRegistry(screens);
const can = (role: (typeof OPERATOR_ROLES)[number], resource: string, action: string) =>
  operatorCan(registry.operatorAccess, role, resource, action);

// The strings, as the guide's step 4 (merged into a copy of the catalogue's branches they extend).
const strings = {
  menu: { ...en.labellens.menu, allergen_guides: 'Allergen Guides' },
  auditResources: { ...en.labellens.audit.resources, allergen_guides: 'Allergen guide' },
  resources: { ...en.resources, 'allergen-guides': { name: 'Allergen guide |||| Allergen guides' } },
};

describe('a new resource in the app, from its registry line', () => {
  it('gets its route, menu entry (in place, for the roles that list it), access and strings', () => {
    expect(resourceProps(allergenGuides)).toMatchObject({
      name: 'allergen-guides',
      hasCreate: true,
      hasEdit: true,
      hasShow: false,
    });
    const menu = registry.menuItems.map((item) => item.path);
    expect(menu.slice(menu.indexOf('/tags'), menu.indexOf('/tags') + 2)).toEqual(['/tags', '/allergen-guides']);
    expect(OPERATOR_ROLES.map((role) => [role, can(role, 'allergen-guides', 'list')])).toEqual([
      ['owner', true],
      ['editor', true],
      ['support', true],
    ]);
    expect(OPERATOR_ROLES.map((role) => [role, can(role, 'allergen-guides', 'edit')])).toEqual([
      ['owner', true],
      ['editor', true],
      ['support', false],
    ]);
    const label = allergenGuides.screens.menu.label.split('.').at(-1)!;
    expect(strings.menu[label as keyof typeof strings.menu]).toBe('Allergen Guides');
    expect(strings.auditResources[baseTable(allergenGuidesData) as keyof typeof strings.auditResources]).toBe(
      'Allergen guide',
    );
    expect(Object.keys(strings.resources)).toContain(allergenGuidesData.name);
  });

  it('is read and written by the data provider at its base table, paged, live and trashed', async () => {
    expect(baseTable(allergenGuidesData)).toBe('allergen_guides');
    expect(tablesOf(registry.resourceData).reads['allergen-guides']).toBe('allergen_guides');
    expect(tablesOf(registry.resourceData).writes['allergen-guides']).toBe('allergen_guides');
    const calls: Array<[string, unknown]> = [];
    // Only `rpc` is called by the seek; the rest of the client is not reached.
    const client = {
      rpc: async (fn: string, params: unknown) => {
        calls.push([fn, params]);
        return { data: [], error: null, status: 200 };
      },
    } as unknown as DatabaseClient;
    await pageSeek(client, registry.resourceData).rows('allergen-guides', [{ field: 'created_at', ascending: false }], 500, 25);
    expect(calls).toEqual([
      [
        'admin_page_rows',
        {
          relation: 'allergen_guides',
          read_relation: 'allergen_guides',
          sort_terms: [{ field: 'created_at', ascending: false }],
          skip: 500,
          take: 25,
        },
      ],
    ]);
    expect(createRealtimeMethods(client, registry.resourceData).liveTableOf('allergen-guides')).toBe('allergen_guides');
    expect(createTrashMethods(client, registry.resourceData).trashKinds()).toContainEqual({
      name: 'allergen-guides',
      table: 'allergen_guides',
    });
    // The hosted check's Realtime publication.
    expect(livePublication(registry.resourceData)).toContain('public.allergen_guides');
  });
});

describe('a new resource in the database, from its schema file and seed rows', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  /** Runs `fn` in a transaction where the guide's migration and seed rows are applied (rolled back). */
  const withResource = <T>(fn: (tx: Queryable) => Promise<T>) =>
    attempt(db, 'superuser', async (tx) => {
      await tx.exec(guideSql('schema'));
      await tx.exec(guideSql('seed'));
      return fn(tx);
    });
  const asSuperuser = (tx: Queryable) => tx.query(`select set_config('role', 'none', true)`);

  it('agrees with its descriptor: live, audit label, trash roles, updated_at, seek', async () => {
    const outcome = await withResource(async (tx) => ({
      catalog: await catalogFacts(tx, registry.resourceData),
      declared: declaredFacts(registry.resourceData, registry.operatorAccess),
    }));
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.value.catalog).toEqual(outcome.value.declared);
    expect(outcome.value.catalog.live).toContain('allergen_guides');
  });

  it('is paged by admin_page_rows for every role that reads it, and its writes reach the trail and the trash', async () => {
    const outcome = await withResource(async (tx) => {
      const page = async (role: 'owner' | 'editor' | 'support') => {
        await assumeIdentity(tx, ROLES[role]);
        const { rows } = await tx.query<{ rows: Array<{ title: string }> }>(
          `select public.admin_page_rows('allergen_guides', 'allergen_guides',
             '[{"field": "created_at", "ascending": false}, {"field": "id", "ascending": false}]', 1, 2) as rows`,
        );
        await asSuperuser(tx);
        return rows[0].rows.map((row) => row.title);
      };
      const pages = { owner: await page('owner'), editor: await page('editor'), support: await page('support') };
      await assumeIdentity(tx, ROLES.support);
      const supportDeleted = (await tx.query(`delete from public.allergen_guides returning id`)).rows.length;
      await asSuperuser(tx);
      await assumeIdentity(tx, ROLES.editor);
      const { rows: added } = await tx.query<{ id: string }>(
        `insert into public.allergen_guides (title, allergen, advice) values ('Mustard', 'mustard', 'Rai is mustard.') returning id`,
      );
      await tx.query(`delete from public.allergen_guides where id = $1`, [added[0].id]);
      await asSuperuser(tx);
      const { rows: trail } = await tx.query<{ action: string; resource: string; record_label: string }>(
        `select action, resource, record_label from public.audit_log where record_id = $1 order by occurred_at, id`,
        [added[0].id],
      );
      const { rows: trashed } = await tx.query<{ resource: string; label: string; restorers: string[] }>(
        `select resource, label, restorers from public.trash where record_id = $1`,
        [added[0].id],
      );
      return { pages, supportDeleted, trail, trashed };
    });
    expect(outcome).toEqual({
      ok: true,
      value: {
        pages: {
          owner: ['Milk in baked goods', 'Peanut: read the whole label'],
          editor: ['Milk in baked goods', 'Peanut: read the whole label'],
          support: ['Milk in baked goods', 'Peanut: read the whole label'],
        },
        supportDeleted: 0,
        trail: [
          { action: 'insert', resource: 'allergen_guides', record_label: 'Mustard' },
          { action: 'delete', resource: 'allergen_guides', record_label: 'Mustard' },
        ],
        trashed: [{ resource: 'allergen_guides', label: 'Mustard', restorers: ['owner', 'editor'] }],
      },
    });
  });
});
