import type { StandInContext } from '../context';
import { objectField, readJsonBody, stringField } from './body';
import { tooManyRequests, unprocessable } from './errors';
import { markSignedIn, sessionResponse } from './sessionResponse';
import { startSession } from './sessions';
import { clientAddressOf } from './signInLimits';
import { findUserByEmail, findUserById, insertUser } from './users';
import { checkPasswordStrength, validateEmail } from './validation';

/**
 * POST /signup with email and password. The stand-in runs like `supabase start` with email
 * confirmations off (autoconfirm): the user is confirmed at once and gets a session.
 */
export async function handleSignup(request: Request, ctx: StandInContext): Promise<Response> {
  // GoTrue counts sign-ups per address before reading the body (limitHandler(Signups), its own bucket).
  if (!ctx.signIns.admitRoute('signup', clientAddressOf(request))) throw tooManyRequests();
  const body = await readJsonBody(request);
  const password = stringField(body, 'password');
  const data = objectField(body, 'data') ?? {};
  if (!password) throw unprocessable('validation_failed', 'Signup requires a valid password');
  const email = validateEmail(stringField(body, 'email'));
  checkPasswordStrength(password);
  if (await findUserByEmail(ctx.db, email))
    throw unprocessable('user_already_exists', 'User already registered');

  return ctx.db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      email,
      phone: null,
      password,
      emailConfirmed: true,
      phoneConfirmed: false,
      userMetadata: data,
      appMetadata: {},
    });
    await markSignedIn(tx, created.id);
    const { session, refreshToken } = await startSession(tx, created.id);
    return sessionResponse(ctx, (await findUserById(tx, created.id))!, session, refreshToken, tx);
  });
}
