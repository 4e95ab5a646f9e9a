/** Health-score bands (docs/product-rules.md): 80/60/40 in lists, 70/40 on the dashboard's recent scans. */
export type ScoreBand = 'excellent' | 'good' | 'fair' | 'poor';

export const SCORE_BAND_LABELS: Record<ScoreBand, string> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
};

/** Lower bounds of each band used by lists and by admin_dashboard_stats' distribution. */
export const SCORE_BANDS: ReadonlyArray<{ band: ScoreBand; min: number; max: number }> = [
  { band: 'excellent', min: 80, max: 100 },
  { band: 'good', min: 60, max: 79 },
  { band: 'fair', min: 40, max: 59 },
  { band: 'poor', min: 0, max: 39 },
];

export function scoreBand(score: number): ScoreBand {
  return (SCORE_BANDS.find((b) => score >= b.min) ?? SCORE_BANDS[SCORE_BANDS.length - 1]).band;
}

export type RecentScanBadge = 'default' | 'secondary' | 'destructive';

/** Dashboard recent-scan badge: above 70 default, above 40 secondary, otherwise destructive. */
export function recentScanBadge(score: number | null): RecentScanBadge {
  if (score !== null && score > 70) return 'default';
  if (score !== null && score > 40) return 'secondary';
  return 'destructive';
}
