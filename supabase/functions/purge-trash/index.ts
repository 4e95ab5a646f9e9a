// Deno entry deployed to Supabase (`supabase functions deploy purge-trash`). The logic lives in
// handler.ts, which the local stand-in runs under Node too.
import { createPurgeTrashHandler } from './handler.ts';
import { runtimeEnv } from '../_shared/runtime.ts';

Deno.serve(createPurgeTrashHandler(runtimeEnv()));
