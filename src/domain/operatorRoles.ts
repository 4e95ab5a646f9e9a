/**
 * The operator roles (public.admin_users.role) and the vocabulary of what each may do. Each screen's
 * descriptor declares its roles' access; the database's policies enforce the same table
 * (supabase/schemas/, checked cell by cell by supabase/tests/registryAccess.test.ts and
 * supabase/tests/realtimeAuthorization.test.ts).
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
export type Grant = '*' | readonly string[];
/** The read-only actions. */
export const READ: Grant = ['list', 'show', 'export', 'read'];

/** What each role may do on one screen; a role absent here does not reach the screen. */
export type ScreenAccess = Partial<Record<OperatorRole, Grant>>;
/** Every operator, every action (the dashboard, the audit trail, one's own second factor). */
export const EVERY_OPERATOR: ScreenAccess = { owner: '*', editor: '*', support: '*' };
/** Every action for the given roles, none for the others. */
export const everyActionFor = (roles: readonly OperatorRole[]): ScreenAccess =>
  Object.fromEntries(roles.map((role) => [role, '*'] as const));

/**
 * The screens' access, keyed by resource name or page path's first name. Each screen declares its
 * own in its descriptor (src/resources/kit.ts) and the registry (src/resources/index.ts) builds
 * this table from them; the functions below take it as an argument because this layer (domain)
 * may not import the registry above it, while the push function and the database tests, which read
 * domain only, use PUSH_ROLES, from which the Notifications page's access is itself derived.
 */
export type AccessTable = Readonly<Record<string, ScreenAccess>>;

/** Whether `role` may do `action` on the screen `resource` (a field, `news.title`, follows its screen). */
export function operatorCan(
  access: AccessTable,
  role: OperatorRole | null,
  resource: string,
  action: string,
): boolean {
  if (!role) return false;
  const grant = access[resource.split('.')[0]]?.[role];
  return grant === '*' || (grant !== undefined && grant.includes(action));
}
