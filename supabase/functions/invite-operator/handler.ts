import { checkOperator, failure, jsonBody, reply, type FunctionEnv } from '../_shared/operator.ts';

type Issue =
  'incomplete' | 'email' | 'role' | 'notOwner' | 'alreadyOperator' | 'accountExists' | 'rateLimited';

export interface InviteOperatorDeps extends FunctionEnv {
  /**
   * checkInvite and INVITE_ISSUES of src/domain/operatorInvite.ts (the rules the Invite dialog
   * shares), passed in so this file has no relative value imports.
   */
  checkInvite: (
    input: unknown,
  ) => { ok: true; invite: { email: string; role: string } } | { ok: false; issue: Issue };
  issues: Readonly<Record<Issue, string>>;
}

/** How the invitee was reached: the invite email, or a password-reset link (see below). */
export type InviteLink = 'invite' | 'recovery';

/**
 * invite-operator: an active owner (at the aal2 rules of is_admin()) adds an operator by email.
 * Supabase Auth's admin API (the service key, which never leaves the server) creates the account and
 * emails the invite link; the operator's row is then added by public.admin_add_operator() called
 * with the owner's own token, so the database checks the owner again and the audit trail names them.
 * The row grants nothing until the invitee accepts through an emailed link
 * (public.admin_accept_invitation()).
 *
 * A pending invitation whose account is already confirmed (someone signed up with the address
 * before the invitee opened the link, which confirms the account and uses the link up, as Supabase
 * Auth's sign-up does) cannot be invited again: Auth refuses a confirmed address. The invitee then
 * gets a password-reset link instead, which leads to the same set-password page, and the answer
 * says so (link: 'recovery').
 *
 * When the row cannot be added, only an account that this very request created is removed again:
 * Auth's invite also re-invites an existing unconfirmed account (an app user who never confirmed),
 * which must survive. A failed removal is reported, not ignored.
 */
export function createInviteOperatorHandler(deps: InviteOperatorDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    const operator = await checkOperator(req, deps);
    if (operator instanceof Response) return operator;
    const { role, asCaller, service } = operator;
    if (role !== 'owner') return failure(403, deps.issues.notOwner);

    const input = await jsonBody(req);
    if (!input.ok) return failure(400, 'Request body must be valid JSON');
    const checked = deps.checkInvite(input.value);
    if (!checked.ok) return failure(400, deps.issues[checked.issue]);
    const { email, role: newRole } = checked.invite;

    // An operator who has accepted is not invited again; an invitation not yet accepted is renewed.
    const { data: team, error: teamError } = await asCaller.rpc('admin_team');
    if (teamError) return failure(500, `Could not read the team: ${teamError.message}`);
    const member = (team ?? []).find((row) => row.email === email);
    if (member && !member.invite_pending) return failure(409, deps.issues.alreadyOperator);

    // Whether the address had an account before this request (the owner reads every account).
    const { data: accounts, error: accountsError } = await asCaller.rpc('admin_list_users', {
      search: email,
    });
    if (accountsError) return failure(500, `Could not read the accounts: ${accountsError.message}`);
    const existing = (accounts ?? []).find((row) => row.email === email);

    const { data: invited, error: inviteError } = await service.auth.admin.inviteUserByEmail(email);
    let userId: string;
    let link: InviteLink = 'invite';
    if (inviteError) {
      if (inviteError.status === 429) return failure(429, deps.issues.rateLimited);
      if (inviteError.code !== 'email_exists')
        return failure(502, `Could not send the invitation: ${inviteError.message}`);
      if (!member) return failure(409, deps.issues.accountExists);
      const { error: resetError } = await service.auth.resetPasswordForEmail(email);
      if (resetError) {
        if (resetError.status === 429) return failure(429, deps.issues.rateLimited);
        return failure(502, `Could not send the link: ${resetError.message}`);
      }
      userId = member.user_id;
      link = 'recovery';
    } else userId = invited.user.id;

    const { error: addError } = await asCaller.rpc('admin_add_operator', {
      operator: userId,
      new_role: newRole,
    });
    if (addError) {
      const status = addError.code === '42501' ? 403 : addError.code === '23505' ? 409 : 500;
      if (existing || link === 'recovery') return failure(status, addError.message);
      const { error: deleteError } = await service.auth.admin.deleteUser(userId);
      if (deleteError)
        return failure(
          500,
          `${addError.message}; the account made for the invitation could not be removed: ${deleteError.message}`,
        );
      return failure(status, addError.message);
    }
    return reply(200, { success: true, link, operator: { user_id: userId, email, role: newRole } });
  };
}
