/** The demo accounts supabase/seed/10_accounts.sql creates (local data only). */
export const DEMO_ACCOUNTS = [
  { email: 'admin@labellens.dev', password: 'LabelLens-admin-1', description: 'active admin' },
  { email: 'user@labellens.dev', password: 'LabelLens-user-1', description: 'app user, not an admin' },
  {
    email: 'inactive-admin@labellens.dev',
    password: 'LabelLens-inactive-1',
    description: 'admin row with is_active false',
  },
  {
    email: 'mfa-admin@labellens.dev',
    password: 'LabelLens-mfa-1',
    description: 'active admin with an authenticator app (TOTP secret below)',
    totpSecret: 'LABELLENSDEMOADMINTOTPSECRETKEY2',
  },
  { email: 'editor@labellens.dev', password: 'LabelLens-editor-1', description: 'operator with the editor role' },
  { email: 'support@labellens.dev', password: 'LabelLens-support-1', description: 'operator with the support role' },
] as const;
