import {
  AuthApiError,
  AuthSessionMissingError,
  AuthWeakPasswordError,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { signJwt } from '../jwt';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET } from '../keys';
import type { Database } from '../db';
import { createStandIn, type StandIn } from '../standIn';
import { openTestDatabase } from '../testing/snapshot';
import { DEMO, standInClient, TEST_SUPABASE_URL } from './testClient';

let db: Database;
let standIn: StandIn;
let client: SupabaseClient;

beforeAll(async () => {
  db = await openTestDatabase();
  standIn = createStandIn({ db, publicUrl: TEST_SUPABASE_URL });
  client = standInClient(standIn);
});
afterAll(() => db.close());

/** A raw request as auth-js sends it (with the API version header unless told otherwise). */
async function call(path: string, init: RequestInit & { apiVersion?: string | null } = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', LOCAL_ANON_KEY);
  if (init.apiVersion !== null) headers.set('X-Supabase-Api-Version', init.apiVersion ?? '2024-01-01');
  const response = (await standIn.handle(
    new Request(`${TEST_SUPABASE_URL}/auth/v1${path}`, { ...init, headers }),
  ))!;
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null,
    text,
  };
}

async function signIn(account: { email: string; password: string }) {
  const { data, error } = await client.auth.signInWithPassword(account);
  if (error) throw error;
  return data.session!;
}

async function expectAuthError(
  promise: Promise<{ error: unknown }>,
  status: number,
  code: string,
  message: string,
) {
  const { error } = await promise;
  expect(error).toBeInstanceOf(AuthApiError);
  expect(error).toMatchObject({ status, code, message });
}

async function insertUser(email: string, password: string, extra = '') {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
        created_at, updated_at ${extra ? ', ' + extra.split('=')[0] : ''})
     values (gen_random_uuid(), 'authenticated', 'authenticated', $1, extensions.crypt($2, extensions.gen_salt('bf', 4)),
       '{"provider":"email","providers":["email"]}', '{}', now(), now()
       ${extra ? ', ' + extra.split('=')[1] : ''}) returning id`,
    [email, password],
  );
  return rows[0].id;
}

describe('password grant', () => {
  it.each(Object.values(DEMO))('signs in $email with a GoTrue session and access token', async (account) => {
    const before = Date.now();
    const session = await signIn(account);
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(session.user).toMatchObject({
      id: account.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: account.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      identities: [],
      is_anonymous: false,
    });
    expect(new Date(session.user.last_sign_in_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const claims = decodeJwt(session.access_token);
    expect(Object.keys(claims).sort()).toEqual(
      [
        'aal',
        'amr',
        'app_metadata',
        'aud',
        'email',
        'exp',
        'iat',
        'is_anonymous',
        'iss',
        'phone',
        'role',
        'session_id',
        'sub',
        'user_metadata',
      ].sort(),
    );
    expect(claims).toMatchObject({
      iss: 'http://localhost:54321/auth/v1',
      sub: account.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: account.email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(session.expires_at).toBe(claims.exp);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);

    const { rows } = await db.query<{
      user_id: string;
      revoked: boolean;
      parent: string | null;
      uid: string;
    }>(
      `select rt.user_id, rt.revoked, rt.parent, s.user_id::text as uid
         from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
        where rt.token = $1 and s.id = $2`,
      [session.refresh_token, claims.session_id],
    );
    expect(rows).toEqual([{ user_id: account.id, revoked: false, parent: null, uid: account.id }]);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const message = 'Invalid login credentials';
    await expectAuthError(
      client.auth.signInWithPassword({ email: DEMO.admin.email, password: 'wrong-password' }),
      400,
      'invalid_credentials',
      message,
    );
    await expectAuthError(
      client.auth.signInWithPassword({ email: 'nobody@labellens.dev', password: 'whatever1' }),
      400,
      'invalid_credentials',
      message,
    );
  });

  it('refuses unconfirmed and banned users with their own codes', async () => {
    await insertUser('unconfirmed@example.in', 'secret-pass');
    await expectAuthError(
      client.auth.signInWithPassword({ email: 'unconfirmed@example.in', password: 'secret-pass' }),
      400,
      'email_not_confirmed',
      'Email not confirmed',
    );
    await insertUser('banned@example.in', 'secret-pass', "banned_until=now() + interval '1 day'");
    await expectAuthError(
      client.auth.signInWithPassword({ email: 'banned@example.in', password: 'secret-pass' }),
      400,
      'user_banned',
      'User is banned',
    );
  });

  it('answers validation and JSON errors in both GoTrue error formats', async () => {
    const missing = await call('/token?grant_type=password', { method: 'POST', body: '{"password":"x"}' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: 'validation_failed', message: 'missing email or phone' });
    expect(missing.headers.get('X-Supabase-Api-Version')).toBe('2024-01-01');

    const legacy = await call('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: DEMO.user.email, password: 'nope' }),
      apiVersion: null,
    });
    expect(legacy.status).toBe(400);
    expect(legacy.body).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    expect(legacy.headers.get('X-Supabase-Api-Version')).toBeNull();

    const badJson = await call('/token?grant_type=password', { method: 'POST', body: '{"email":' });
    expect(badJson.status).toBe(400);
    expect(badJson.body.code).toBe('bad_json');
    expect(badJson.body.message).toMatch(/^Could not parse request body as JSON: /);

    const huge = await call('/token?grant_type=password', { method: 'POST', body: 'x'.repeat(70_000) });
    expect(huge.status).toBe(400);
    expect(huge.body.code).toBe('bad_json');

    const grant = await call('/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(grant.body).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });
});

describe('refresh token grant', () => {
  const tokenRow = async (token: string) =>
    (
      await db.query<{ revoked: boolean; parent: string | null }>(
        'select revoked, parent from auth.refresh_tokens where token = $1',
        [token],
      )
    ).rows[0];

  it('rotates: the old token is revoked and becomes the parent of the new one, same session', async () => {
    const first = await signIn(DEMO.user);
    const { data, error } = await client.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(error).toBeNull();
    const second = data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);
    expect(await tokenRow(first.refresh_token)).toEqual({ revoked: true, parent: null });
    expect(await tokenRow(second.refresh_token)).toEqual({ revoked: false, parent: first.refresh_token });
  });

  it('hands the active token back to a client that lost it, and refuses reuse past the interval', async () => {
    const first = await signIn(DEMO.user);
    const second = (await client.auth.refreshSession({ refresh_token: first.refresh_token })).data.session!;
    // The parent of the active token: the client never stored the answer, so it gets it again.
    const again = (await client.auth.refreshSession({ refresh_token: first.refresh_token })).data.session!;
    expect(again.refresh_token).toBe(second.refresh_token);

    const third = (await client.auth.refreshSession({ refresh_token: second.refresh_token })).data.session!;
    await db.query(
      `update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`,
      [first.refresh_token],
    );
    await expectAuthError(
      client.auth.refreshSession({ refresh_token: first.refresh_token }),
      400,
      'refresh_token_already_used',
      'Invalid Refresh Token: Already Used',
    );
    // Reuse revokes the whole family of the session.
    expect((await tokenRow(third.refresh_token)).revoked).toBe(true);
  });

  it('does not know an unknown token, nor the token of a signed-out session', async () => {
    await expectAuthError(
      client.auth.refreshSession({ refresh_token: 'abcdefghijkl' }),
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
    const session = await signIn(DEMO.admin);
    const signedIn = standInClient(standIn);
    await signedIn.auth.setSession(session);
    expect((await signedIn.auth.signOut()).error).toBeNull();
    await expectAuthError(
      client.auth.refreshSession({ refresh_token: session.refresh_token }),
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
  });
});

describe('GET /user and the bearer token checks', () => {
  it('returns the signed-in user', async () => {
    const session = await signIn(DEMO.admin);
    const { data, error } = await client.auth.getUser(session.access_token);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: DEMO.admin.id,
      email: DEMO.admin.email,
      user_metadata: { full_name: 'Neha Admin' },
    });
  });

  it('requires a bearer token (401 no_authorization)', async () => {
    const response = await call('/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a Bearer token',
    });
  });

  it('refuses a tampered token and an expired one with 403 bad_jwt', async () => {
    const session = await signIn(DEMO.user);
    const [header, , signature] = session.access_token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...decodeJwt(session.access_token), role: 'service_role' }),
    ).toString('base64url');
    await expectAuthError(
      client.auth.getUser(`${header}.${forged}.${signature}`),
      403,
      'bad_jwt',
      'invalid JWT: unable to parse or verify signature, token signature is invalid: signature is invalid',
    );
    const expired = await signJwt(
      { ...decodeJwt(session.access_token), exp: undefined, iat: undefined },
      { expiresInSeconds: -60, secret: LOCAL_JWT_SECRET },
    );
    await expectAuthError(
      client.auth.getUser(expired),
      403,
      'bad_jwt',
      'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    );
    await expectAuthError(
      client.auth.getUser('not-a-jwt'),
      403,
      'bad_jwt',
      'invalid JWT: unable to parse or verify signature, token is malformed: token contains an invalid number of segments',
    );
    await expectAuthError(
      client.auth.getUser(LOCAL_ANON_KEY),
      403,
      'bad_jwt',
      'invalid claim: missing sub claim',
    );
  });

  it('refuses a token whose session was signed out (session_not_found) or whose user is gone', async () => {
    const session = await signIn(DEMO.user);
    const signedIn = standInClient(standIn);
    await signedIn.auth.setSession(session);
    await signedIn.auth.signOut({ scope: 'local' });
    const raw = await call('/user', { headers: { Authorization: `Bearer ${session.access_token}` } });
    expect(raw.status).toBe(403);
    expect(raw.body).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
    expect((await client.auth.getUser(session.access_token)).error).toBeInstanceOf(AuthSessionMissingError);

    const ghost = await signJwt(
      { sub: '11111111-2222-4333-8444-555555555555', role: 'authenticated', aud: 'authenticated' },
      { expiresInSeconds: 60 },
    );
    await expectAuthError(
      client.auth.getUser(ghost),
      403,
      'user_not_found',
      'User from sub claim in JWT does not exist',
    );
  });

  it('refuses an access token issued before its user was banned (403 user_banned)', async () => {
    const id = await insertUser('banned-later@example.in', 'secret-pass', 'email_confirmed_at=now()');
    const session = await signIn({ email: 'banned-later@example.in', password: 'secret-pass' });
    await db.query(`update auth.users set banned_until = now() + interval '1 day' where id = $1`, [id]);
    const raw = await call('/user', { headers: { Authorization: `Bearer ${session.access_token}` } });
    expect([raw.status, raw.body]).toEqual([403, { code: 'user_banned', message: 'User is banned' }]);
  });
});

describe('PUT /user', () => {
  let userClient: SupabaseClient;
  beforeAll(async () => {
    await insertUser('changer@example.in', 'first-pass', 'email_confirmed_at=now()');
    userClient = standInClient(standIn);
    await userClient.auth.signInWithPassword({ email: 'changer@example.in', password: 'first-pass' });
  });

  it('merges user metadata, deleting keys set to null', async () => {
    await userClient.auth.updateUser({ data: { city: 'Bhopal', plan: 'free' } });
    const { data, error } = await userClient.auth.updateUser({ data: { plan: null, lang: 'hi' } });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toEqual({ city: 'Bhopal', lang: 'hi' });
  });

  it('asks for the current password before changing it (an access token alone is not enough)', async () => {
    await expectAuthError(
      userClient.auth.updateUser({ password: 'second-pass' }),
      400,
      'current_password_required',
      'Current password required when setting new password.',
    );
    await expectAuthError(
      userClient.auth.updateUser({ password: 'second-pass', current_password: 'not-it' }),
      400,
      'current_password_invalid',
      'Current password required when setting new password.',
    );
  });

  it('refuses a weak or unchanged password, then changes it', async () => {
    const weak = await userClient.auth.updateUser({ password: '123', current_password: 'first-pass' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error).toMatchObject({
      status: 422,
      code: 'weak_password',
      reasons: ['length'],
      message: 'Password should be at least 6 characters.',
    });
    await expectAuthError(
      userClient.auth.updateUser({ password: 'first-pass', current_password: 'first-pass' }),
      422,
      'same_password',
      'New password should be different from the old password.',
    );
    expect(
      (await userClient.auth.updateUser({ password: 'second-pass', current_password: 'first-pass' })).error,
    ).toBeNull();
    await expectAuthError(
      client.auth.signInWithPassword({ email: 'changer@example.in', password: 'first-pass' }),
      400,
      'invalid_credentials',
      'Invalid login credentials',
    );
    expect(
      (await client.auth.signInWithPassword({ email: 'changer@example.in', password: 'second-pass' })).error,
    ).toBeNull();
  });

  it('asks a permanent user to confirm a new email by link, refusing one that is taken', async () => {
    await expectAuthError(
      userClient.auth.updateUser({ email: DEMO.admin.email }),
      422,
      'email_exists',
      'A user with this email address has already been registered',
    );
    const { data } = await userClient.auth.updateUser({ email: 'Changed@Example.in' });
    // The address changes when a link is followed (emailChange.test.ts).
    expect(data.user).toMatchObject({ email: 'changer@example.in', new_email: 'changed@example.in' });
  });
});

describe('logout scopes', () => {
  it('local ends only this session, global ends them all', async () => {
    const a = standInClient(standIn);
    const b = standInClient(standIn);
    const c = standInClient(standIn);
    for (const x of [a, b, c]) await x.auth.signInWithPassword(DEMO.inactiveAdmin);
    const tokenOf = async (x: SupabaseClient) => (await x.auth.getSession()).data.session!.access_token;
    const [ta, tb, tc] = [await tokenOf(a), await tokenOf(b), await tokenOf(c)];

    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await client.auth.getUser(ta)).error).toBeInstanceOf(AuthSessionMissingError);
    expect((await client.auth.getUser(tb)).error).toBeNull();

    const bad = await call('/logout?scope=everyone', {
      method: 'POST',
      headers: { Authorization: `Bearer ${tb}` },
    });
    expect(bad.body).toEqual({ code: 'validation_failed', message: 'Unsupported logout scope "everyone"' });

    const raw = await call('/logout?scope=global', {
      method: 'POST',
      headers: { Authorization: `Bearer ${tb}` },
    });
    expect(raw.status).toBe(204);
    expect((await client.auth.getUser(tc)).error).toBeInstanceOf(AuthSessionMissingError);
  });
});

describe('signup and service endpoints', () => {
  it('signs up with autoconfirm, refusing duplicates and weak passwords', async () => {
    const { data, error } = await client.auth.signUp({
      email: 'New.Person@example.in',
      password: 'good-pass',
      options: { data: { full_name: 'New Person' } },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email: 'new.person@example.in',
      user_metadata: { full_name: 'New Person' },
    });
    expect(data.user!.email_confirmed_at).toEqual(expect.any(String));
    expect(data.session!.refresh_token).toMatch(/^[a-z0-9]{12}$/);

    await expectAuthError(
      client.auth.signUp({ email: 'new.person@example.in', password: 'good-pass' }),
      422,
      'user_already_exists',
      'User already registered',
    );
    const weak = await client.auth.signUp({ email: 'weak@example.in', password: '12345' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    await expectAuthError(
      client.auth.signUp({ email: 'not-an-email', password: 'good-pass' }),
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
  });

  it('serves health, settings, an empty JWKS and a 404 for unknown paths', async () => {
    expect((await call('/health')).body).toMatchObject({ name: 'GoTrue' });
    expect((await call('/settings')).body).toMatchObject({
      external: { email: true, phone: false },
      mailer_autoconfirm: true,
    });
    expect((await call('/.well-known/jwks.json')).body).toEqual({ keys: [] });
    const unknown = await call('/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe('404 page not found\n');
  });
});
