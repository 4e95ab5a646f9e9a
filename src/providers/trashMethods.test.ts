import type { DatabaseClient } from '../domain/database';
import { MAX_OBJECTS_PER_REQUEST, storageBatches } from '../domain/storage';
import { createTrashMethods } from './trashMethods';

/**
 * Delete forever removes the files the database answers in requests Storage takes: at most
 * MAX_OBJECTS_PER_REQUEST paths each (supabase/storage refuses a larger delete whole; the purge's
 * side is in src/trash/trash.standIn.test.ts).
 */
describe('deleting forever many files', () => {
  it('cuts paths into requests of at most 1,000', () => {
    const paths = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);
    expect(MAX_OBJECTS_PER_REQUEST).toBe(1000);
    expect(storageBatches([])).toEqual([]);
    expect(storageBatches(paths(1000)).map((b) => b.length)).toEqual([1000]);
    expect(storageBatches(paths(2001)).map((b) => b.length)).toEqual([1000, 1000, 1]);
    expect(storageBatches(paths(2001)).flat()).toEqual(paths(2001));
  });

  it('removes 2,001 files of one bucket in three requests and 2 of another in one', async () => {
    const files = [
      ...Array.from({ length: 2001 }, (_, i) => ({ bucket_id: 'news-screenshots', name: `${i}.png` })),
      { bucket_id: 'other', name: 'a.png' },
      { bucket_id: 'other', name: 'b.png' },
    ];
    const requests: Array<[string, number]> = [];
    const client = {
      rpc: async () => ({ data: { deleted: 2003, files }, error: null, status: 200 }),
      storage: {
        from: (bucket: string) => ({
          remove: async (names: string[]) => {
            requests.push([bucket, names.length]);
            return { data: names.map((name) => ({ name })), error: null };
          },
        }),
      },
    } as unknown as DatabaseClient;
    expect(await createTrashMethods(client, []).deleteForever(['e'])).toEqual({ deleted: 2003 });
    expect(requests).toEqual([
      ['news-screenshots', 1000],
      ['news-screenshots', 1000],
      ['news-screenshots', 1],
      ['other', 2],
    ]);
  });
});

/**
 * A trash entry's `resource` is the base table its trigger ran on (TG_TABLE_NAME), so a kind read
 * through a view (`admin_scans`) is still found by its table's name.
 */
describe('a view-backed resource with a trash', () => {
  it('names its kind by the base table and its Undo looks entries up under it', async () => {
    const asked: unknown[][] = [];
    const query = {
      select: (...a: unknown[]) => (asked.push(['select', ...a]), query),
      eq: (...a: unknown[]) => (asked.push(['eq', ...a]), query),
      in: (...a: unknown[]) => (asked.push(['in', ...a]), query),
      order: () => query,
      then: (resolve: (v: unknown) => void) =>
        resolve({ data: [{ id: 'entry-1', record_id: 'row-1' }], error: null, status: 200 }),
    };
    const rpcs: unknown[] = [];
    const client = {
      from: (relation: string) => (asked.push(['from', relation]), query),
      rpc: async (name: string, args: unknown) => {
        rpcs.push([name, args]);
        return { data: { restored: ['entry-1'], refused: [], id_taken: [] }, error: null, status: 200 };
      },
    } as unknown as DatabaseClient;
    const trash = createTrashMethods(client, [
      {
        name: 'scans',
        table: 'admin_scans',
        trash: true,
        defaultSort: [{ field: 'created_at', ascending: false }],
      },
    ]);
    expect(trash.trashKinds()).toEqual([{ name: 'scans', table: 'scans' }]);
    await trash.undoDelete('scans', ['row-1']);
    expect(asked).toEqual([
      ['from', 'trash'],
      ['select', 'id, record_id'],
      ['eq', 'resource', 'scans'],
      ['in', 'record_id', ['row-1']],
    ]);
    expect(rpcs).toEqual([['admin_restore_trashed', { ids: ['entry-1'] }]]);
  });
});
