import { z } from 'zod/mini';

/**
 * The operator roles (public.admin_users.role) and what each may do. The database enforces the same
 * table (supabase/migrations/20241101001700_operator_roles.sql); the screens and the push function
 * read it from here.
 */
export const OPERATOR_ROLES = ['owner', 'editor', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The roles the send-notification function serves (the push history's readers). */
export const PUSH_ROLES: readonly OperatorRole[] = ['owner', 'support'];

/** The function's answer to an active operator whose role may not push. */
export const PUSH_ROLE_REFUSAL = 'Your role cannot send notifications';

export const isOperatorRole = (value: unknown): value is OperatorRole =>
  typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);

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

/** What react-admin asks about (`canAccess({ resource, action })`): a screen's first path segment. */
type Grant = '*' | readonly string[];
const READ: Grant = ['list', 'show', 'export', 'read'];
const EVERY_OPERATOR = { owner: '*', editor: '*', support: '*' } as const;

/**
 * The screens each role reaches, keyed by resource name or page path; the database's policies are
 * the same table (a screen missing here is reached by no one).
 */
export const OPERATOR_ACCESS: Record<string, Partial<Record<OperatorRole, Grant>>> = {
  dashboard: EVERY_OPERATOR,
  scans: { owner: '*', support: READ },
  profiles: { owner: '*', support: READ },
  users: { owner: '*', support: READ },
  chats: { owner: '*', support: READ },
  messages: { owner: '*', support: READ },
  payments: { owner: '*', support: READ },
  // The Notifications page and its history list.
  notifications: { owner: '*', support: '*' },
  admin_notifications: { owner: '*', support: '*' },
  news: { owner: '*', editor: '*', support: READ },
  'health-tips': { owner: '*', editor: '*', support: READ },
  tags: { owner: '*', editor: '*', support: READ },
  // Every operator reads the trail; the database shows editors and support their own entries.
  'audit-log': EVERY_OPERATOR,
  'contact-messages': { owner: '*', support: '*' },
  // Each operator's own second factor.
  security: EVERY_OPERATOR,
  team: { owner: '*' },
};

/** Whether `role` may do `action` on the screen `resource` (a field, `news.title`, follows its screen). */
export function operatorCan(role: OperatorRole | null, resource: string, action: string): boolean {
  if (!role) return false;
  const grant = OPERATOR_ACCESS[resource.split('.')[0]]?.[role];
  return grant === '*' || (grant !== undefined && grant.includes(action));
}
