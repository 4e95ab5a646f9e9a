import type { contentLanguagesMessages as english } from '../contentLanguages';
import type { Wording } from '../wording';

/** Content in English and Hindi side by side, in Hindi (src/i18n/contentLanguages.ts). */
export const contentLanguagesMessages: Wording<typeof english> = {
  content_languages: {
    names: { en: 'अंग्रेज़ी', hi: 'हिन्दी' },
    codes: { en: 'अं', hi: 'हि' },
    tabs: 'पाठ की भाषा',
    field_in: '%{language} में %{field}',
    optional: 'ज़रूरी नहीं: न लिखें तो ऐप में अंग्रेज़ी पाठ दिखेगा',
    column: 'भाषाएँ',
    missing_filter: 'अनुवाद बाकी',
    missing_choice: '%{language} बाकी',
    has: '%{language} में है',
    lacks: '%{language} अभी नहीं',
  },
};
