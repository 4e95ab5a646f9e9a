import type { StandInContext } from '../context';
import { requireAdmin } from './authenticate';
import { objectField, readJsonBody, stringField } from './body';
import { badRequest, notFound, unprocessable } from './errors';
import { verifyUrl, type LinkKind } from './linkMail';
import { issueLinkToken, sendLinkEmail } from './recovery';
import { isRedirectUrlValid, referrerOf } from './redirects';
import { findUserByEmail, findUserById, insertUser, toGoTrueUser, type UserRow } from './users';
import { validateEmail } from './validation';

const duplicateEmail = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');

/**
 * The invited user, as GoTrue's Invite and generate_link(invite) find or make it: a confirmed
 * account cannot be invited again; an unconfirmed one (an earlier invite) is invited anew; otherwise
 * a new user with an unconfirmed email and no password, with the request's `data` as its metadata.
 */
async function invitee(ctx: StandInContext, email: string, data: Record<string, unknown>): Promise<UserRow> {
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    if (existing.email_confirmed_at !== null) throw duplicateEmail();
    return existing;
  }
  return insertUser(ctx.db, {
    email,
    phone: null,
    password: null,
    emailConfirmed: false,
    phoneConfirmed: false,
    userMetadata: data,
    appMetadata: {},
  });
}

/** POST /invite (service role): the user, and the invite email with its link. */
export async function handleInvite(request: Request, ctx: StandInContext): Promise<Response> {
  await requireAdmin(request, ctx);
  const body = await readJsonBody(request);
  const email = validateEmail(stringField(body, 'email'));
  const user = await invitee(ctx, email, objectField(body, 'data') ?? {});
  await sendLinkEmail(ctx, request, user, 'invite');
  return Response.json(toGoTrueUser((await findUserById(ctx.db, user.id))!));
}

/**
 * POST /admin/generate_link (service role): the link an email would carry, without sending one.
 * The stand-in makes the invite and recovery links (the two this product sends); GoTrue's other
 * types (signup, magiclink, email_change_*) are refused as an unknown type would be.
 */
export async function handleGenerateLink(request: Request, ctx: StandInContext): Promise<Response> {
  await requireAdmin(request, ctx);
  const body = await readJsonBody(request);
  const type = stringField(body, 'type');
  if (type !== 'invite' && type !== 'recovery')
    throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
  const kind: LinkKind = type;
  const email = validateEmail(stringField(body, 'email'));
  let user: UserRow;
  if (kind === 'invite') user = await invitee(ctx, email, objectField(body, 'data') ?? {});
  else {
    const found = await findUserByEmail(ctx.db, email);
    if (!found) throw notFound('user_not_found', 'User with this email not found');
    user = found;
  }
  // GoTrue's adminGenerateLink: the body's redirect_to if the allow-list accepts it, else GetReferrer
  // (the query's redirect_to, which supabase-js sends, or the Referer; else the site URL).
  const asked = stringField(body, 'redirect_to');
  const redirectTo = isRedirectUrlValid(ctx.auth, asked) ? asked : referrerOf(request, ctx.auth);
  const { otp, tokenHash } = await issueLinkToken(ctx, user, kind);
  return Response.json({
    ...toGoTrueUser((await findUserById(ctx.db, user.id))!),
    action_link: verifyUrl(ctx.auth, tokenHash, kind, redirectTo),
    email_otp: otp,
    hashed_token: tokenHash,
    verification_type: kind,
    redirect_to: redirectTo,
  });
}
