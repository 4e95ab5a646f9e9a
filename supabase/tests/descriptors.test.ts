import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assumeIdentity, type Database } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { AUDIT_RESOURCES } from '../../src/domain/audit';
import { OPERATOR_ACCESS, RESOURCE_DATA } from '../../src/resources';
import { auditedTables, catalogFacts, declaredFacts } from './descriptorChecks';
import { readRelation } from '../../src/providers/resourceData';
import { attempt, ROLES } from './fixtures';

/**
 * What a resource's descriptor declares (src/resources/, its data half and access) is what the
 * database does: the catalog of the migrated database is read, never a list restated here. A
 * resource that declares `live`, `audit`, `trash`, `seek` or `versioned` and forgets the SQL (or
 * the reverse) fails here.
 */

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('the descriptors and the catalog agree', () => {
  it('on the live tables, audit labels, trash triggers, updated_at, the relations read and the seeks', async () => {
    expect(await catalogFacts(db, RESOURCE_DATA)).toEqual(declaredFacts(RESOURCE_DATA, OPERATOR_ACCESS));
  });

  it('names every audited table in the catalogue of strings, where the audit screen lists them from', async () => {
    expect((await auditedTables(db)).filter((table) => !(table in AUDIT_RESOURCES))).toEqual([]);
  });

  // admin_reads.page_ids walks every row of the table as its definer: only for a role that reads
  // every one of them, or its pages would tell of rows it cannot read.
  it('on the seek roles: each reads every row of its table under the policies', async () => {
    const walks = declaredFacts(RESOURCE_DATA, OPERATOR_ACCESS).walks.map((walk) => walk.split(':'));
    expect(walks.length).toBeGreaterThan(0);
    for (const [table, role] of walks) {
      const outcome = await attempt(db, 'superuser', async (tx) => {
        const count = async () =>
          Number((await tx.query<{ n: string }>(`select count(*) as n from public.${table}`)).rows[0].n);
        const all = await count();
        // A restrictive policy could narrow what the permissive ones grant.
        const restrictive = Number(
          (
            await tx.query<{ n: string }>(
              `select count(*) as n from pg_policy where polrelid = $1::regclass and not polpermissive`,
              [`public.${table}`],
            )
          ).rows[0].n,
        );
        await assumeIdentity(tx, ROLES[role as 'owner' | 'editor' | 'support']);
        return { all: all > 0, seen: (await count()) === all, restrictive };
      });
      expect([table, role, outcome]).toEqual([
        table,
        role,
        { ok: true, value: { all: true, seen: true, restrictive: 0 } },
      ]);
    }
  });

  // public.pre_request lets an operator ask a planned or estimated count (the planner's, which
  // counts hidden rows too) only of a relation admin_reads.may_estimate vouches for: every resource's
  // list for exactly its seek roles (the client asks them for no one else: src/providers/paging.ts).
  it('on the estimates: each list is estimated for exactly the roles that read every row of it', async () => {
    const roles = ['owner', 'editor', 'support'] as const;
    const cells: Array<[string, string[]]> = [];
    for (const data of RESOURCE_DATA.filter((d) => !d.reads)) {
      const allowed = [];
      for (const role of roles) {
        const outcome = await attempt(
          db,
          ROLES[role],
          async (tx) =>
            (
              await tx.query<{ ok: boolean }>('select admin_reads.may_estimate($1) as ok', [
                `/${readRelation(data)}`,
              ])
            ).rows[0].ok,
        );
        if (outcome.ok && outcome.value) allowed.push(role);
      }
      cells.push([data.name, allowed]);
    }
    expect(Object.fromEntries(cells)).toEqual(
      Object.fromEntries(
        RESOURCE_DATA.filter((data) => !data.reads).map((data) => [
          data.name,
          roles.filter((role) => data.seek?.includes(role)),
        ]),
      ),
    );
  });

  it('estimates no function call or unknown path', async () => {
    const outcome = await attempt(db, ROLES.owner, async (tx) => {
      const answers = [];
      for (const path of ['/rpc/admin_search', '/rpc/scans', '/no_such_table', '', '/'])
        answers.push(
          (await tx.query<{ ok: boolean }>('select admin_reads.may_estimate($1) as ok', [path])).rows[0].ok,
        );
      return answers;
    });
    expect(outcome).toEqual({ ok: true, value: [false, false, false, false, false] });
  });

  it('fails when a descriptor and the database disagree', async () => {
    const news = RESOURCE_DATA.find((data) => data.name === 'news')!;
    const wrong = RESOURCE_DATA.map((data) =>
      data === news ? { ...data, audit: { label: 'content' } } : data,
    );
    expect((await catalogFacts(db, wrong)).audit.news).toEqual([['title']]);
    expect(declaredFacts(wrong, OPERATOR_ACCESS).audit.news).toEqual([['content']]);
    const notLive = RESOURCE_DATA.map((data) => (data === news ? { ...data, live: false } : data));
    expect(declaredFacts(notLive, OPERATOR_ACCESS).live).not.toContain('news');
    expect((await catalogFacts(db, notLive)).live).toContain('news');
    // A seek role that the database does not walk for (the editor reads no one's scans).
    const scans = RESOURCE_DATA.find((data) => data.name === 'scans')!;
    const editorWalks = RESOURCE_DATA.map((data) =>
      data === scans ? { ...data, seek: [...data.seek!, 'editor' as const] } : data,
    );
    expect(declaredFacts(editorWalks, OPERATOR_ACCESS).walks).toContain('scans:editor');
    expect((await catalogFacts(db, editorWalks)).walks).not.toContain('scans:editor');
  });
});
