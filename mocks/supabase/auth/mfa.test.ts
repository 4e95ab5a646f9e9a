import { AuthApiError, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import type { Database } from '../db';
import { createStandIn, type StandIn } from '../standIn';
import { openTestDatabase } from '../testing/snapshot';
import { DEMO_ACCOUNTS } from '../demoAccounts';
import { standInClient, TEST_SUPABASE_URL } from './testClient';
import { insertConfirmedUser, totpCode, wrongTotpCode } from './mfaTesting';

/**
 * GoTrue's MFA API as supabase-js's auth.mfa calls it (internal/api/mfa.go): shapes, rows in
 * auth.mfa_factors / mfa_challenges / mfa_amr_claims / audit_log_entries, and GoTrue's refusals.
 */
let db: Database;
let standIn: StandIn;
beforeAll(async () => {
  db = await openTestDatabase();
  // Two wrong codes for a factor from one address, then 429: low enough to reach in a test.
  standIn = createStandIn({
    db,
    publicUrl: TEST_SUPABASE_URL,
    signInLimits: { requestsPerAddress: 100, failuresPerAddressAndAccount: 2, windowSeconds: 300 },
  });
});
afterAll(() => db.close());

const PASSWORD = 'Mfa-test-password-1';
let counter = 0;

/** A fresh confirmed user and a supabase-js client signed in as them (aal1). */
async function freshUser(): Promise<{ client: SupabaseClient; email: string; id: string }> {
  const email = `mfa-${++counter}-${Date.now()}@example.test`;
  const row = await insertConfirmedUser(db, email, PASSWORD);
  const client = standInClient(standIn);
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return { client, email, id: row.id };
}

async function enroll(client: SupabaseClient, friendlyName = 'Phone app') {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error) throw error;
  return data as { id: string; totp: { secret: string; uri: string; qr_code: string } };
}

async function enrollAndVerify(client: SupabaseClient) {
  const factor = await enroll(client);
  const { error } = await client.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: totpCode(factor.totp.secret),
  });
  if (error) throw error;
  return factor;
}

const claimsOf = async (client: SupabaseClient) =>
  decodeJwt((await client.auth.getSession()).data.session!.access_token);

function expectAuthError(error: unknown, status: number, code: string, message: string) {
  expect(error).toBeInstanceOf(AuthApiError);
  expect(error).toMatchObject({ status, code, message });
}

const auditActions = async (userId: string) =>
  (
    await db.query<{ action: string; traits: Record<string, unknown> | null }>(
      `select payload->>'action' as action, payload->'traits' as traits from auth.audit_log_entries
        where payload->>'actor_id' = $1 order by created_at, id`,
      [userId],
    )
  ).rows;

describe('enroll', () => {
  it("returns GoTrue's shape: id, type, friendly_name and the TOTP secret, URI and SVG QR code", async () => {
    const { client, email, id } = await freshUser();
    const factor = await enroll(client, 'Work phone');
    expect(factor).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'totp',
      friendly_name: 'Work phone',
      totp: {
        // supabase-js turns GoTrue's raw SVG into a data URL.
        qr_code: expect.stringMatching(/^data:image\/svg\+xml;utf-8,<svg[^]*<\/svg>\s*$/),
        secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
        uri: `otpauth://totp/localhost%3A54321:${encodeURIComponent(email)}?issuer=localhost%3A54321&secret=${factor.totp.secret}&algorithm=SHA1&digits=6&period=30`,
      },
    });
    const { rows } = await db.query(
      `select user_id, friendly_name, factor_type::text, status::text, secret from auth.mfa_factors where id = $1`,
      [factor.id],
    );
    expect(rows).toEqual([
      {
        user_id: id,
        friendly_name: 'Work phone',
        factor_type: 'totp',
        status: 'unverified',
        secret: factor.totp.secret,
      },
    ]);
    expect(await auditActions(id)).toEqual([
      { action: 'login', traits: { provider: 'email' } },
      { action: 'factor_in_progress', traits: { factor_id: factor.id } },
    ]);
  });

  it('refuses a second factor with the same friendly name (422 mfa_factor_name_conflict)', async () => {
    const { client } = await freshUser();
    await enroll(client, 'Same');
    const { error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Same' });
    expectAuthError(
      error,
      422,
      'mfa_factor_name_conflict',
      'A factor with the friendly name "Same" for this user already exists',
    );
  });

  it('refuses a new factor at aal1 once one is verified (403 insufficient_aal)', async () => {
    const { client, email } = await freshUser();
    await enrollAndVerify(client);
    const aal1 = standInClient(standIn);
    await aal1.auth.signInWithPassword({ email, password: PASSWORD });
    const { error } = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Another' });
    expectAuthError(error, 403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  });
});

describe('challenge and verify', () => {
  it('raises the session to aal2 with a new refresh token, amr totp then password, and signs out aal1 sessions', async () => {
    const { client, email, id } = await freshUser();
    const other = standInClient(standIn);
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    const before = (await client.auth.getSession()).data.session!;
    expect(await claimsOf(client)).toMatchObject({ aal: 'aal1', amr: [{ method: 'password' }] });

    const factor = await enroll(client);
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'totp',
      expires_at: expect.any(Number),
    });
    const { rows: challengeRows } = await db.query<{ created_at: Date; ip: string }>(
      `select created_at, host(ip_address) as ip from auth.mfa_challenges where id = $1`,
      [challenge.data!.id],
    );
    expect(challenge.data!.expires_at).toBe(Math.floor(challengeRows[0].created_at.getTime() / 1000) + 300);

    const verified = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: totpCode(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    expect(verified.data).toMatchObject({
      token_type: 'bearer',
      user: { id, factors: [{ id: factor.id, status: 'verified' }] },
    });
    expect(verified.data!.refresh_token).not.toBe(before.refresh_token);
    const claims = await claimsOf(client);
    expect(claims).toMatchObject({ aal: 'aal2', session_id: decodeJwt(before.access_token).session_id });
    expect((claims.amr as { method: string }[]).map((c) => c.method)).toEqual(['totp', 'password']);

    const { rows: sessions } = await db.query(
      `select aal::text, factor_id from auth.sessions where user_id = $1`,
      [id],
    );
    expect(sessions).toEqual([{ aal: 'aal2', factor_id: factor.id }]);
    // The other session is gone: GoTrue answers 403 session_not_found, which supabase-js turns into
    // a signed-out client.
    const { error: otherError } = await other.auth.getUser();
    expect(otherError).toMatchObject({ name: 'AuthSessionMissingError' });
    expect((await auditActions(id)).map((a) => a.action)).toEqual([
      'login',
      'login',
      'factor_in_progress',
      'challenge_created',
      'verification_attempted',
    ]);
  });

  it('lists factors and tells the assurance levels as supabase-js computes them', async () => {
    const { client, email } = await freshUser();
    const factor = await enrollAndVerify(client);
    const list = await client.auth.mfa.listFactors();
    expect(list.data!.totp.map((f) => [f.id, f.friendly_name, f.factor_type, f.status])).toEqual([
      [factor.id, 'Phone app', 'totp', 'verified'],
    ]);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
    const fresh = standInClient(standIn);
    await fresh.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await fresh.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    // A refreshed token keeps the session's level.
    const { data: refreshed } = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.session!.access_token).aal).toBe('aal2');
  });

  it('refuses a wrong code (422 mfa_verification_failed), then rate limits (429)', async () => {
    const { client } = await freshUser();
    const factor = await enroll(client);
    const challenge = (await client.auth.mfa.challenge({ factorId: factor.id })).data!;
    const wrong = () =>
      client.auth.mfa.verify({
        factorId: factor.id,
        challengeId: challenge.id,
        code: wrongTotpCode(factor.totp.secret),
      });
    expectAuthError((await wrong()).error, 422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    expectAuthError((await wrong()).error, 422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    const right = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.id,
      code: totpCode(factor.totp.secret),
    });
    expectAuthError(right.error, 429, 'over_request_rate_limit', 'Request rate limit reached');
  });

  it('refuses an expired challenge (422 mfa_challenge_expired) and deletes it', async () => {
    const { client } = await freshUser();
    const factor = await enroll(client);
    const challenge = (await client.auth.mfa.challenge({ factorId: factor.id })).data!;
    await db.query(
      `update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`,
      [challenge.id],
    );
    const { error } = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.id,
      code: totpCode(factor.totp.secret),
    });
    expectAuthError(
      error,
      422,
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
    expect((await db.query('select 1 from auth.mfa_challenges where id = $1', [challenge.id])).rows).toEqual(
      [],
    );
  });

  it('refuses a code reused on its verified challenge (422 mfa_ip_address_mismatch, as GoTrue)', async () => {
    const { client } = await freshUser();
    const factor = await enroll(client);
    const challenge = (await client.auth.mfa.challenge({ factorId: factor.id })).data!;
    const code = totpCode(factor.totp.secret);
    expect(
      (await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.id, code })).error,
    ).toBeNull();
    const { error } = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.id, code });
    expectAuthError(error, 422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  });

  it('answers an unknown challenge with 422 mfa_factor_not_found and an unknown factor with 404', async () => {
    const { client } = await freshUser();
    const factor = await enroll(client);
    const unknown = '00000000-0000-4000-8000-00000000dead';
    const { error } = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: unknown,
      code: '123456',
    });
    expectAuthError(
      error,
      422,
      'mfa_factor_not_found',
      'MFA factor with the provided challenge ID not found',
    );
    const missing = await client.auth.mfa.challenge({ factorId: unknown });
    expectAuthError(missing.error, 404, 'mfa_factor_not_found', 'Factor not found');
  });
});

describe('unenroll', () => {
  it('needs aal2 for a verified factor (422 insufficient_aal); at aal2 removes it and downgrades the session', async () => {
    const { client, email, id } = await freshUser();
    const factor = await enrollAndVerify(client);
    const aal1 = standInClient(standIn);
    await aal1.auth.signInWithPassword({ email, password: PASSWORD });
    const refused = await aal1.auth.mfa.unenroll({ factorId: factor.id });
    expectAuthError(refused.error, 422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');

    const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed).toEqual({ data: { id: factor.id }, error: null });
    expect((await db.query('select 1 from auth.mfa_factors where user_id = $1', [id])).rows).toEqual([]);
    const { data: refreshed } = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.session!.access_token)).toMatchObject({
      aal: 'aal1',
      amr: [{ method: 'password' }],
    });
    const last = (await auditActions(id)).at(-1)!;
    expect(last).toEqual({
      action: 'factor_unenrolled',
      traits: { factor_id: factor.id, factor_status: 'verified', session_id: expect.any(String) },
    });
  });

  it('removes an unverified factor at aal1', async () => {
    const { client } = await freshUser();
    const factor = await enroll(client);
    expect(await client.auth.mfa.unenroll({ factorId: factor.id })).toEqual({
      data: { id: factor.id },
      error: null,
    });
  });
});

describe('sign-out', () => {
  it('writes a logout entry, which the trail copies with the actor', async () => {
    const { client, email, id } = await freshUser();
    await client.auth.signOut();
    expect((await auditActions(id)).map((a) => a.action)).toEqual(['login', 'logout']);
    const { rows } = await db.query(
      `select action, actor_email, resource, record_id from public.audit_log where actor_id = $1 order by id`,
      [id],
    );
    expect(rows).toEqual([
      { action: 'login', actor_email: email, resource: 'auth', record_id: id },
      { action: 'logout', actor_email: email, resource: 'auth', record_id: id },
    ]);
  });
});

describe('the seeded MFA demo admin', () => {
  it('signs in at aal1 and reaches aal2 with a code from the secret the start-up banner prints', async () => {
    const demo = DEMO_ACCOUNTS.find((a) => 'totpSecret' in a)!;
    const client = standInClient(standIn);
    await client.auth.signInWithPassword({ email: demo.email, password: demo.password });
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    const [factor] = (await client.auth.mfa.listFactors()).data!.totp;
    const { error } = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode('totpSecret' in demo ? demo.totpSecret : ''),
    });
    expect(error).toBeNull();
    expect((await claimsOf(client)).aal).toBe('aal2');
  });
});
