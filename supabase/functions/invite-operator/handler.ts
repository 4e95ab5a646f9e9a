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

/**
 * invite-operator: an active owner (at the aal2 rules of is_admin()) adds an operator by email.
 * Supabase Auth's admin API (the service key, which never leaves the server) creates the account and
 * emails the invite link; the operator's row is then added by public.admin_add_operator() called
 * with the owner's own token, so the database checks the owner again and the audit trail names them.
 * An account made here whose row could not be added is removed again.
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
    const member = (team as { email: string; invite_pending: boolean }[]).find((row) => row.email === email);
    if (member && !member.invite_pending) return failure(409, deps.issues.alreadyOperator);

    const { data: invited, error: inviteError } = await service.auth.admin.inviteUserByEmail(email);
    if (inviteError) {
      if (inviteError.code === 'email_exists') return failure(409, deps.issues.accountExists);
      if (inviteError.status === 429) return failure(429, deps.issues.rateLimited);
      return failure(502, `Could not send the invitation: ${inviteError.message}`);
    }

    const { error: addError } = await asCaller.rpc('admin_add_operator', {
      operator: invited.user.id,
      new_role: newRole,
    });
    if (addError) {
      // Only an account this request made (not on the team, never confirmed) is taken back.
      if (!member) await service.auth.admin.deleteUser(invited.user.id);
      return failure(addError.code === '42501' ? 403 : 500, addError.message);
    }
    return reply(200, { success: true, operator: { user_id: invited.user.id, email, role: newRole } });
  };
}
