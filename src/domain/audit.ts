import { spreadTranslationChanges } from './contentLanguages';
import type { Tables } from '../database.types.ts';
import { en } from '../i18n/en';
import { trailKey } from '../i18n/resourceText';

/**
 * The audit trail's vocabulary (public.audit_log, written by the triggers of
 * supabase/schemas/20_audit.sql): each action and resource the database records,
 * with the catalogue key the screens show for it.
 */
export const AUDIT_ACTIONS = {
  insert: 'labellens.audit.actions.insert',
  update: 'labellens.audit.actions.update',
  delete: 'labellens.audit.actions.delete',
  // A version written back (supabase/schemas/20_audit.sql).
  restore: 'labellens.audit.actions.restore',
  // The trash (supabase/schemas/25_trash.sql): a delete moves the row there (the
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
  // Every PUT /auth/v1/user (a language chosen, a new password or address); the password's own first.
  user_modified: 'labellens.audit.actions.user_modified',
  user_updated_password: 'labellens.audit.actions.user_updated_password',
  // Failed attempts, recorded by the auth hooks of supabase/schemas/20_audit.sql.
  sign_in_failed: 'labellens.audit.actions.sign_in_failed',
  mfa_verification_failed: 'labellens.audit.actions.mfa_verification_failed',
} as const;

/**
 * The tables the trail names, each with the catalogue key the screens show for it: one per name
 * under `labellens.audit.resources` in the catalogue (src/i18n/audit.ts), and a resource's own
 * `trail` in its strings file (strings.ts in its folder) under its base table's name, so a new
 * audited resource names itself in its own file (supabase/tests/descriptors.test.ts checks every
 * audited table has one).
 */
export const AUDIT_RESOURCES: Readonly<Record<string, string>> = Object.fromEntries([
  ...Object.keys(en.labellens.audit.resources).map((table) => [table, `labellens.audit.resources.${table}`]),
  ...Object.entries(en.resources)
    .filter(([, strings]) => typeof strings === 'object' && typeof strings.trail === 'string')
    // Its base table by the naming rule (baseTable, src/providers/resourceData.ts, a layer above).
    .map(([name]) => [name.replaceAll('-', '_'), trailKey(name)]),
]);

export type AuditChanges = Record<string, { old: unknown; new: unknown }>;

/** A row of audit_log, its changes typed: `record_label` is the record's name when the entry was written, `actor_role` the actor's operator role then. */
export type AuditEntry = Omit<Tables<'audit_log'>, 'changes'> & { changes: AuditChanges };

/** A changed value as one line of text: strings as they are, empty as an em dash, the rest as JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields of an entry's change, in a stable order (by name); translations text by text (`tip (hi)`). */
export const changedFields = (changes: AuditChanges) => Object.keys(spreadTranslationChanges(changes)).sort();
