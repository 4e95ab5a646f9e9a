import { type AuditEntry } from '../../domain/audit';
import { dayBoundConditions, lowerCaseEqualsConditions } from '../../providers/search';
import { defineResourceData } from '../../providers/resourceData';

/**
 * Audit Log (read-only): public.audit_log, written by database triggers and Supabase Auth, newest
 * first. The person filter is the exact lower-cased email (a btree index serves it at any size), the
 * date filters whole UTC days, and the search matches the person or the record id.
 */
export const auditLogData = defineResourceData<AuditEntry>({
  name: 'audit-log',
  live: true,
  searchColumns: ['actor_email', 'record_id'],
  derivedFilters: {
    actor_email: lowerCaseEqualsConditions('actor_email'),
    from: dayBoundConditions('occurred_at', 'from'),
    to: dayBoundConditions('occurred_at', 'to'),
  },
  defaultSort: [{ field: 'occurred_at', ascending: false }],
  csv: {
    fileName: 'audit-log',
    row: (entry) => ({
      occurred_at: entry.occurred_at,
      actor_email: entry.actor_email ?? '',
      action: entry.action,
      resource: entry.resource,
      record_id: entry.record_id ?? '',
      record_label: entry.record_label ?? '',
      actor_role: entry.actor_role ?? '',
      changes: JSON.stringify(entry.changes),
    }),
  },
});
