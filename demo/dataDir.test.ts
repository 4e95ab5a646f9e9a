import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseDataDir } from './dataDir';

describe('chooseDataDir', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the data directory in OPFS (memfs2opfs://) where the browser has it', async () => {
    vi.stubGlobal('navigator', { storage: { getDirectory: () => Promise.resolve({}) } });
    expect(await chooseDataDir(true)).toBe('memfs2opfs://labellens-demo');
  });

  it('falls back to IndexedDB without OPFS', async () => {
    vi.stubGlobal('navigator', { storage: {} });
    expect(await chooseDataDir(true)).toBe('idb://labellens-demo');
  });

  it('falls back to IndexedDB when the browser refuses OPFS (a private window)', async () => {
    const refused = new DOMException('The operation is insecure.', 'SecurityError');
    vi.stubGlobal('navigator', { storage: { getDirectory: () => Promise.reject(refused) } });
    expect(await chooseDataDir(true)).toBe('idb://labellens-demo');
  });
});
