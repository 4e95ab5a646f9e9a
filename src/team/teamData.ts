import { FunctionsHttpError } from '@supabase/supabase-js';
import type { DatabaseClient, RpcRow, WithNulls } from '../domain/database';
import type { Invite } from '../domain/operatorInvite';
import { isOperatorRole, type OperatorRole } from '../domain/operatorRoles';

/**
 * A row of public.admin_team() (owners only; the database refuses anyone else), its role one of the
 * known ones. `invite_pending`: invited, and the invitation's link not used yet (no password chosen).
 */
export type Operator = Omit<WithNulls<RpcRow<'admin_team'>, 'last_sign_in_at'>, 'role'> & {
  role: OperatorRole;
};

export async function fetchTeam(client: DatabaseClient): Promise<Operator[]> {
  const { data, error } = await client.rpc('admin_team');
  if (error) throw error;
  return (data as Operator[]).filter((row) => isOperatorRole(row.role));
}

/** The team changes, each one audited by the database (admin_users' trigger, or the reset's own entry). */
export type TeamChange =
  | { kind: 'role'; operator: Operator; role: OperatorRole }
  | { kind: 'active'; operator: Operator; active: boolean }
  | { kind: 'resetFactor'; operator: Operator };

export async function applyTeamChange(client: DatabaseClient, change: TeamChange): Promise<void> {
  const operator = change.operator.user_id;
  const { error } =
    change.kind === 'role'
      ? await client.rpc('admin_set_operator_role', { operator, new_role: change.role })
      : change.kind === 'active'
        ? await client.rpc('admin_set_operator_active', { operator, active: change.active })
        : await client.rpc('admin_reset_operator_factors', { operator });
  if (error) throw error;
}

/**
 * What the invitee was sent: the invitation, or a password-reset link when their account was
 * already confirmed (someone signed up with the address first, which used the invitation link up).
 */
export type InviteLink = 'invite' | 'recovery';

/**
 * An owner's invitation, through the invite-operator edge function (Auth's admin API stays on the
 * server). Its refusals ({ success: false, error }) and the relay's ({ message }) come back as the
 * thrown Error's message, worded for the dialog.
 */
export async function inviteOperator(client: DatabaseClient, invite: Invite): Promise<InviteLink> {
  const { data, error } = await client.functions.invoke<{ link: InviteLink }>('invite-operator', {
    body: invite,
  });
  if (!error) return data?.link === 'recovery' ? 'recovery' : 'invite';
  if (error instanceof FunctionsHttpError) {
    const reply = (await (error.context as Response).json().catch(() => undefined)) as
      { error?: string; message?: string } | undefined;
    const refusal = reply?.error ?? reply?.message;
    if (refusal) throw new Error(refusal);
  }
  throw error;
}
