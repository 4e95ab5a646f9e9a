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
  // Who may delete a record may restore it (the database shows each role those entries only);
  // deleting forever ('delete') is for owners.
  trash: { owner: '*', editor: [...READ, 'restore'], support: [...READ, 'restore'] },
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
