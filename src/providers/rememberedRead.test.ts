import type { Session } from '@supabase/supabase-js';
import { rememberedRead } from './rememberedRead';

const KEY = 'labellens.test.role';
const session = (token: string) => ({ access_token: token }) as Session;

/** A read whose answers the test gives out one at a time. */
function scriptedRead() {
  const pending: Array<(value: string) => void> = [];
  const read = vi.fn(() => new Promise<string>((resolve) => pending.push(resolve)));
  return { read, answer: (value: string) => pending.shift()!(value) };
}

beforeEach(() => window.sessionStorage.clear());
afterAll(() => window.sessionStorage.clear());

it('reads once per access token and remembers the answer in the tab', async () => {
  const { read, answer } = scriptedRead();
  const role = rememberedRead(KEY, read);

  const first = role.get(session('t1'));
  expect(role.get(session('t1'))).toBe(first);
  answer('owner');
  await expect(first).resolves.toBe('owner');
  expect(read).toHaveBeenCalledTimes(1);
  expect(JSON.parse(window.sessionStorage.getItem(KEY)!)).toEqual({ token: 't1', value: 'owner' });
});

it('after a reload with the same token, answers from the tab at once and reads again behind it', async () => {
  window.sessionStorage.setItem(KEY, JSON.stringify({ token: 't1', value: 'owner' }));
  const { read, answer } = scriptedRead();
  const role = rememberedRead(KEY, read);
  const corrections: string[] = [];
  role.subscribe((value) => corrections.push(value));

  // Answered before the database has answered.
  await expect(role.get(session('t1'))).resolves.toBe('owner');
  expect(read).toHaveBeenCalledTimes(1);

  // The database now says otherwise: the new answer replaces the remembered one, and listeners hear it.
  answer('support');
  await vi.waitFor(() => expect(corrections).toEqual(['support']));
  await expect(role.get(session('t1'))).resolves.toBe('support');
  expect(JSON.parse(window.sessionStorage.getItem(KEY)!)).toEqual({ token: 't1', value: 'support' });
});

it('a listener that subscribes after the correction hears it', async () => {
  window.sessionStorage.setItem(KEY, JSON.stringify({ token: 't1', value: 'owner' }));
  const { read, answer } = scriptedRead();
  const role = rememberedRead(KEY, read);

  await expect(role.get(session('t1'))).resolves.toBe('owner');
  answer('support');
  await vi.waitFor(() => expect(JSON.parse(window.sessionStorage.getItem(KEY)!).value).toBe('support'));

  const corrections: string[] = [];
  role.subscribe((value) => corrections.push(value));
  await vi.waitFor(() => expect(corrections).toEqual(['support']));
});

it('an answer the database confirms is not announced again', async () => {
  window.sessionStorage.setItem(KEY, JSON.stringify({ token: 't1', value: 'owner' }));
  const { read, answer } = scriptedRead();
  const role = rememberedRead(KEY, read);
  const listener = vi.fn();
  role.subscribe(listener);

  await role.get(session('t1'));
  answer('owner');
  await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
  await Promise.resolve();
  expect(listener).not.toHaveBeenCalled();
});

it("another token's answer is not used: a new token is read before it is answered", async () => {
  window.sessionStorage.setItem(KEY, JSON.stringify({ token: 't1', value: 'owner' }));
  const { read, answer } = scriptedRead();
  const role = rememberedRead(KEY, read);

  let settled = false;
  const next = role.get(session('t2')).then((value) => {
    settled = true;
    return value;
  });
  await Promise.resolve();
  expect(settled).toBe(false);
  answer('editor');
  await expect(next).resolves.toBe('editor');
});

it('a failed first read is tried again; forget drops the answer in memory and in the tab', async () => {
  const read = vi.fn<(s: Session) => Promise<string>>().mockRejectedValueOnce(new Error('offline'));
  read.mockResolvedValue('owner');
  const role = rememberedRead(KEY, read);

  await expect(role.get(session('t1'))).rejects.toThrow('offline');
  await expect(role.get(session('t1'))).resolves.toBe('owner');
  expect(read).toHaveBeenCalledTimes(2);

  role.forget();
  expect(window.sessionStorage.getItem(KEY)).toBeNull();
  await role.get(session('t1'));
  expect(read).toHaveBeenCalledTimes(3);
});

it('reload reads now and remembers what it read', async () => {
  const read = vi.fn<(s: Session) => Promise<string>>().mockResolvedValueOnce('owner');
  read.mockResolvedValue('editor');
  const role = rememberedRead(KEY, read);

  await expect(role.get(session('t1'))).resolves.toBe('owner');
  await expect(role.reload(session('t1'))).resolves.toBe('editor');
  await expect(role.get(session('t1'))).resolves.toBe('editor');
  expect(JSON.parse(window.sessionStorage.getItem(KEY)!)).toEqual({ token: 't1', value: 'editor' });
});
