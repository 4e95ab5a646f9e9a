/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL: string;
  readonly VITE_SUPABASE_ANON_KEY: string;
  /** Set ('1') only by the demo build (vite.demo.config.ts). */
  readonly VITE_LABELLENS_DEMO?: string;
}
