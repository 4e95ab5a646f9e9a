import type { Page, Request } from '@playwright/test';

/**
 * Resolves once the Realtime server has accepted the page's join of `topic` (its `phx_reply` with
 * status ok), which it sends only after the channel's postgres_changes are registered. A change
 * committed after that reaches the page; one committed before it may not, so a test that makes a
 * change waits for this, not for something on screen. Call before the page opens its socket.
 */
export function channelJoined(page: Page, topic: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        // supabase-js speaks protocol 2.0.0: [join_ref, ref, topic, event, payload] in JSON.
        const [, , sent, event, body] = JSON.parse(String(payload)) as [
          unknown,
          unknown,
          string,
          string,
          { status?: string },
        ];
        if (sent === `realtime:${topic}` && event === 'phx_reply' && body.status === 'ok') resolve();
      });
    });
  });
}

/**
 * Resolves once a live list has settled after its channel was joined: the join (as channelJoined)
 * and then the answer to the list's quiet re-read of its page (`path`, e.g. `/rest/v1/admin_scans`),
 * the first such request to leave after the join (src/list/live/LiveRows.tsx). A test that counts
 * the list's requests waits for this first. Call before the page opens its socket.
 */
export function liveListSettled(page: Page, topic: string, path: string): Promise<void> {
  let joined = false;
  const reread = new Set<Request>();
  void channelJoined(page, topic).then(() => (joined = true));
  return new Promise((resolve) => {
    page.on('request', (request) => {
      if (joined && request.method() === 'GET' && new URL(request.url()).pathname === path)
        reread.add(request);
    });
    page.on('requestfinished', (request) => {
      if (reread.has(request)) resolve();
    });
  });
}
