import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';

interface StatCardProps {
  label: string;
  value?: string;
  hint?: string;
  icon: SvgIconComponent;
  loading: boolean;
}

/** One dashboard figure: its label, its value (a skeleton while loading) and an optional hint. */
export function StatCard({ label, value, hint, icon: Icon, loading }: StatCardProps) {
  return (
    <Card component="section" aria-label={label} variant="outlined">
      <CardContent>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: 'flex', justifyContent: 'space-between' }}
        >
          {label}
          <Icon fontSize="small" color="primary" aria-hidden />
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, mt: 1 }} data-testid="stat-value">
          {loading ? <Skeleton width="60%" /> : value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {loading ? <Skeleton width="80%" /> : hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
