import { z } from 'zod/mini';
import { OPERATOR_ROLES, type OperatorRole } from './operatorRoles.ts';

/**
 * An owner's invitation of a new operator: the rules the Team screen's Invite dialog and the
 * invite-operator edge function share. Kept apart from operatorRoles.ts so that the admin's login
 * route, which reads the roles, does not download zod.
 */

/** The longest address Supabase Auth accepts. */
export const INVITE_EMAIL_MAX = 255;

/** The invite-operator function's refusals, word for word what the Invite dialog shows. */
export const INVITE_ISSUES = {
  incomplete: 'Send an email address and a role',
  email: 'Enter a valid email address',
  role: 'Choose a role: owner, editor or support',
  notOwner: 'Only owners can invite operators',
  alreadyOperator: 'This address is already an operator',
  accountExists: 'An account with this email already exists: invite a different address',
  rateLimited: 'Too many emails were sent in the last hour: try again later',
} as const;
export type InviteIssue = keyof typeof INVITE_ISSUES;

export interface Invite {
  email: string;
  role: OperatorRole;
}

const inviteSchema = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(INVITE_EMAIL_MAX, 'email' satisfies InviteIssue),
      z.regex(z.regexes.email, 'email' satisfies InviteIssue),
    ),
  role: z.enum(OPERATOR_ROLES, 'role' satisfies InviteIssue),
});

/** An invitation as the dialog sends it and the function receives it; the first problem wins. */
export function checkInvite(
  input: unknown,
): { ok: true; invite: Invite } | { ok: false; issue: InviteIssue } {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { ok: false, issue: 'incomplete' };
  const result = inviteSchema.safeParse(input);
  if (result.success) return { ok: true, invite: result.data };
  const issue = result.error.issues[0];
  return { ok: false, issue: issue.path[0] === 'role' ? 'role' : 'email' };
}
