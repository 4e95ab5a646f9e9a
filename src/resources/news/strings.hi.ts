import type { strings as english } from './strings';
import type { Wording } from '../../i18n/wording';

/** The news resource in Hindi (src/resources/news/strings.ts). */
export const strings: Wording<typeof english> = {
  name: 'ख़बर |||| ख़बरें',
  heading: 'ख़बरें',
  count: '%{count} ख़बर प्रकाशित |||| %{count} ख़बरें प्रकाशित',
  search: 'शीर्षक या पाठ से ख़बरें खोजें...',
  add: 'ख़बर जोड़ें',
  create_title: 'नई ख़बर',
  edit_title: 'ख़बर बदलें',
  view_original: 'मूल ख़बर देखें',
  source_info: 'स्रोत की जानकारी',
  added: 'जोड़ी गई',
  article_id: 'ख़बर आईडी',
  no_screenshot: 'स्क्रीनशॉट नहीं',
  open_source: 'स्रोत खोलें',
  fields: {
    title: 'शीर्षक',
    content: 'पाठ',
    source_url: 'स्रोत का URL',
    source_url_screenshot: 'स्क्रीनशॉट URL (ज़रूरी नहीं)',
    screenshot_file: 'स्क्रीनशॉट फ़ाइल (ज़रूरी नहीं)',
    article: 'ख़बर',
    source: 'स्रोत',
    created_at: 'प्रकाशित',
    actions: 'कार्रवाई',
  },
  message: {
    delete_title: 'ख़बर हटाएँ',
    delete_content: 'यह ख़बर हटाएँ?',
    bulk_delete_content: 'यह ख़बर हटाएँ? |||| ये %{smart_count} ख़बरें हटाएँ?',
  },
  notifications: {
    created: 'ख़बर जोड़ दी गई',
    updated: 'ख़बर अपडेट हो गई',
    deleted: 'ख़बर हटा दी गई',
    bulk_deleted: 'ख़बर हटा दी गई |||| %{smart_count} ख़बरें हटा दी गईं',
    fetch_failed: 'ख़बरें लोड नहीं हो सकीं',
    create_failed: 'ख़बर जोड़ी नहीं जा सकी',
    update_failed: 'ख़बर अपडेट नहीं हो सकी',
    delete_failed: 'ख़बर हटाई नहीं जा सकी',
  },
};
