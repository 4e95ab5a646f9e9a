import type { strings as english } from './strings';
import type { Wording } from '../../i18n/wording';

/** The contact-messages resource in Hindi (src/resources/contact-messages/strings.ts). */
export const strings: Wording<typeof english> = {
  name: 'संपर्क संदेश |||| संपर्क संदेश',
  heading: 'संपर्क इनबॉक्स',
  count: '%{count} संदेश |||| %{count} संदेश',
  search: 'संदेश खोजें...',
  all_statuses: 'सभी स्थितियाँ',
  status: { new: 'नया', read: 'पढ़ा गया', archived: 'संग्रहीत' },
  no_subject: '(कोई विषय नहीं)',
  reply: 'जवाब दें',
  reply_intro: '%{date} को %{name} ने लिखा:',
  reply_shortened: '[संदेश छोटा किया गया। पूरा संदेश LabelLens के संपर्क इनबॉक्स में है।]',
  archive: 'संग्रहीत करें',
  mark_new: 'नया चिह्नित करें',
  new_count: '%{count} नया |||| %{count} नए',
  new_rows: '1 नया संदेश |||| %{count} नए संदेश',
  received: 'मिला',
  fields: {
    status: 'स्थिति',
    sender: 'भेजने वाला',
    email: 'ईमेल',
    subject: 'विषय',
    message: 'संदेश',
    created_at: 'मिला',
  },
  message: {
    delete_title: 'संपर्क संदेश हटाएँ',
    delete_content: 'यह संपर्क संदेश हटाएँ?',
    bulk_delete_content: 'यह संपर्क संदेश हटाएँ? |||| ये %{smart_count} संपर्क संदेश हटाएँ?',
  },
  notifications: {
    archived: 'संदेश संग्रहीत हो गया',
    marked_new: 'संदेश नया चिह्नित हो गया',
    status_failed: 'संदेश की स्थिति बदली नहीं जा सकी',
    fetch_failed: 'संपर्क संदेश लोड नहीं हो सके',
    deleted: 'संपर्क संदेश हटा दिया गया',
    bulk_deleted: 'संपर्क संदेश हटा दिया गया |||| %{smart_count} संपर्क संदेश हटा दिए गए',
    delete_failed: 'संपर्क संदेश हटाया नहीं जा सका',
  },
};
