import { isOperatorRole, type OperatorRole } from '../domain/operatorRoles';
import type { DatabaseClient } from '../domain/database';

/**
 * The admin check: the role of this user's active, accepted admin_users row, or null without exactly one.
 * Row-level security lets an operator read their own row (owners read the whole team, hence the filter).
 */
export async function activeOperatorRole(
  client: DatabaseClient,
  userId: string,
): Promise<OperatorRole | null> {
  const { data, error } = await client
    .from('admin_users')
    .select('id, is_active, role')
    .eq('user_id', userId)
    .eq('is_active', true)
    // An invitation not yet accepted through its link grants nothing (the database agrees).
    .not('accepted_at', 'is', null);
  if (error) throw error;
  if (data.length !== 1) return null;
  const role: unknown = data[0].role;
  return isOperatorRole(role) ? role : null;
}
