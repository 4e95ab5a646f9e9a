/** The Supabase APIs the stand-in answers over HTTP (Realtime is its WebSocket). */
export const SUPABASE_API_PARTS = ['rest', 'auth', 'functions', 'storage'] as const;
