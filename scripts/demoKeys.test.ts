import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { serviceRoleKey, signJwt } from '../mocks/supabase/jwt';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from '../mocks/supabase/keys';
import { serviceKeysIn } from './demoKeys';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'demo-keys-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'data'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('finds the local service key, any JWT whose role is service_role, also gzipped; not the anon key or a user token', async () => {
  const otherSecret = 'another-secret-of-at-least-thirty-two-characters';
  const write = (name: string, text: string | Buffer) => writeFileSync(path.join(dir, name), text);
  write('assets/anon.js', `const k="${LOCAL_ANON_KEY}";`);
  write(
    'assets/user.js',
    `x=${JSON.stringify(await signJwt({ role: 'authenticated', sub: 'u' }, { expiresInSeconds: 60 }))}`,
  );
  write('assets/panel.js', `headers:{apikey:"${LOCAL_SERVICE_ROLE_KEY}"}`);
  write('assets/minted.js', `k='${await serviceRoleKey(otherSecret)}'`);
  write('data/seed.tar.gz', gzipSync(Buffer.from(`\0\0cron ${await serviceRoleKey(LOCAL_JWT_SECRET)}\0`)));
  write('index.html', '<script>eyJhbGciOi.eyJub3QganNvbg.x</script>');

  expect(serviceKeysIn(dir)).toEqual(['assets/minted.js', 'assets/panel.js', 'data/seed.tar.gz']);
});

it("the service key signed with the local secret is the Supabase CLI's published one", async () => {
  expect(await serviceRoleKey(LOCAL_JWT_SECRET)).toBe(LOCAL_SERVICE_ROLE_KEY);
});
