import type { raSupabaseEnglishMessages } from 'ra-supabase-language-english';
import type { Wording } from '../wording';

/** ra-supabase's own strings in Hindi (it ships English and French only). */
export const raSupabaseMessages: Wording<typeof raSupabaseEnglishMessages> = {
  'ra-supabase': {
    auth: {
      email: 'ईमेल',
      confirm_password: 'पासवर्ड दोबारा लिखें',
      sign_in_with: '%{provider} से साइन इन करें',
      forgot_password: 'पासवर्ड भूल गए?',
      reset_password: 'पासवर्ड बदलें',
      password_reset: 'आपका पासवर्ड बदल दिया गया है। लॉग इन के लिंक वाला ईमेल आपको मिलेगा।',
      missing_tokens: 'ऐक्सेस और रिफ़्रेश टोकन नहीं मिले',
      back_to_login: 'साइन इन पर वापस जाएँ',
    },
    reset_password: {
      forgot_password: 'पासवर्ड भूल गए?',
      forgot_password_details: 'निर्देश पाने के लिए अपना ईमेल लिखें।',
    },
    set_password: {
      new_password: 'अपना पासवर्ड चुनें',
    },
    validation: {
      password_mismatch: 'दोनों पासवर्ड एक जैसे नहीं हैं',
    },
  },
};
