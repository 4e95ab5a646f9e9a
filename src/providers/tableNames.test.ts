import type { DataProvider } from 'react-admin';
import { RESOURCE_DATA } from '../resources';
import { tablesOf, withTableNames } from './tableNames';

/** A provider that records which method was called for which resource (table) name. */
function recordingProvider() {
  const calls: Array<[string, string]> = [];
  const recorder = new Proxy({} as DataProvider, {
    get: (_target, method: string) => async (resource: string) => {
      calls.push([method, resource]);
      return { data: [] };
    },
  });
  return { calls, provider: withTableNames(recorder, tablesOf(RESOURCE_DATA)) };
}

describe('withTableNames', () => {
  it('sends the health-tips route to the health_tips table and leaves other resources alone', async () => {
    const { calls, provider } = recordingProvider();
    await provider.getList('health-tips', {});
    await provider.update('health-tips', { id: 1, data: {}, previousData: {} });
    await provider.getOne('tags', { id: 1 });
    expect(calls).toEqual([
      ['getList', 'health_tips'],
      ['update', 'health_tips'],
      ['getOne', 'tags'],
    ]);
  });

  it('reads scans, profiles and chats through the admin views', async () => {
    const { calls, provider } = recordingProvider();
    await provider.getList('scans', {});
    await provider.getOne('profiles', { id: 1 });
    await provider.getMany('chats', { ids: [1] });
    expect(calls).toEqual([
      ['getList', 'admin_scans'],
      ['getOne', 'admin_profiles'],
      ['getMany', 'admin_chats'],
    ]);
  });

  it('reads news through admin_news and writes it to the news table, which the view refuses', async () => {
    const { calls, provider } = recordingProvider();
    await provider.getList('news', {});
    await provider.getOne('news', { id: 1 });
    await provider.getManyReference('news', {
      target: 'id',
      id: 1,
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    await provider.create('news', { data: {} });
    await provider.update('news', { id: 1, data: {}, previousData: {} });
    await provider.updateMany('news', { ids: [1], data: {} });
    await provider.delete('news', { id: 1 });
    await provider.deleteMany('news', { ids: [1] });
    expect(calls).toEqual([
      ['getList', 'admin_news'],
      ['getOne', 'admin_news'],
      ['getManyReference', 'admin_news'],
      ['create', 'news'],
      ['update', 'news'],
      ['updateMany', 'news'],
      ['delete', 'news'],
      ['deleteMany', 'news'],
    ]);
  });
});
