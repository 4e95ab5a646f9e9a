import { describe, expect, it } from 'vitest';
import { signJwt } from '../../mocks/supabase/jwt';
import { LOCAL_ANON_KEY } from '../../mocks/supabase/keys';
import { ADMIN_ID, USER_ID } from './fixtures';
import { standInForFile } from '../../mocks/supabase/testing/standInForFile';

/**
 * A token whose session_id claim is not a uuid (only a holder of the JWT secret signs one, e.g. a
 * script's hand-made token) is no session of auth.sessions: is_admin() answers, and accepting an
 * invitation is refused as without the link, instead of failing the request with 22P02 at a cast.
 * The exact requests through the stand-in's REST, as PostgREST answers them.
 */

const stack = standInForFile();

async function rpc(name: string, sub: string) {
  const token = await signJwt(
    {
      sub,
      role: 'authenticated',
      aud: 'authenticated',
      aal: 'aal1',
      session_id: 'bench-0',
      amr: [{ method: 'otp', timestamp: 1 }],
    },
    { expiresInSeconds: 3600 },
  );
  const response = await stack.standIn.handle(
    new Request(`http://session.test/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: {
        apikey: LOCAL_ANON_KEY,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    }),
  );
  if (!response) throw new Error('not a stand-in path');
  const body = (await response.json()) as unknown;
  return { status: response.status, body };
}

describe('a session_id claim that is not a uuid', () => {
  it('rpc/is_admin: true for the seed owner (never invited), false for an app user', async () => {
    expect(await rpc('is_admin', ADMIN_ID)).toEqual({ status: 200, body: true });
    expect(await rpc('is_admin', USER_ID)).toEqual({ status: 200, body: false });
  });

  it('rpc/admin_accept_invitation: refused as without the invitation link (42501), not 22P02', async () => {
    expect(await rpc('admin_accept_invitation', USER_ID)).toEqual({
      status: 403,
      body: {
        code: '42501',
        message: 'Open the link in your invitation email to accept it',
        details: null,
        hint: null,
      },
    });
  });
});
