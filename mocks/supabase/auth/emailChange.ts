import { randomInt } from '../platform/random';
import type { StandInContext } from '../context';
import type { Queryable } from '../db';
import { writeAuditLogEntry } from './auditLog';
import { checkSendFrequency } from './emailLimits';
import { referrerOf } from './redirects';
import { renderTemplate, tokenHashOf, verifyUrl } from './linkMail';
import { markSignedIn } from './sessionResponse';
import { startSession, type SessionRow } from './sessions';
import type { UserRow } from './users';

const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * A permanent user's change of address, as GoTrue's sendEmailChange and EmailChangeMail do
 * (supabase/auth internal/api/mail.go, internal/mailer/templatemailer/templatemailer.go): at most one
 * per max_frequency (email_change_sent_at), one spend of the email budget, the new address kept in
 * `email_change` (the user's `new_email`) with a link to it (`email_change_token_new`) and, with
 * secure email change on (double_confirm_changes), a second link to the current address
 * (`email_change_token_current`). The address itself changes only when a link is followed
 * (redeemEmailChange). The caller has checked that no other account holds the new address.
 */
export async function requestEmailChange(
  ctx: StandInContext,
  request: Request,
  user: UserRow,
  newEmail: string,
  tx: Queryable = ctx.db,
) {
  const { rows } = await tx.query<{ seconds: number | null }>(
    `select extract(epoch from now() - email_change_sent_at)::float8 as seconds from auth.users where id = $1`,
    [user.id],
  );
  checkSendFrequency(rows[0]?.seconds ?? null, ctx.auth);
  ctx.emailBudget.spend();

  const current = user.email ?? '';
  const links = [{ to: newEmail, otp: newOtp() }];
  if (ctx.auth.secureEmailChange && current) links.push({ to: current, otp: newOtp() });
  const [tokenNew, tokenCurrent = ''] = links.map((link) => tokenHashOf(link.to, link.otp));
  // Without secure email change GoTrue leaves email_change_token_current as it was; it is cleared
  // here so that a link of an earlier request cannot complete this one.
  await tx.query(
    `update auth.users
        set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
            email_change_confirm_status = 0, email_change_sent_at = now()
      where id = $1`,
    [user.id, newEmail, tokenNew, tokenCurrent],
  );

  const redirectTo = referrerOf(request, ctx.auth);
  links.forEach((link, index) => {
    const tokenHash = index === 0 ? tokenNew : tokenCurrent;
    const mail = renderTemplate(
      'email_change',
      {
        SiteURL: ctx.auth.siteUrl,
        ConfirmationURL: verifyUrl(ctx.auth, tokenHash, 'email_change', redirectTo),
        Email: current,
        NewEmail: newEmail,
        Token: link.otp,
        TokenHash: tokenHash,
        SendingTo: link.to,
        RedirectTo: redirectTo,
      },
      user.raw_user_meta_data ?? {},
    );
    ctx.mail.send({ to: link.to, ...mail });
  });
}

/** GoTrue's answer when one of two links has been followed (verify.go singleConfirmationAccepted). */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

export type EmailChangeOutcome =
  { done: false } | { done: true; user: UserRow; session: SessionRow; refreshToken: string };

/**
 * Moves the user to their new address; shared by a followed link and an anonymous user's change,
 * which GoTrue's UserUpdate applies at once (emailChangeVerify, then ConfirmEmailChange in
 * internal/models/user.go): the address set and confirmed, the pending change and its tokens
 * cleared, the email identity's data following.
 */
export async function confirmEmailChange(tx: Queryable, user: UserRow): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `update auth.users
        set email = email_change, email_change = '', email_change_token_new = '',
            email_change_token_current = '', email_change_confirm_status = 0, is_anonymous = false,
            email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
      where id = $1
      returning *`,
    [user.id],
  );
  await tx.query(
    `update auth.identities
        set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
            updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [user.id, rows[0].email],
  );
  await writeAuditLogEntry(tx, rows[0], 'user_modified', null);
  return rows[0];
}

/**
 * POST or GET /verify with type email_change (supabase/auth internal/api/verify.go verifyTokenHash,
 * emailChangeVerify): the user holding the token in email_change_token_new or _current, or null
 * when none does or the change was requested longer than otp_expiry ago (then nothing changes).
 * With confirmations on and secure email change on, the first of the two links only records itself
 * (email_change_confirm_status 1) and the second completes the change; with confirmations off
 * (GOTRUE_MAILER_AUTOCONFIRM), GoTrue completes it at either link, as here. A completed change
 * answers a session (amr otp), as verifyPost and verifyGet issue one.
 */
export async function redeemEmailChange(
  ctx: StandInContext,
  tokenHash: string,
): Promise<EmailChangeOutcome | null> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<
      UserRow & { expired: boolean; matched_new: boolean; email_change_confirm_status: number }
    >(
      `select *, coalesce(email_change_sent_at < now() - make_interval(secs => $2), true) as expired,
              email_change_token_new = $1 as matched_new
         from auth.users
        where $1 <> '' and (email_change_token_new = $1 or email_change_token_current = $1)
          and deleted_at is null
        for update`,
      [tokenHash, ctx.auth.otpExpirySeconds],
    );
    const user = rows[0];
    if (!user || user.expired) return null;
    if (
      !ctx.auth.autoconfirm &&
      ctx.auth.secureEmailChange &&
      user.email_change_confirm_status === 0 &&
      user.email
    ) {
      const column = user.matched_new ? 'email_change_token_new' : 'email_change_token_current';
      await tx.query(`update auth.users set email_change_confirm_status = 1, ${column} = '' where id = $1`, [
        user.id,
      ]);
      return { done: false };
    }
    const changed = await confirmEmailChange(tx, user);
    const started = await startSession(tx, changed.id, 'otp');
    await markSignedIn(tx, changed.id);
    return { done: true, user: changed, ...started };
  });
}
