import ChatIcon from '@mui/icons-material/Forum';
import HealthTipIcon from '@mui/icons-material/TipsAndUpdates';
import NewsIcon from '@mui/icons-material/Newspaper';
import PaymentsIcon from '@mui/icons-material/Payments';
import ProfileIcon from '@mui/icons-material/FamilyRestroom';
import ScanIcon from '@mui/icons-material/DocumentScanner';
import ScoreIcon from '@mui/icons-material/MonitorHeart';
import TrendIcon from '@mui/icons-material/TrendingUp';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DashboardStats } from '../domain/dashboardStats';
import { formatCount, formatTrend } from '../domain/format';
import { StatCard } from './StatCard';

const COUNTS = [
  { key: 'scans', icon: ScanIcon },
  { key: 'profiles', icon: ProfileIcon },
  { key: 'chats', icon: ChatIcon },
  { key: 'payments', icon: PaymentsIcon },
  { key: 'news', icon: NewsIcon },
  { key: 'health_tips', icon: HealthTipIcon },
] as const;

/** The eight figures: six exact counts, the average health score and the 7-day scans trend. */
export function StatCards({ stats }: { stats?: DashboardStats }) {
  const translate = useTranslate();
  const loading = !stats;
  const notAvailable = translate('labellens.dashboard.not_available');
  const card = (key: string) => translate(`labellens.dashboard.cards.${key}`);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(13rem, 1fr))' }}>
      {COUNTS.map(({ key, icon }) => (
        <StatCard
          key={key}
          label={card(key)}
          icon={icon}
          loading={loading}
          value={stats && formatCount(stats[key])}
        />
      ))}
      <StatCard
        label={card('avg_health_score')}
        icon={ScoreIcon}
        loading={loading}
        value={
          stats && (stats.avg_health_score === null ? notAvailable : formatCount(stats.avg_health_score))
        }
        hint={translate('labellens.dashboard.avg_hint')}
      />
      <StatCard
        label={card('trend')}
        icon={TrendIcon}
        loading={loading}
        value={stats && (stats.scans_trend_pct === null ? notAvailable : formatTrend(stats.scans_trend_pct))}
        hint={translate(
          stats?.scans_trend_pct === null
            ? 'labellens.dashboard.trend_none'
            : 'labellens.dashboard.trend_hint',
        )}
      />
    </Box>
  );
}
