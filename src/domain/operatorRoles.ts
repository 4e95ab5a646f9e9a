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
