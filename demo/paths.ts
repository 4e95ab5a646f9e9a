/** The Supabase APIs the stand-in answers over HTTP (Realtime is its WebSocket). */
export const SUPABASE_API_PARTS = ['rest', 'auth', 'functions', 'storage'] as const;

/** The demo's service worker (demo/serviceWorker.js), at the build's base. */
export const DEMO_SERVICE_WORKER = 'demoServiceWorker.js';

/** The BroadcastChannel on which a tab asks the leader's PGlite worker to store the data (demo/pgliteWorker.ts). */
export const DEMO_FLUSH_CHANNEL = 'labellens-demo-flush';
