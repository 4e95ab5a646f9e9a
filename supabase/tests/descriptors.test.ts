import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { AUDIT_RESOURCES } from '../../src/domain/audit';
import { OPERATOR_ACCESS, RESOURCE_DATA } from '../../src/resources';
import { auditedTables, catalogFacts, declaredFacts } from './descriptorChecks';

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

  it('fails when a descriptor and the database disagree', async () => {
    const news = RESOURCE_DATA.find((data) => data.name === 'news')!;
    const wrong = RESOURCE_DATA.map((data) => (data === news ? { ...data, audit: { label: 'content' } } : data));
    expect((await catalogFacts(db, wrong)).audit.news).toEqual([['title']]);
    expect(declaredFacts(wrong, OPERATOR_ACCESS).audit.news).toEqual([['content']]);
    const notLive = RESOURCE_DATA.map((data) => (data === news ? { ...data, live: false } : data));
    expect(declaredFacts(notLive, OPERATOR_ACCESS).live).not.toContain('news');
    expect((await catalogFacts(db, notLive)).live).toContain('news');
  });
});
