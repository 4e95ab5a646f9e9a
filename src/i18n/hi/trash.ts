import type { trashMessages as english } from '../trash';
import type { Wording } from '../wording';

/** The Trash screen's actions and retention in Hindi (src/i18n/trash.ts). */
export const trashMessages: Wording<typeof english> = {
  trash: {
    restore: 'वापस लाएँ',
    delete_forever: 'हमेशा के लिए हटाएँ',
    restored: 'वापस आ गया |||| %{smart_count} आइटम वापस आ गए',
    refused:
      'वापस नहीं लाया जा सका: यह अब ट्रैश में नहीं है, या इसी आईडी या कुंजी वाला रिकॉर्ड अब मौजूद है। |||| %{smart_count} वापस नहीं लाए जा सके: वे अब ट्रैश में नहीं हैं, या उन्हीं आईडी या कुंजियों वाले रिकॉर्ड अब मौजूद हैं।',
    id_taken:
      'वापस नहीं लाया जा सका: इसी आईडी वाला रिकॉर्ड अब मौजूद है। यह ट्रैश में ही रहेगा। |||| %{smart_count} वापस नहीं लाए जा सके: उन्हीं आईडी वाले रिकॉर्ड अब मौजूद हैं। वे ट्रैश में ही रहेंगे।',
    restore_failed: 'वापस नहीं लाया जा सका। कुछ नहीं बदला।',
    deleted_forever: 'हमेशा के लिए हटा दिया गया |||| %{smart_count} आइटम हमेशा के लिए हटा दिए गए',
    delete_forever_failed: 'हमेशा के लिए हटाया नहीं जा सका। कुछ नहीं बदला।',
    delete_forever_title: 'हमेशा के लिए हटाएँ?',
    delete_forever_content:
      'यह आइटम और इसकी फ़ाइलें हमेशा के लिए हट जाएँगी। यह वापस नहीं हो सकता। |||| ये %{smart_count} आइटम और इनकी फ़ाइलें हमेशा के लिए हट जाएँगी। यह वापस नहीं हो सकता।',
    retention:
      'हटाए गए आइटम यहाँ %{smart_count} दिन रहते हैं, फिर हमेशा के लिए हट जाते हैं। |||| हटाए गए आइटम यहाँ %{smart_count} दिन रहते हैं, फिर हमेशा के लिए हट जाते हैं।',
    change_retention: 'बदलें',
    retention_title: 'हटाए गए आइटम कितने दिन रहें',
    retention_days: 'दिन',
    retention_range: '%{min} से %{max} तक दिनों की पूरी संख्या लिखें।',
    retention_saved: 'हटाए गए आइटम अब %{smart_count} दिन रहेंगे |||| हटाए गए आइटम अब %{smart_count} दिन रहेंगे',
    retention_failed: 'अवधि सहेजी नहीं जा सकी। फिर कोशिश करें।',
    purge_failed: 'पिछली सफ़ाई %{time} पर नाकाम रही: %{reason}। इसे फिर से चलाया जाएगा।',
  },
};
