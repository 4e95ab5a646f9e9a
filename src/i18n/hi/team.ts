import type { teamMessages as english } from '../team';
import type { Wording } from '../wording';

/** The Team page in Hindi (src/i18n/team.ts). */
export const teamMessages: Wording<typeof english> = {
  team: {
    columns: {
      email: 'ईमेल',
      role: 'भूमिका',
      status: 'स्थिति',
      factor: 'दूसरा चरण',
      last_sign_in: 'पिछला साइन इन',
      actions: 'कार्रवाई',
    },
    roles: { owner: 'स्वामी', editor: 'संपादक', support: 'सपोर्ट' },
    active: 'सक्रिय',
    inactive: 'निष्क्रिय',
    invited: 'न्योता भेजा गया',
    invite: {
      open: 'ऑपरेटर को न्योता दें',
      title: 'ऑपरेटर को न्योता दें',
      email: 'ईमेल',
      email_help: 'इस पते पर पासवर्ड चुनने का लिंक जाएगा। यह एक बार, एक घंटे तक काम करता है।',
      send: 'न्योता भेजें',
      sending: 'भेजा जा रहा है...',
      sent: '%{email} को न्योता भेज दिया गया',
      sent_reset:
        '%{email} का खाता पहले ही पक्का हो चुका था, जिससे उसका न्योते वाला लिंक इस्तेमाल हो गया: इसलिए पासवर्ड बदलने का लिंक भेजा गया। वे इस लिंक से पासवर्ड चुनेंगे, तब न्योता पूरा माना जाएगा।',
    },
    role_help: {
      owner: 'सब कुछ, टीम और सेटिंग समेत',
      editor: 'ख़बरें, सेहत के सुझाव और टैग; ऐप उपयोगकर्ताओं का डेटा नहीं',
      support: 'ऐप उपयोगकर्ताओं का डेटा देखना, इनबॉक्स के जवाब देना, सूचनाएँ भेजना',
    },
    factor_on: 'जुड़ा है',
    factor_off: 'कोई नहीं',
    never: 'कभी नहीं',
    deactivate: 'निष्क्रिय करें',
    reactivate: 'फिर सक्रिय करें',
    reset_factor: 'दूसरा चरण रीसेट करें',
    saved: 'टीम अपडेट हो गई',
    confirm: {
      title: 'टीम में बदलाव करें?',
      role: '%{email} को %{role} बनाएँ?',
      deactivate: '%{email} को निष्क्रिय करें? उनके अगले अनुरोध पर उनकी पहुँच बंद हो जाएगी।',
      reactivate: '%{email} को फिर सक्रिय करें?',
      reset_factor: '%{email} का दूसरा चरण रीसेट करें? अगले साइन इन पर वे नया ऑथेंटिकेटर ऐप जोड़ेंगे।',
    },
  },
};
