import { randomUUID } from '../platform/random';
import type { StandInContext } from '../context';
import type { Queryable } from '../db';
import { objectField, readJsonBody, stringField } from './body';
import { tooManyRequests, unprocessable } from './errors';
import { sendLinkEmail } from './recovery';
import { markSignedIn, sessionResponse } from './sessionResponse';
import { startSession } from './sessions';
import { clientAddressOf } from './signInLimits';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  toGoTrueUser,
  type GoTrueUser,
  type UserRow,
} from './users';
import { checkPasswordStrength, validateEmail } from './validation';

/**
 * GoTrue's sanitizeUser (supabase/auth internal/api/signup.go): the answer to a repeated sign-up of
 * a confirmed address with confirmations on is the existing user as GoTrue serialises it, with the
 * fields sanitizeUser overwrites overwritten (a random id, no role, no pending email change, sent
 * "now", never signed in or confirmed, no identities, the request's data and provider, no phone), so
 * it has the shape and the values of a new sign-up's answer. `role` is "" there, as sanitizeUser sets
 * it (`u.Role, u.EmailChange = "", ""`), where a new user has the default group, 'authenticated'.
 */
function sanitizedUser(existing: UserRow, data: Record<string, unknown>): GoTrueUser {
  const now = new Date();
  return toGoTrueUser({
    ...existing,
    id: randomUUID(),
    role: '',
    email_change: '',
    created_at: now,
    updated_at: now,
    confirmation_sent_at: now,
    last_sign_in_at: null,
    email_confirmed_at: null,
    email_change_sent_at: null,
    phone_confirmed_at: null,
    raw_user_meta_data: data,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    phone: '',
  });
}

/**
 * GoTrue's user.Confirm (internal/models/user.go): the address confirmed, user_metadata's
 * email_verified set, and every one-time token of the user cleared, so an invite link sent earlier
 * no longer works. The password is not touched.
 */
async function confirm(tx: Queryable, id: string) {
  await tx.query(
    `update auth.users
        set email_confirmed_at = now(), confirmation_token = '', recovery_token = '',
            raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}',
            updated_at = now()
      where id = $1`,
    [id],
  );
}

/**
 * POST /signup with email and password, as GoTrue's Signup (supabase/auth internal/api/signup.go)
 * answers it under this project's [auth.email] enable_confirmations:
 * - a new address: with confirmations off the user is confirmed and gets a session (amr password);
 *   with them on, an unconfirmed user and a confirmation email.
 * - an address whose account is confirmed: 422 user_already_exists with confirmations off; with
 *   them on, 200 and sanitizeUser's stand-in user (nothing tells that the account exists).
 * - an address whose account is not confirmed (an invited operator, an app user who never
 *   confirmed): "do not update the user because we can't be sure of their claimed identity", so
 *   the caller's password and data are not stored. With confirmations off GoTrue confirms that
 *   account and returns a session for it, signed in with amr password; with them on, it sends a
 *   confirmation email and answers the user with user_metadata and identities emptied when it was
 *   invited. This is why an operator's invitation grants nothing until it is accepted through its
 *   emailed link (supabase/schemas/10_operators.sql).
 */
export async function handleSignup(request: Request, ctx: StandInContext): Promise<Response> {
  // GoTrue counts sign-ups per address before reading the body (limitHandler(Signups), its own bucket).
  if (!ctx.signIns.admitRoute('signup', clientAddressOf(request))) throw tooManyRequests();
  const body = await readJsonBody(request);
  const password = stringField(body, 'password');
  const data = objectField(body, 'data') ?? {};
  if (!password) throw unprocessable('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(password);
  const email = validateEmail(stringField(body, 'email'));
  const existing = await findUserByEmail(ctx.db, email);

  if (existing?.email_confirmed_at) {
    if (ctx.auth.autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
    return Response.json(sanitizedUser(existing, data));
  }

  if (!ctx.auth.autoconfirm) {
    const user: UserRow =
      existing ??
      (await insertUser(ctx.db, {
        email,
        phone: null,
        password,
        emailConfirmed: false,
        phoneConfirmed: false,
        userMetadata: data,
        appMetadata: {},
      }));
    await sendLinkEmail(ctx, request, user, 'signup');
    const answer = toGoTrueUser((await findUserById(ctx.db, user.id))!);
    if (await wasInvited(ctx, user.id)) answer.user_metadata = {};
    return Response.json(answer);
  }

  return ctx.db.transaction(async (tx) => {
    const id =
      existing?.id ??
      (
        await insertUser(tx, {
          email,
          phone: null,
          password,
          emailConfirmed: true,
          phoneConfirmed: false,
          userMetadata: data,
          appMetadata: {},
        })
      ).id;
    if (existing) await confirm(tx, id);
    await markSignedIn(tx, id);
    const { session, refreshToken } = await startSession(tx, id, 'password');
    return sessionResponse(ctx, (await findUserById(tx, id))!, session, refreshToken, tx);
  });
}

async function wasInvited(ctx: StandInContext, id: string): Promise<boolean> {
  const { rows } = await ctx.db.query('select 1 from auth.users where id = $1 and invited_at is not null', [
    id,
  ]);
  return rows.length > 0;
}
