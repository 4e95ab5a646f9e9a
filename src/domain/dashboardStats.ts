import { z } from 'zod';

/** The JSON object `public.admin_dashboard_stats()` returns (supabase/migrations): the dashboard's one source. */
export const dashboardStatsSchema = z.object({
  scans: z.number().int(),
  profiles: z.number().int(),
  chats: z.number().int(),
  payments: z.number().int(),
  news: z.number().int(),
  health_tips: z.number().int(),
  avg_health_score: z.number().nullable(),
  score_distribution: z.object({
    excellent: z.number().int(),
    good: z.number().int(),
    fair: z.number().int(),
    poor: z.number().int(),
  }),
  scans_trend_pct: z.number().nullable(),
  recent_scans: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      health_score: z.number().nullable(),
      created_at: z.string(),
    }),
  ),
});

export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
