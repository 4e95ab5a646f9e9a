import type { Queryable } from '../db';
import type { UserRow } from './users';

/** GoTrue's AuditAction values the stand-in writes, with their log_type (ActionLogTypeMap). */
const LOG_TYPES = {
  login: 'account',
  logout: 'account',
  factor_in_progress: 'factor',
  factor_unenrolled: 'factor',
  challenge_created: 'factor',
  verification_attempted: 'factor',
  user_modified: 'user',
  user_updated_password: 'user',
} as const;

export type AuditAction = keyof typeof LOG_TYPES;

/**
 * Writes one auth.audit_log_entries row as GoTrue's models.NewAuditLogEntry does: the payload names
 * the actor (phone over email as username), the action, its log type and the action's traits.
 * GoTrue passes an empty ip_address for logins and logouts and the client's address for factor
 * events; the caller decides, as there.
 */
export async function writeAuditLogEntry(
  db: Queryable,
  actor: UserRow,
  action: AuditAction,
  traits: Record<string, unknown> | null,
  ipAddress = '',
): Promise<void> {
  const payload: Record<string, unknown> = {
    actor_id: actor.id,
    actor_via_sso: false,
    actor_username: actor.phone || actor.email || '',
    action,
    log_type: LOG_TYPES[action],
  };
  const fullName = actor.raw_user_meta_data?.full_name;
  if (fullName !== undefined) payload.actor_name = fullName;
  if (traits) payload.traits = traits;
  await db.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), $1::json, now(), $2)`,
    [JSON.stringify(payload), ipAddress],
  );
}
