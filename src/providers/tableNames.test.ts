import type { DataProvider } from 'react-admin';
import { withTableNames } from './tableNames';

describe('withTableNames', () => {
  it('sends the health-tips route to the health_tips table and leaves other resources alone', async () => {
    const calls: Array<[string, string]> = [];
    const recorder = new Proxy({} as DataProvider, {
      get: (_target, method: string) => async (resource: string) => {
        calls.push([method, resource]);
        return { data: [] };
      },
    });
    const provider = withTableNames(recorder);
    await provider.getList('health-tips', {});
    await provider.update('health-tips', { id: 1, data: {}, previousData: {} });
    await provider.getOne('news', { id: 1 });
    expect(calls).toEqual([
      ['getList', 'health_tips'],
      ['update', 'health_tips'],
      ['getOne', 'news'],
    ]);
  });
});
