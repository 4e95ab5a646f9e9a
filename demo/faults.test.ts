import { describe, expect, it } from 'vitest';
import { FAULTS_KEY, loadFaults, noFaults, saveFaults, withFaults, type Faults } from './faults';

const ANON = 'anon-key';
const USER_TOKEN = 'user.access.token';
const request = (path: string, init: { token?: string; method?: string } = {}) =>
  new Request(`http://127.0.0.1:4910${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: ANON,
      Authorization: `Bearer ${init.token ?? ANON}`,
      'X-Supabase-Api-Version': '2024-01-01',
    },
  });
const ok = async () => Response.json([{ id: 1 }]);
const faultsWith = (change: (f: Faults) => void) => {
  const f = noFaults();
  change(f);
  return f;
};
const noSleep = { sleep: async () => undefined, random: () => 0.5 };

describe('withFaults', () => {
  it('answers as the stand-in does when no fault is on', async () => {
    const res = await withFaults(request('/rest/v1/news'), noFaults(), ok, noSleep);
    expect(res!.status).toBe(200);
    expect(await res!.json()).toEqual([{ id: 1 }]);
  });

  it('REST 503 at 100%: PostgREST-shaped body', async () => {
    const f = faultsWith((x) => Object.assign(x.rest, { errorRate: 100, errorStatus: 503 }));
    const res = await withFaults(request('/rest/v1/news'), f, ok, noSleep);
    expect(res!.status).toBe(503);
    expect(await res!.json()).toEqual({
      code: '503',
      details: null,
      hint: null,
      message: "Service Unavailable (injected by the demo's tester's panel)",
    });
    // Another service is untouched.
    expect((await withFaults(request('/storage/v1/bucket'), f, ok, noSleep))!.status).toBe(200);
  });

  it('an error rate draws per request', async () => {
    const f = faultsWith((x) => Object.assign(x.functions, { errorRate: 30, errorStatus: 429 }));
    const under = await withFaults(request('/functions/v1/push'), f, ok, { ...noSleep, random: () => 0.29 });
    expect(under!.status).toBe(429);
    expect(await under!.json()).toEqual({
      message: "Too Many Requests (injected by the demo's tester's panel)",
    });
    const over = await withFaults(request('/functions/v1/push'), f, ok, { ...noSleep, random: () => 0.3 });
    expect(over!.status).toBe(200);
  });

  it('Auth 500 in GoTrue’s error format; Storage 500 in Storage’s', async () => {
    const f = faultsWith((x) => {
      Object.assign(x.auth, { errorRate: 100, errorStatus: 500 });
      Object.assign(x.storage, { errorRate: 100, errorStatus: 500 });
    });
    const auth = await withFaults(request('/auth/v1/user'), f, ok, noSleep);
    expect(auth!.status).toBe(500);
    expect(await auth!.json()).toEqual({
      code: 'unexpected_failure',
      message: "Internal Server Error (injected by the demo's tester's panel)",
    });
    const storage = await withFaults(request('/storage/v1/object/list/news'), f, ok, noSleep);
    expect(storage!.status).toBe(500);
    expect(await storage!.json()).toEqual({
      statusCode: '500',
      error: 'Internal Server Error',
      message: "Internal Server Error (injected by the demo's tester's panel)",
    });
  });

  it('offline is a network error', async () => {
    const f = faultsWith((x) => (x.rest.offline = true));
    const res = await withFaults(request('/rest/v1/news'), f, ok, noSleep);
    expect(res!.type).toBe('error');
    expect(res!.status).toBe(0);
  });

  it("an expired session: GoTrue's 403 bad_jwt for a user's token, the refresh still answered", async () => {
    const f = faultsWith((x) => (x.auth.expiredSession = true));
    const user = await withFaults(request('/auth/v1/user', { token: USER_TOKEN }), f, ok, noSleep);
    expect(user!.status).toBe(403);
    expect(user!.headers.get('X-Supabase-Api-Version')).toBe('2024-01-01');
    expect(await user!.json()).toEqual({
      code: 'bad_jwt',
      message: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    });
    const refresh = await withFaults(
      request('/auth/v1/token?grant_type=refresh_token', { method: 'POST' }),
      f,
      ok,
      noSleep,
    );
    expect(refresh!.status).toBe(200);
  });

  it('latency waits the set milliseconds before answering', async () => {
    const waited: number[] = [];
    const f = faultsWith((x) => (x.rest.latencyMs = 750));
    const res = await withFaults(request('/rest/v1/news'), f, ok, {
      sleep: async (ms) => void waited.push(ms),
    });
    expect(waited).toEqual([750]);
    expect(res!.status).toBe(200);
  });
});

describe('loadFaults / saveFaults', () => {
  it('round-trips through storage and ignores malformed parts', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const f = faultsWith((x) => Object.assign(x.rest, { latencyMs: 200, errorRate: 10, errorStatus: 429 }));
    saveFaults(storage, f);
    expect(loadFaults(storage)).toEqual(f);
    store.set(FAULTS_KEY, JSON.stringify({ rest: { errorRate: 500, errorStatus: 418, latencyMs: -1 } }));
    expect(loadFaults(storage).rest).toEqual({ ...noFaults().rest, errorRate: 100 });
    store.set(FAULTS_KEY, 'not json');
    expect(loadFaults(storage)).toEqual(noFaults());
  });
});
