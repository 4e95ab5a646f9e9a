import type { Tables } from '../database.types.ts';

/**
 * The audit trail's vocabulary (public.audit_log, written by the triggers of
 * supabase/migrations/20241101001100_mfa_audit.sql): each action and resource the database records,
 * with the catalogue key the screens show for it.
 */
export const AUDIT_ACTIONS = {
  insert: 'labellens.audit.actions.insert',
  update: 'labellens.audit.actions.update',
  delete: 'labellens.audit.actions.delete',
  // A version written back (supabase/migrations/20241101002800_restore_version.sql).
  restore: 'labellens.audit.actions.restore',
  // The trash (supabase/migrations/20241101002900_trash.sql): a delete moves the row there (the
  // entry above says 'delete'); these bring it back or remove it for good.
  undelete: 'labellens.audit.actions.undelete',
  delete_forever: 'labellens.audit.actions.delete_forever',
  purge: 'labellens.audit.actions.purge',
  // Supabase Auth's own entries (GoTrue's audit actions), copied into the trail.
  login: 'labellens.audit.actions.login',
  logout: 'labellens.audit.actions.logout',
  factor_in_progress: 'labellens.audit.actions.factor_in_progress',
  verification_attempted: 'labellens.audit.actions.verification_attempted',
  factor_unenrolled: 'labellens.audit.actions.factor_unenrolled',
  // Failed attempts, recorded by the auth hooks of supabase/migrations/20241101001110_auth_hooks.sql.
  sign_in_failed: 'labellens.audit.actions.sign_in_failed',
  mfa_verification_failed: 'labellens.audit.actions.mfa_verification_failed',
} as const;

export const AUDIT_RESOURCES = {
  news: 'labellens.audit.resources.news',
  health_tips: 'labellens.audit.resources.health_tips',
  tags: 'labellens.audit.resources.tags',
  admin_users: 'labellens.audit.resources.admin_users',
  admin_settings: 'labellens.audit.resources.admin_settings',
  contact_messages: 'labellens.audit.resources.contact_messages',
  notifications: 'labellens.audit.resources.notifications',
  auth: 'labellens.audit.resources.auth',
} as const;

export type AuditChanges = Record<string, { old: unknown; new: unknown }>;

/** A row of audit_log, its changes typed: `record_label` is the record's name when the entry was written, `actor_role` the actor's operator role then. */
export type AuditEntry = Omit<Tables<'audit_log'>, 'changes'> & { changes: AuditChanges };

/** A changed value as one line of text: strings as they are, empty as an em dash, the rest as JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields of an entry's change, in a stable order (by name). */
export const changedFields = (changes: AuditChanges) => Object.keys(changes).sort();
