/**
 * The storage key of a function's clients, which keep no session (each is made for one request's
 * key). Named so that supabase-js's warning about several clients sharing a key in one browser,
 * which fires when a test runs this server code under jsdom, can be told from the warning about a
 * browser's own clients: vitest.config.ts drops it for this key only.
 */
export const FUNCTION_STORAGE_KEY = 'sb-edge-function';
