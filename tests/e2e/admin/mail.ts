import { expect, type APIRequestContext } from '@playwright/test';

/** The link in the newest email to an address in the local mail sandbox (Mailpit's API), with its subject checked. */
export async function newestLink(request: APIRequestContext, to: string, subject: string): Promise<string> {
  const list = await (await request.get('/mail/api/v1/messages')).json();
  const summary = list.messages.find((m: { To: { Address: string }[] }) => m.To[0].Address === to);
  expect(summary).toBeDefined();
  const message = await (await request.get(`/mail/api/v1/message/${summary.ID}`)).json();
  expect(message.Subject).toBe(subject);
  return /href="([^"]+)"/.exec(message.HTML)![1].replace(/&amp;/g, '&');
}
