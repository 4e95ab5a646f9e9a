import type { SupabaseClient } from '@supabase/supabase-js';
import { isOperatorRole, type OperatorRole } from '../domain/operatorRoles';

/** A row of public.admin_team() (owners only; the database refuses anyone else). */
export interface Operator {
  user_id: string;
  email: string;
  role: OperatorRole;
  is_active: boolean;
  has_verified_factor: boolean;
  last_sign_in_at: string | null;
  created_at: string;
}

export async function fetchTeam(client: SupabaseClient): Promise<Operator[]> {
  const { data, error } = await client.rpc('admin_team');
  if (error) throw error;
  return (data as Operator[]).filter((row) => isOperatorRole(row.role));
}

/** The team changes, each one audited by the database (admin_users' trigger, or the reset's own entry). */
export type TeamChange =
  | { kind: 'role'; operator: Operator; role: OperatorRole }
  | { kind: 'active'; operator: Operator; active: boolean }
  | { kind: 'resetFactor'; operator: Operator };

export async function applyTeamChange(client: SupabaseClient, change: TeamChange): Promise<void> {
  const operator = change.operator.user_id;
  const { error } =
    change.kind === 'role'
      ? await client.rpc('admin_set_operator_role', { operator, new_role: change.role })
      : change.kind === 'active'
        ? await client.rpc('admin_set_operator_active', { operator, active: change.active })
        : await client.rpc('admin_reset_operator_factors', { operator });
  if (error) throw error;
}
