import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';

/** The parts of supabase/config.toml the stand-in follows, as the Supabase CLI reads them. */
export interface SupabaseConfig {
  functions?: Record<string, { verify_jwt?: boolean }>;
  auth?: {
    hook?: Record<string, { enabled?: boolean; uri?: string }>;
    /**
     * [auth.email]: whether a sign-up must confirm its address first (enable_confirmations, off in
     * this project: GoTrue's Mailer.Autoconfirm), the OTP lifetime and the emails' templates.
     */
    email?: {
      enable_confirmations?: boolean;
      otp_expiry?: number;
      template?: Record<string, { subject?: string; content_path?: string }>;
    };
    rate_limit?: { email_sent?: number };
  };
  /** [storage] and its [storage.buckets.<name>] (what `supabase seed buckets` creates and uploads). */
  storage?: {
    file_size_limit?: string;
    buckets?: Record<
      string,
      { public?: boolean; file_size_limit?: string; allowed_mime_types?: string[]; objects_path?: string }
    >;
  };
}

const CONFIG_TOML = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../supabase/config.toml');

/** supabase/config.toml (or another file of its format), parsed. */
export function readSupabaseConfig(file = CONFIG_TOML): SupabaseConfig {
  return parse(readFileSync(file, 'utf8')) as SupabaseConfig;
}
