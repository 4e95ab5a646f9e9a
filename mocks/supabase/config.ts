import { parse } from 'smol-toml';
import { readProjectFile } from './platform/projectFiles';

/** The parts of supabase/config.toml the stand-in follows, as the Supabase CLI reads them. */
export interface SupabaseConfig {
  /** [db.migrations]: the declarative schema files, relative to supabase/, in the order they apply. */
  db?: {
    migrations?: { schema_paths?: string[] };
    /** [db.seed]: the seed files, relative to supabase/, in the order they run. */
    seed?: { sql_paths?: string[] };
  };
  functions?: Record<string, { verify_jwt?: boolean }>;
  auth?: {
    /** Where Auth's links lead by default, and the other addresses a `redirect_to` may name. */
    site_url?: string;
    additional_redirect_urls?: string[];
    hook?: Record<string, { enabled?: boolean; uri?: string }>;
    /**
     * [auth.email]: confirmations, the least time between two emails of a kind to one address (a Go
     * duration such as "60s"), the OTP lifetime and the templates of the emails Auth sends.
     */
    email?: {
      enable_confirmations?: boolean;
      double_confirm_changes?: boolean;
      max_frequency?: string;
      otp_expiry?: number;
      template?: Record<string, { subject?: string; content_path?: string }>;
    };
    /** [auth.rate_limit], under the Supabase CLI's key names. */
    rate_limit?: { email_sent?: number; sign_in_sign_ups?: number; token_verifications?: number };
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

/** supabase/config.toml, parsed. */
export function readSupabaseConfig(): SupabaseConfig {
  return parse(readProjectFile('supabase/config.toml')) as SupabaseConfig;
}
