import type { Page } from '@playwright/test';

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
