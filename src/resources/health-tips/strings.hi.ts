import type { strings as english } from './strings';
import type { Wording } from '../../i18n/wording';

/** The health-tips resource in Hindi (src/resources/health-tips/strings.ts). */
export const strings: Wording<typeof english> = {
  name: 'सेहत का सुझाव |||| सेहत के सुझाव',
  heading: 'सेहत के सुझाव',
  count: '%{count} सुझाव उपलब्ध |||| %{count} सुझाव उपलब्ध',
  search: 'सेहत के सुझाव खोजें...',
  add: 'सुझाव जोड़ें',
  create_title: 'सेहत का सुझाव जोड़ें',
  edit_title: 'सेहत का सुझाव बदलें',
  fields: {
    tip: 'सुझाव का पाठ',
    created_at: 'बनाया गया',
    actions: 'कार्रवाई',
    tip_column: 'सेहत का सुझाव',
  },
  message: {
    delete_title: 'सेहत का सुझाव हटाएँ',
    delete_content: 'यह सेहत का सुझाव हटाएँ?',
    bulk_delete_content: 'यह सेहत का सुझाव हटाएँ? |||| ये %{smart_count} सेहत के सुझाव हटाएँ?',
  },
  notifications: {
    success_title: 'हो गया',
    error_title: 'गड़बड़ी',
    created: 'सेहत का सुझाव जोड़ दिया गया',
    updated: 'सेहत का सुझाव अपडेट हो गया',
    deleted: 'सेहत का सुझाव हटा दिया गया',
    bulk_deleted: 'सेहत का सुझाव हटा दिया गया |||| %{smart_count} सेहत के सुझाव हटा दिए गए',
    fetch_failed: 'सेहत के सुझाव लोड नहीं हो सके',
    create_failed: 'सेहत का सुझाव सहेजा नहीं जा सका',
    update_failed: 'सेहत का सुझाव सहेजा नहीं जा सका',
    delete_failed: 'सेहत का सुझाव हटाया नहीं जा सका',
  },
};
