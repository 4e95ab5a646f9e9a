import type { StandInContext } from '../context';
import { writeAuditLogEntry } from './auditLog';
import { authenticate } from './authenticate';
import { objectField, readJsonBody, stringField } from './body';
import { AuthHttpError, badRequest, unprocessable } from './errors';
import { endSessions, isRecoverySession, sessionAssurance, type LogoutScope } from './sessions';
import { goTrueUserOf } from './factors';
import { confirmEmailChange, requestEmailChange } from './emailChange';
import { findUserByEmail, findUserById, passwordMatches, updateUser, type UserChanges } from './users';
import { checkPasswordStrength, validateEmail } from './validation';

async function hasVerifiedFactor(ctx: StandInContext, userId: string): Promise<boolean> {
  const { rows } = await ctx.db.query(
    `select 1 from auth.mfa_factors where user_id = $1 and status = 'verified'`,
    [userId],
  );
  return rows.length > 0;
}

/** GET /user */
export async function handleGetUser(request: Request, ctx: StandInContext): Promise<Response> {
  const { user } = await authenticate(request, ctx);
  return Response.json(await goTrueUserOf(ctx.db, user));
}

/** PUT /user: email (an anonymous user's at once, else through emailed links), password, data (merged user_metadata). */
export async function handleUpdateUser(request: Request, ctx: StandInContext): Promise<Response> {
  const { user, session } = await authenticate(request, ctx);
  const body = await readJsonBody(request);
  const email = stringField(body, 'email');
  const password = stringField(body, 'password');
  const data = objectField(body, 'data');
  const changes: UserChanges = { userMetadata: data };

  // GoTrue's UserUpdate (supabase/auth internal/api/user.go): with a verified factor, a new password
  // or email needs an aal2 session, even one that began at an emailed link.
  const changesCredentials = !!password || (!!email && email.toLowerCase() !== user.email);
  if (changesCredentials && (await hasVerifiedFactor(ctx, user.id))) {
    const { aal } = session ? await sessionAssurance(ctx.db, session.id) : { aal: 'aal1' };
    if (aal !== 'aal2')
      throw new AuthHttpError(
        401,
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      );
  }

  if (password) {
    checkPasswordStrength(password);
    // GoTrue with GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD: a stolen access token
    // alone cannot change the password (supabase-js sends it as updateUser({ current_password })).
    const current = stringField(body, 'current_password');
    // Asked only of an account that has a password, outside a session from an emailed link
    // (supabase/auth internal/api/user.go: user.HasPassword() and !session.IsRecovery()). So the
    // first password of an invited account is set without one, whoever holds its session: that is
    // why an invitation counts only once accepted through its link (docs/architecture.md).
    const recovering = session ? await isRecoverySession(ctx.db, session.id) : false;
    const asked = !recovering && !!user.encrypted_password;
    if (asked && !current)
      throw badRequest('current_password_required', 'Current password required when setting new password.');
    if (asked && !(await passwordMatches(ctx.db, user.id, current)))
      throw badRequest('current_password_invalid', 'Current password required when setting new password.');
    if (await passwordMatches(ctx.db, user.id, password))
      throw unprocessable('same_password', 'New password should be different from the old password.');
    changes.password = password;
  }
  let newEmail: string | undefined;
  if (email && email.toLowerCase() !== user.email) {
    newEmail = validateEmail(email);
    if (await findUserByEmail(ctx.db, newEmail))
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }

  const updated = await ctx.db.transaction(async (tx) => {
    let row = await updateUser(tx, user.id, changes);
    // A new password signs the user out everywhere else (GoTrue's UpdatePassword), and is logged.
    if (changes.password) {
      await endSessions(tx, user.id, session?.id, 'others');
      await writeAuditLogEntry(tx, row, 'user_updated_password', null);
    }
    if (newEmail) {
      // supabase/auth internal/api/user.go UserUpdate: "anonymous users can add an email with automatic
      // confirmation, which is similar to signing up; permanent users always need to verify their
      // email address when changing it" (sendEmailChange, then a followed link: emailChange.ts).
      if (user.is_anonymous && ctx.auth.autoconfirm) {
        await tx.query(`update auth.users set email_change = $2 where id = $1`, [user.id, newEmail]);
        row = await confirmEmailChange(tx, row);
      } else {
        await requestEmailChange(ctx, request, row, newEmail, tx);
        row = (await findUserById(tx, user.id))!;
      }
    }
    // Every update is logged as user_modified at its end, whatever it changed (a password, an
    // email, user_metadata): supabase/auth internal/api/user.go UserUpdate.
    await writeAuditLogEntry(tx, row, 'user_modified', null);
    return row;
  });
  return Response.json(await goTrueUserOf(ctx.db, updated));
}

const SCOPES: LogoutScope[] = ['global', 'local', 'others'];

/** POST /logout?scope=global|local|others */
export async function handleLogout(request: Request, ctx: StandInContext): Promise<Response> {
  const { user, session } = await authenticate(request, ctx);
  const requested = new URL(request.url).searchParams.get('scope') || 'global';
  const scope = SCOPES.find((s) => s === requested);
  if (!scope) throw badRequest('validation_failed', `Unsupported logout scope "${requested}"`);
  await ctx.db.transaction(async (tx) => {
    await writeAuditLogEntry(tx, user, 'logout', null);
    await endSessions(tx, user.id, session?.id, scope);
  });
  return new Response(null, { status: 204 });
}
