import { AuthApiError, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../db';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../keys';
import { createStandIn, type StandIn } from '../standIn';
import { openTestDatabase } from '../testing/snapshot';
import { DEMO, standInClient, TEST_SUPABASE_URL } from './testClient';

let db: Database;
let standIn: StandIn;
let service: SupabaseClient;

beforeAll(async () => {
  db = await openTestDatabase();
  standIn = createStandIn({ db });
  service = standInClient(standIn, LOCAL_SERVICE_ROLE_KEY);
});
afterAll(() => db.close());

const totalUsers = async () =>
  (await db.query<{ n: number }>('select count(*)::int as n from auth.users where deleted_at is null'))
    .rows[0].n;

async function get(path: string, key: string) {
  return (await standIn.handle(
    new Request(`${TEST_SUPABASE_URL}/auth/v1${path}`, {
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'X-Supabase-Api-Version': '2024-01-01' },
    }),
  ))!;
}

describe('admin API with the service-role key', () => {
  it('lists users newest first, paginated with Link and X-Total-Count', async () => {
    const total = await totalUsers();
    const listed = await service.auth.admin.listUsers({ page: 1, perPage: 2 });
    if (listed.error) throw listed.error;
    const { data } = listed;
    expect(data.users).toHaveLength(2);
    expect(data.aud).toBe('authenticated');
    expect(data.total).toBe(total);
    expect(data.nextPage).toBe(2);
    const { rows } = await db.query<{ id: string }>(
      'select id from auth.users order by created_at desc, id limit 2',
    );
    expect(data.users.map((u) => u.id)).toEqual(rows.map((r) => r.id));

    const response = await get('/admin/users?page=2&per_page=2', LOCAL_SERVICE_ROLE_KEY);
    const lastPage = Math.ceil(total / 2);
    expect(response.headers.get('X-Total-Count')).toBe(String(total));
    expect(response.headers.get('Link')).toBe(
      `</admin/users?page=3&per_page=2>; rel="next", </admin/users?page=${lastPage}&per_page=2>; rel="last"`,
    );
  });

  it('creates, reads, updates, bans and deletes a user', async () => {
    const created = await service.auth.admin.createUser({
      email: 'Created@Example.in',
      password: 'created-pass',
      email_confirm: true,
      user_metadata: { full_name: 'Kavya Rao' },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user).toMatchObject({
      email: 'created@example.in',
      role: 'authenticated',
      aud: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Kavya Rao' },
    });
    expect(user.email_confirmed_at).toEqual(expect.any(String));

    const anon = standInClient(standIn);
    expect(
      (await anon.auth.signInWithPassword({ email: 'created@example.in', password: 'created-pass' })).error,
    ).toBeNull();

    expect((await service.auth.admin.getUserById(user.id)).data.user!.id).toBe(user.id);

    const updated = await service.auth.admin.updateUserById(user.id, {
      user_metadata: { city: 'Indore' },
      ban_duration: '24h',
    });
    expect(updated.data.user!.user_metadata).toEqual({ full_name: 'Kavya Rao', city: 'Indore' });
    const bannedFor = new Date(updated.data.user!.banned_until!).getTime() - Date.now();
    expect(bannedFor).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(bannedFor).toBeLessThanOrEqual(24 * 3600_000);
    const refused = await anon.auth.signInWithPassword({
      email: 'created@example.in',
      password: 'created-pass',
    });
    expect(refused.error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' });
    const refreshed = await anon.auth.refreshSession();
    expect(refreshed.error).toMatchObject({
      status: 400,
      code: 'user_banned',
      message: 'Invalid Refresh Token: User Banned',
    });

    const lifted = await service.auth.admin.updateUserById(user.id, { ban_duration: 'none' });
    expect(lifted.data.user!.banned_until).toBeUndefined();

    expect((await service.auth.admin.deleteUser(user.id)).error).toBeNull();
    const gone = await service.auth.admin.getUserById(user.id);
    expect(gone.error).toBeInstanceOf(AuthApiError);
    expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' });
  });

  it('refuses a duplicate email, a bad id and a malformed ban duration', async () => {
    const duplicate = await service.auth.admin.createUser({ email: DEMO.user.email, password: 'whatever-1' });
    expect(duplicate.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
    // auth-js checks the id itself, so this one goes over raw HTTP.
    const badId = await get('/admin/users/not-a-uuid', LOCAL_SERVICE_ROLE_KEY);
    expect(badId.status).toBe(404);
    expect(await badId.json()).toEqual({ code: 'validation_failed', message: 'user_id must be an UUID' });
    const badBan = await service.auth.admin.updateUserById(DEMO.user.id, { ban_duration: 'forever' });
    expect(badBan.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('admin API without admin credentials', () => {
  it('refuses the anon key and a signed-in user with 403 not_admin', async () => {
    const anon = standInClient(standIn, LOCAL_ANON_KEY);
    const asAnon = await anon.auth.admin.listUsers();
    expect(asAnon.error).toBeInstanceOf(AuthApiError);
    expect(asAnon.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });

    const { data } = await anon.auth.signInWithPassword(DEMO.admin);
    const asUser = await get('/admin/users', data.session!.access_token);
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
  });
});
