import { describe, expect, it, vi } from 'vitest';
import { EARLY_READ_TTL_MS, withEarlyReads } from './earlyReads';

const PAGE = {
  pagination: { page: 1, perPage: 25 },
  sort: { field: 'created_at', order: 'DESC' },
  filter: {},
};

/** A provider whose reads count their calls and answer which call they were. */
function countingProvider() {
  let calls = 0;
  const getList = vi.fn(async (_resource: string, _params: unknown) => ({
    data: [{ id: ++calls }],
    total: 1,
  }));
  const getDashboardStats = vi.fn(async () => ({ scans: ++calls }));
  const update = vi.fn(async () => ({ data: { id: 1 } }));
  return { getList, getDashboardStats, update, supportAbortSignal: true };
}

/** Lets the early read's sign-in check and call run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('withEarlyReads', () => {
  it("hands a read started early to the screen's identical call once (any key order, with react-query's signal)", async () => {
    const base = countingProvider();
    const early = withEarlyReads(base, async () => 'operator-1');
    early.startRead(['getList', 'scans', PAGE]);
    await settle();
    expect(base.getList).toHaveBeenCalledTimes(1);
    const asked = {
      filter: {},
      meta: undefined,
      signal: new AbortController().signal,
      sort: { order: 'DESC', field: 'created_at' },
      pagination: { perPage: 25, page: 1 },
    };
    expect(await early.provider.getList('scans', asked)).toEqual({ data: [{ id: 1 }], total: 1 });
    expect(base.getList).toHaveBeenCalledTimes(1);
    // Handed over once: the next identical call (a refetch) reads afresh.
    expect(await early.provider.getList('scans', asked)).toEqual({ data: [{ id: 2 }], total: 1 });
    expect(base.getList).toHaveBeenCalledTimes(2);
  });

  it('reads afresh for another call: another page, another resource, another method', async () => {
    const base = countingProvider();
    const early = withEarlyReads(base, async () => 'operator-1');
    early.startRead(['getList', 'scans', PAGE]);
    await settle();
    await early.provider.getList('scans', { ...PAGE, pagination: { page: 2, perPage: 25 } });
    await early.provider.getList('profiles', PAGE);
    await early.provider.getDashboardStats();
    expect(base.getList.mock.calls.map(([resource, params]) => [resource, params])).toEqual([
      ['scans', PAGE],
      ['scans', { ...PAGE, pagination: { page: 2, perPage: 25 } }],
      ['profiles', PAGE],
    ]);
    expect(base.getDashboardStats).toHaveBeenCalledTimes(1);
  });

  it(`reads afresh after ${EARLY_READ_TTL_MS} ms, and under another session than the one it was made with`, async () => {
    let now = 1_000;
    let token: string | undefined = 'token-of-operator-1';
    const base = countingProvider();
    const early = withEarlyReads(
      base,
      async () => token,
      () => now,
    );
    early.startRead(['getDashboardStats']);
    await settle();
    now += EARLY_READ_TTL_MS + 1;
    expect(await early.provider.getDashboardStats()).toEqual({ scans: 2 });

    early.startRead(['getDashboardStats']);
    await settle();
    token = 'token-after-the-second-factor'; // or signed out, and someone else signed in
    expect(await early.provider.getDashboardStats()).toEqual({ scans: 4 });
    expect(base.getDashboardStats).toHaveBeenCalledTimes(4);
  });

  it('starts nothing when nobody is signed in', async () => {
    const base = countingProvider();
    const early = withEarlyReads(base, async () => undefined);
    early.startRead(['getList', 'scans', PAGE]);
    await settle();
    expect(base.getList).not.toHaveBeenCalled();
  });

  it('makes a read that failed early again for the screen, which never sees the early failure', async () => {
    const base = countingProvider();
    base.getList.mockRejectedValueOnce(new Error('JWT expired'));
    const early = withEarlyReads(base, async () => 'operator-1');
    early.startRead(['getList', 'scans', PAGE]);
    await settle();
    expect(await early.provider.getList('scans', PAGE)).toEqual({ data: [{ id: 1 }], total: 1 });
    expect(base.getList).toHaveBeenCalledTimes(2);
  });

  it('leaves writes and other properties as they are, and refuses a method the provider lacks', async () => {
    const base = countingProvider();
    const early = withEarlyReads(base, async () => 'operator-1');
    expect(early.provider.update).toBe(base.update);
    expect(early.provider.supportAbortSignal).toBe(true);
    expect(() => early.startRead(['getNothing'])).toThrow('The data provider has no getNothing');
  });
});
