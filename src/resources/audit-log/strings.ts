/** The strings of the audit-log resource (resources.audit-log, merged into src/i18n/en.ts). */
export const strings = {
  name: 'Audit entry |||| Audit entries',
  fields: {
    occurred_at: 'When',
    actor_email: 'Who',
    action: 'Action',
    resource: 'Resource',
    record_id: 'Record',
    record_label: 'Record',
    actor_role: 'Role',
    changes: 'Changes',
    from: 'From',
    to: 'To',
  },
};
