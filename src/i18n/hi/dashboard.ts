import type { dashboardMessages as english } from '../dashboard';
import type { Wording } from '../wording';

/** The dashboard in Hindi (src/i18n/dashboard.ts). */
export const dashboardMessages: Wording<typeof english> = {
  dashboard: {
    title: 'डैशबोर्ड: एक नज़र में',
    live: 'लाइव डेटा',
    last_updated: 'पिछला अपडेट %{time}',
    refreshing: 'ताज़ा हो रहा है...',
    load_error: 'डैशबोर्ड के आँकड़े लोड नहीं हो सके।',
    not_live: 'लाइव नहीं',
    connecting: 'जुड़ रहा है...',
    reconnecting: 'फिर से जुड़ रहा है...',
    offline_since: '%{time} से ऑफ़लाइन',
    stale: 'ताज़ा नहीं हो सका, %{time} के आँकड़े दिख रहे हैं।',
    retry: 'फिर कोशिश करें',
    cards: {
      scans: 'कुल स्कैन',
      profiles: 'प्रोफ़ाइल',
      chats: 'चैट',
      payments: 'भुगतान',
      news: 'ख़बरें',
      health_tips: 'सेहत के सुझाव',
      avg_health_score: 'औसत हेल्थ स्कोर',
      trend: 'स्कैन का रुझान',
    },
    avg_hint: 'स्कोर वाले सभी स्कैन का',
    trend_hint: 'पिछले 7 दिन, उससे पहले के 7 दिनों की तुलना में',
    trend_none: 'उससे पहले के 7 दिनों में कोई स्कैन नहीं',
    not_available: 'उपलब्ध नहीं',
    recent_scans: 'हाल के स्कैन',
    recent_empty: 'अभी कोई स्कैन नहीं',
    scan_fallback: 'स्कैन %{id}',
    distribution: 'हेल्थ स्कोर का बँटवारा',
    distribution_empty: 'अभी स्कोर वाला कोई स्कैन नहीं',
    distribution_row:
      '%{band} (%{range}): %{count} स्कैन, %{percent} |||| %{band} (%{range}): %{count} स्कैन, %{percent}',
    scans_axis: 'स्कैन',
  },
};
