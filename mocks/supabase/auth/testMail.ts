import type { StandIn } from '../standIn';
import { TEST_SUPABASE_URL } from './testClient';

/**
 * Every email the stand-in's mail sandbox holds for an address (newest first), read through its
 * HTTP API as a tester's mailbox does: the subject, and the type and token of its link.
 */
export async function mailsTo(standIn: StandIn, address: string) {
  const mail = async (path: string) =>
    (await standIn.handle(new Request(`${TEST_SUPABASE_URL}/mail/api/v1/${path}`)))!.json();
  const { messages } = await mail('messages');
  const found = messages.filter((m: { To: { Address: string }[] }) => m.To[0].Address === address);
  return Promise.all(
    found.map(async (m: { ID: string; Subject: string }) => {
      const { HTML } = await mail(`message/${m.ID}`);
      const link = new URL(/href="([^"]+)"/.exec(HTML)![1].replace(/&amp;/g, '&'));
      return {
        subject: m.Subject as string,
        type: link.searchParams.get('type'),
        token: (link.searchParams.get('token_hash') ?? link.searchParams.get('token'))!,
      };
    }),
  );
}
