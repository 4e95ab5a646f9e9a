import type { auditLogStrings as english } from '../../resources/audit-log';
import type { Wording } from '../../wording';

/** The audit-log resource in Hindi (src/i18n/resources/audit-log.ts). */
export const auditLogStrings: Wording<typeof english> = {
  name: 'ऑडिट प्रविष्टि |||| ऑडिट प्रविष्टियाँ',
  fields: {
    occurred_at: 'कब',
    actor_email: 'किसने',
    action: 'क्या किया',
    resource: 'किस पर',
    record_id: 'रिकॉर्ड',
    record_label: 'रिकॉर्ड',
    actor_role: 'भूमिका',
    changes: 'बदलाव',
    from: 'से',
    to: 'तक',
  },
};
