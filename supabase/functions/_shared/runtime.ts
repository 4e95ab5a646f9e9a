// What Supabase's Edge Runtime gives every function, read once by each function's Deno entry
// (index.ts); the handlers take it as arguments, so the local stand-in passes its own under Node.

/** An environment variable the runtime sets; a missing one stops the function at start. */
export const env = (name: string): string => {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

/** The project's URL and keys, and the runtime's fetch. */
export const runtimeEnv = () => ({
  supabaseUrl: env('SUPABASE_URL'),
  anonKey: env('SUPABASE_ANON_KEY'),
  serviceRoleKey: env('SUPABASE_SERVICE_ROLE_KEY'),
  fetch,
});
