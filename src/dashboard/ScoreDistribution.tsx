import { Box, Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useDeferredValue } from 'react';
import { useTranslate } from 'react-admin';
import type { DashboardStats } from '../domain/dashboardStats';
import { SCORE_BANDS } from '../domain/scoreBands';
import { countParams, formatShare } from '../domain/format';

const BAND_COLORS = { excellent: '#15803d', good: '#65a30d', fair: '#d97706', poor: '#dc2626' } as const;

/** Scans per health-score band (docs/product-rules.md), as a bar chart with the figures also written out. */
export function ScoreDistribution({
  distribution: current,
}: {
  distribution?: DashboardStats['score_distribution'];
}) {
  const translate = useTranslate();
  // The chart (MUI X Charts) is the dashboard's slowest piece to draw: the figures above it are
  // committed first and the chart in the render after, as React's deferred value does, so on a
  // phone's CPU the numbers show without waiting for it.
  const distribution = useDeferredValue(current, undefined);
  const rows = SCORE_BANDS.map(({ band, min, max }) => ({
    band,
    label: translate(`labellens.bands.${band}`),
    range: `${min}-${max}`,
    count: distribution?.[band] ?? 0,
  }));
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Card variant="outlined" component="section" aria-labelledby="distribution-title">
      <CardHeader
        title={translate('labellens.dashboard.distribution')}
        slotProps={{ title: { id: 'distribution-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {!distribution ? (
          <Skeleton variant="rectangular" height={220} />
        ) : total === 0 ? (
          <Typography color="text.secondary">
            {translate('labellens.dashboard.distribution_empty')}
          </Typography>
        ) : (
          <>
            {/* A picture of the list below it: out of the Tab order and the accessibility tree. */}
            <Box inert>
              <BarChart
                height={220}
                xAxis={[
                  {
                    scaleType: 'band',
                    data: rows.map((r) => r.label),
                    colorMap: { type: 'ordinal', colors: rows.map((r) => BAND_COLORS[r.band]) },
                  },
                ]}
                yAxis={[{ label: translate('labellens.dashboard.scans_axis'), tickMinStep: 1 }]}
                series={[{ data: rows.map((r) => r.count) }]}
              />
            </Box>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {rows.map((row) => (
                <Typography component="li" variant="body2" key={row.band} data-band={row.band}>
                  {translate('labellens.dashboard.distribution_row', {
                    band: row.label,
                    range: row.range,
                    ...countParams(row.count),
                    percent: formatShare(row.count, total),
                  })}
                </Typography>
              ))}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
