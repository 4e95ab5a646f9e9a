// Deno entry deployed to Supabase (`supabase functions deploy purge-trash`). The logic lives in
// handler.ts, which the local stand-in runs under Node too.
import { createPurgeTrashHandler } from './handler.ts';

const env = (name: string): string => {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

Deno.serve(
  createPurgeTrashHandler({
    supabaseUrl: env('SUPABASE_URL'),
    anonKey: env('SUPABASE_ANON_KEY'),
    serviceRoleKey: env('SUPABASE_SERVICE_ROLE_KEY'),
    fetch,
  }),
);
