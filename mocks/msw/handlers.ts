import { http, passthrough } from 'msw';
import type { StandIn } from '../supabase/standIn';

/** MSW handlers that send every Supabase API request under baseUrl to the stand-in, in process. */
export function supabaseHandlers(standIn: StandIn, baseUrl: string) {
  return ['rest', 'auth', 'functions'].map((part) =>
    http.all(
      `${baseUrl}/${part}/v1/*`,
      async ({ request }) => (await standIn.handle(request)) ?? passthrough(),
    ),
  );
}
