import { HEALTH_TIP_LIMITS, NEWS_LIMITS, TAG_LIMITS } from '../../domain/limits';
import type { errorMessages as english } from '../errors';
import type { Wording } from '../wording';

/** The error catalogue in Hindi (src/i18n/errors.ts): the same limits, worded for the operator. */
export const errorMessages: Wording<typeof english> = {
  news: {
    titleRequired: 'शीर्षक ज़रूरी है',
    titleTooLong: `शीर्षक ${NEWS_LIMITS.titleMax} अक्षरों से कम होना चाहिए`,
    contentRequired: 'पाठ ज़रूरी है',
    sourceUrlInvalid: 'कृपया सही URL लिखें',
    screenshotUrlInvalid: 'कृपया स्क्रीनशॉट का सही URL लिखें',
  },
  health_tips: {
    tipTooShort: `सुझाव कम से कम ${HEALTH_TIP_LIMITS.tipMin} अक्षरों का होना चाहिए`,
    tipTooLong: `सुझाव ${HEALTH_TIP_LIMITS.tipMax} अक्षरों से ज़्यादा नहीं हो सकता`,
  },
  tags: {
    keyRequired: 'कुंजी ज़रूरी है',
    keyTooLong: `कुंजी ${TAG_LIMITS.keyMax} अक्षरों से ज़्यादा नहीं हो सकती`,
    labelRequired: 'लेबल ज़रूरी है',
    labelTooLong: `लेबल ${TAG_LIMITS.labelMax} अक्षरों से ज़्यादा नहीं हो सकता`,
    iconRequired: 'आइकन ज़रूरी है',
    iconTooLong: `आइकन ${TAG_LIMITS.iconMax} अक्षरों से ज़्यादा नहीं हो सकता`,
    colorRequired: 'रंग ज़रूरी है',
    colorInvalid: 'रंग सही hex कोड होना चाहिए',
    categoryRequired: 'श्रेणी ज़रूरी है',
    categoryTooLong: `श्रेणी ${TAG_LIMITS.categoryMax} अक्षरों से ज़्यादा नहीं हो सकती`,
    sortOrderNegative: 'क्रम 0 या उससे ज़्यादा होना चाहिए',
  },
  files: {
    type_not_allowed: 'फ़ाइल PNG, JPEG या WebP तस्वीर होनी चाहिए',
    too_large: 'फ़ाइल %{limit} या उससे छोटी होनी चाहिए',
    quota:
      'स्टोरेज की सीमा पूरी हो गई: %{bucket} में एक उपयोगकर्ता ज़्यादा से ज़्यादा %{files} फ़ाइलें और %{size} रख सकता है',
    type_not_supported: 'फ़ाइल का प्रकार %{type} नहीं चलता',
  },
  invite: {
    incomplete: 'ईमेल पता और भूमिका दोनों भेजें',
    email: 'सही ईमेल पता लिखें',
    role: 'भूमिका चुनें: स्वामी, संपादक या सपोर्ट',
    notOwner: 'सिर्फ़ स्वामी ऑपरेटरों को न्योता दे सकते हैं',
    alreadyOperator: 'यह पता पहले से ऑपरेटर है',
    accountExists: 'इस ईमेल का खाता पहले से मौजूद है: कोई दूसरा पता न्योतें',
    rateLimited: 'पिछले एक घंटे में बहुत ज़्यादा ईमेल भेजे गए: बाद में फिर कोशिश करें',
  },
  push_role: 'आपकी भूमिका में सूचनाएँ भेजना शामिल नहीं है',
  database: {
    admin_required: 'इसके लिए एडमिन अधिकार चाहिए',
    last_owner: 'आख़िरी सक्रिय स्वामी की भूमिका घटाई या उसे निष्क्रिय नहीं किया जा सकता',
    own_factor_first: 'यह ज़रूरी करने से पहले ख़ुद ऑथेंटिकेटर ऐप जोड़ें और उससे साइन इन करें',
    owner_factor: 'ऑथेंटिकेटर ऐप इस्तेमाल करने वाले स्वामी को बदलने के लिए अपने ऑथेंटिकेटर ऐप से साइन इन करें',
    no_such_operator: 'ऐसा कोई ऑपरेटर नहीं है',
    no_such_account: 'ऐसा कोई खाता नहीं है',
    no_such_record: 'ऐसा कोई रिकॉर्ड नहीं है',
    no_such_version: 'इस रिकॉर्ड का ऐसा कोई संस्करण नहीं है',
    too_many_open: 'एक साथ बहुत ज़्यादा रिकॉर्ड खुले हैं',
    search_too_long: 'खोज 200 अक्षरों से लंबी है',
    append_only: 'ऑडिट लॉग में सिर्फ़ जोड़ा जा सकता है',
    already_operator: 'पहले से ऑपरेटर है',
    existing_account: 'पहले से मौजूद खाते को ऑपरेटर नहीं बनाया जा सकता',
  },
};
