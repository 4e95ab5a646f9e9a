/**
 * Every length and range limit the product enforces. Forms, tests and the SQL check constraints in
 * supabase/migrations agree with these numbers (supabase/tests/limits.test.ts proves the database side).
 */
export const NEWS_LIMITS = { titleMax: 200, previewChars: 150 } as const;

export const HEALTH_TIP_LIMITS = { tipMin: 10, tipMax: 1000 } as const;

export const TAG_LIMITS = {
  keyMax: 50,
  labelMax: 100,
  iconMax: 50,
  categoryMax: 50,
  colorMin: 4,
  colorMax: 7,
  sortOrderMin: 0,
} as const;

// Defined beside the notification rules, which the edge function's Deno entry loads without a bundler.
export { NOTIFICATION_LIMITS } from './notification';

/**
 * How long a deleted record waits in the trash before the purge deletes it forever
 * (admin_settings.trash_retention_days, an owner's setting; supabase/schemas/25_trash.sql).
 */
export const TRASH_RETENTION_DAYS = { min: 1, max: 365, default: 30 } as const;

export const CONTACT_LIMITS = {
  firstNameMax: 100,
  lastNameMax: 100,
  emailMax: 254,
  subjectMax: 200,
  messageMax: 5000,
} as const;

/**
 * The contact form's flood limit (supabase/schemas/50_contact.sql): one message per request, at most this
 * many per client address per hour, then HTTP 429 (the form keeps what the visitor typed).
 */
export const CONTACT_RATE_LIMIT = { perAddressPerHour: 5 } as const;

/**
 * Supabase's default PostgREST `db-max-rows`: no response carries more rows than this, and with
 * `Prefer: count=estimated` a total up to it is counted exactly, past it taken from the planner (an
 * estimate the lists show as "about N"). The stand-in's REST server (mocks/supabase/rest), the
 * admin's paging (src/providers/paging.ts) and the paging functions' windows
 * (supabase/schemas/31_app_data_admin_reads.sql) agree on it.
 */
export const MAX_ROWS = 1000;

export const DASHBOARD = { recentScans: 5 } as const;

export const ID_PREFIX_LENGTH = 8;
