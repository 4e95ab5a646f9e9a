import { http, passthrough } from 'msw';
import type { RealtimeHub } from '../supabase/realtime/hub';
import { realtimeLink } from '../supabase/realtime/mswLink';
import type { StandIn } from '../supabase/standIn';

/**
 * MSW handlers that send every Supabase API request under baseUrl to the stand-in, in process, and
 * (given its Realtime hub) every Realtime WebSocket to that hub, as a browser would reach them.
 */
export function supabaseHandlers(standIn: StandIn, baseUrl: string, realtime?: RealtimeHub) {
  const api = ['rest', 'auth', 'functions', 'storage'].map((part) =>
    http.all(
      `${baseUrl}/${part}/v1/*`,
      async ({ request }) => (await standIn.handle(request)) ?? passthrough(),
    ),
  );
  if (!realtime) return api;
  return [...api, realtimeLink(realtime, baseUrl)];
}
