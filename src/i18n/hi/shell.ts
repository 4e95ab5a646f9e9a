import { defaultsCatalogue } from '../defaults';
import type { shellMessages as english } from '../shell';
import type { Wording } from '../wording';
import { RESOURCE_DEFAULTS_HI } from './defaults';

/** The admin's frame in Hindi (src/i18n/shell.ts). */
export const shellMessages: Wording<typeof english> = {
  app: { title: 'LabelLens एडमिन' },
  defaults: defaultsCatalogue(RESOURCE_DEFAULTS_HI),
  page_notices: {
    new_version: 'एडमिन का नया संस्करण आ गया है। इस्तेमाल के लिए पेज दोबारा लोड करें।',
    reload: 'दोबारा लोड करें',
    dismiss: 'बंद करें',
    offline: 'आप ऑफ़लाइन हैं। दिख रही जानकारी पुरानी हो सकती है, और कनेक्शन लौटने तक कुछ भी सहेजा नहीं जा सकता।',
    offline_request: 'आप ऑफ़लाइन हैं: इसके लिए कनेक्शन चाहिए।',
  },
  titles: { sign_in: 'साइन इन', not_found: 'पेज नहीं मिला' },
  not_found: {
    hint: 'इस पते पर एडमिन का कोई पेज नहीं है। लिंक ग़लत हो सकता है, या पेज कहीं और चला गया है।',
    home: 'डैशबोर्ड पर जाएँ',
  },
  no_access: {
    title: 'पहुँच नहीं है',
    hint: 'आपकी भूमिका में यह स्क्रीन शामिल नहीं है। कोई स्वामी टीम स्क्रीन पर आपकी भूमिका बदल सकता है।',
  },
  menu: {
    dashboard: 'डैशबोर्ड',
    scans: 'स्कैन',
    profiles: 'प्रोफ़ाइल',
    users: 'उपयोगकर्ता',
    chats: 'चैट',
    messages: 'संदेश',
    notifications: 'सूचनाएँ',
    news: 'ख़बरें',
    payments: 'भुगतान',
    health_tips: 'सेहत के सुझाव',
    tags: 'टैग',
    audit_log: 'ऑडिट लॉग',
    contact_messages: 'संपर्क इनबॉक्स',
    trash: 'ट्रैश',
    security: 'सुरक्षा',
    team: 'टीम',
    logout: 'लॉग आउट',
    toggle: 'साइडबार खोलें/बंद करें (Ctrl+B)',
  },
  coming_soon: {
    badge: 'जल्द आ रहा है',
    messages: 'संदेशों का प्रबंधन जल्द आ रहा है।',
    payments: 'भुगतान का प्रबंधन जल्द आ रहा है।',
  },
  pagination: {
    estimated_range: 'लगभग %{total} में से %{offsetBegin}-%{offsetEnd}',
    past_max_rows_range: '%{total} से अधिक में से %{offsetBegin}-%{offsetEnd}',
  },
  forms: {
    discard_title: 'बिना सहेजे बदलाव छोड़ दें?',
    discard_content: 'इस फ़ॉर्म में लिखा हुआ मिट जाएगा।',
    discard: 'छोड़ दें',
    keep_editing: 'लिखना जारी रखें',
    bulk_delete_title: 'चुने हुए आइटम हटाएँ',
    characters: '%{count} / %{max} अक्षर',
  },
  list: {
    loading: 'लोड हो रहा है...',
    empty: 'अभी कोई %{name} नहीं',
    load_error: 'सूची लोड नहीं हो सकी।',
    retry: 'फिर कोशिश करें',
    details: 'ब्योरा',
    missing: 'यह रिकॉर्ड मौजूद नहीं है। शायद इसे हटा दिया गया है, या लिंक ग़लत है।',
    dialog_error: 'यह रिकॉर्ड लोड नहीं हो सका।',
    results_found: 'नतीजे: 1 %{name} |||| नतीजे: %{count} %{name}',
    skip_to_pager: 'पेज बदलने के बटनों पर जाएँ',
  },
  upload: {
    choose: 'तस्वीर चुनें',
    hint: 'या यहाँ छोड़ें या पेस्ट करें: PNG, JPEG या WebP, %{limit} तक',
    remove: 'चुनी हुई फ़ाइल हटाएँ',
    chosen: 'चुनी गई: %{name}',
    replaces_url: 'सहेजने पर यह फ़ाइल अपलोड होगी और इसका पता स्क्रीनशॉट URL की जगह ले लेगा',
    uploading: 'अपलोड हो रहा है…',
    preview: 'स्क्रीनशॉट की झलक',
  },
  live: {
    show_new: 'दिखाएँ',
    changed_by: '%{who} ने %{time} पर नया संस्करण सहेजा।',
    deleted_by: '%{who} ने %{time} पर यह रिकॉर्ड हटा दिया।',
    someone: 'किसी',
    reload: 'दोबारा लोड करें',
    keep_mine: 'मेरा लिखा रखें',
    overwrite_title: 'नए संस्करण के ऊपर सहेजें?',
    overwrite_content:
      'आपके खोलने के बाद %{who} ने %{time} पर यह रिकॉर्ड सहेजा। अभी सहेजने पर उनका संस्करण आपके संस्करण से बदल जाएगा।',
    overwrite: 'मेरा सहेजें',
    also_open: 'इसे खोले हुए हैं:',
    changed_since:
      'सहेजा नहीं गया: लोड होने के बाद किसी ने इसे बदल दिया या हटा दिया। अभी का संस्करण फिर से दिखाया गया है। |||| %{smart_count} सहेजे नहीं गए: लोड होने के बाद किसी ने इन्हें बदल दिया या हटा दिया। अभी के संस्करण फिर से दिखाए गए हैं।',
  },
  records: {
    id: 'आईडी',
    anonymous: 'गुमनाम',
    none: 'कोई नहीं',
    yes: 'हाँ',
    no: 'नहीं',
  },
  bands: { excellent: 'बहुत अच्छा', good: 'अच्छा', fair: 'ठीक-ठाक', poor: 'ख़राब' },
  person_filter: { label: 'उपयोगकर्ता' },
  mui: { no_options: 'कोई विकल्प नहीं', pagination: 'पेज बदलें' },
  language: {
    save_failed: 'आपकी भाषा खाते में सहेजी नहीं जा सकी: यह सिर्फ़ पेज दोबारा लोड होने तक रहेगी।',
  },
};
