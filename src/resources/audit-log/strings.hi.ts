import type { strings as english } from './strings';
import type { Wording } from '../../i18n/wording';

/** The audit-log resource in Hindi (src/resources/audit-log/strings.ts). */
export const strings: Wording<typeof english> = {
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
