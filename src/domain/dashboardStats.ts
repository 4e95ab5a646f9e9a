import { z } from 'zod/mini';

/** The JSON object `public.admin_dashboard_stats()` returns (supabase/migrations): the dashboard's one source. */
export const dashboardStatsSchema = z.object({
  scans: z.int(),
  profiles: z.int(),
  chats: z.int(),
  payments: z.int(),
  news: z.int(),
  health_tips: z.int(),
  avg_health_score: z.nullable(z.number()),
  score_distribution: z.object({
    excellent: z.int(),
    good: z.int(),
    fair: z.int(),
    poor: z.int(),
  }),
  scans_trend_pct: z.nullable(z.number()),
  recent_scans: z.array(
    z.object({
      id: z.string(),
      name: z.nullable(z.string()),
      health_score: z.nullable(z.number()),
      created_at: z.string(),
    }),
  ),
});

export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
