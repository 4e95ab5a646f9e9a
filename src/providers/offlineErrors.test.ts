import { HttpError } from 'react-admin';
import { withOfflineWording } from './offlineErrors';

afterEach(() => vi.restoreAllMocks());

const failing = (error: unknown) =>
  withOfflineWording({
    getList: () => Promise.reject(error),
    hasTrash: (resource: string) => resource === 'news',
  });

describe('withOfflineWording', () => {
  it("offline, a request that never reached the server fails with the offline wording, not the browser's", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    for (const error of [new TypeError('Failed to fetch'), { message: 'TypeError: Failed to fetch' }]) {
      const failure = await failing(error).getList().catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(HttpError);
      expect((failure as HttpError).message).toBe('labellens.page_notices.offline_request');
      expect((failure as HttpError).status).toBe(0);
    }
  });

  it('online, or for any other failure, the error is passed on as it was; plain answers stay plain', async () => {
    const network = new TypeError('Failed to fetch');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    expect(await failing(network).getList().catch((e: unknown) => e)).toBe(network);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const refused = new HttpError('Admin privileges required', 403);
    expect(await failing(refused).getList().catch((e: unknown) => e)).toBe(refused);
    expect(failing(refused).hasTrash('news')).toBe(true);
  });
});
