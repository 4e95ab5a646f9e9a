/** Content written in English and Hindi side by side (src/editing/LanguageFields.tsx, the lists' language column). */
export const contentLanguagesMessages = {
  content_languages: {
    // Each content language by its name in the admin's current language.
    names: { en: 'English', hi: 'Hindi' },
    // Short, on the lists' language chips.
    codes: { en: 'EN', hi: 'HI' },
    tabs: 'Language of the text',
    field_in: '%{field} in %{language}',
    optional: 'Optional: without it the app shows the English text',
    column: 'Languages',
    missing_filter: 'Missing translation',
    missing_choice: 'Missing %{language}',
    has: 'Has %{language}',
    lacks: 'No %{language} yet',
  },
};
