import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderAdmin } from '../../test/renderAdmin';
import { renderList } from '../../test/renderPage';
import { DEMO, setUpStandInServer, signIn } from '../../test/standInServer';
import { bodyRows, cellsOf } from '../../test/tableRows';
import ChatList from './ChatList';

const server = setUpStandInServer();
const WAIT = { timeout: 20_000 };

async function dataRows() {
  await screen.findByText(/^1-\d+ of \d+$/, {}, WAIT);
  return bodyRows(screen.getByRole('table'));
}

describe('Chat Sessions list', { timeout: 60_000 }, () => {
  beforeEach(() => signIn(DEMO.admin));

  it('shows chats newest first with user (or Anonymous) and message count', async () => {
    const { rows: expected } = await server.db().query<{ title: string; email: string | null; n: number }>(
      `select c.title, u.email::text as email, (select count(*)::int from public.messages m where m.chat_id = c.id) as n
         from public.chats c left join auth.users u on u.id = c.user_id
        order by c.created_at desc limit 25`,
    );
    renderList('chats', <ChatList />, '/admin/chats');
    const rows = await dataRows();
    expect(rows).toHaveLength(expected.length);
    expected.forEach((chat, i) => {
      const cells = cellsOf(rows[i]);
      expect(cells[0]).toHaveTextContent(chat.title);
      expect(cells[1]).toHaveTextContent(chat.email ?? 'Anonymous');
      expect(cells[2]).toHaveTextContent(String(chat.n));
    });
  });

  it("lists a chat's messages oldest first, styled by role", async () => {
    const { rows } = await server.db().query<{ chat_id: string; role: string; content: string }>(
      `select chat_id, role, content from public.messages
        where chat_id = (select chat_id from public.messages group by chat_id order by count(*) desc, chat_id limit 1)
        order by created_at, id`,
    );
    renderList('chats', <ChatList />, `/admin/chats/${rows[0].chat_id}/show`);
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const messages = await within(dialog).findAllByTestId('chat-message', {}, WAIT);
    expect(messages).toHaveLength(rows.length);
    expect(new Set(rows.map((m) => m.role)).size).toBeGreaterThan(1);
    rows.forEach((message, i) => {
      expect(messages[i]).toHaveAttribute('data-role', message.role);
      expect(messages[i]).toHaveTextContent(message.content);
    });
  });

  it('says "No messages found in this chat" for an empty chat', async () => {
    const { rows } = await server
      .db()
      .query<{ id: string }>(`insert into public.chats (title) values ('zq empty chat') returning id`);
    renderList('chats', <ChatList />, `/admin/chats/${rows[0].id}/show`);
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(await within(dialog).findByText('No messages found in this chat', {}, WAIT)).toBeInTheDocument();
    expect(within(dialog).getByText('Anonymous')).toBeInTheDocument();
  });

  it('says so when a linked chat does not exist, and Close returns to the list', async () => {
    // The whole admin: Close navigates back to the list's route.
    renderAdmin('/admin/chats/not-a-chat-id/show');
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(
      await within(dialog).findByText(
        'This chat does not exist. It may have been deleted, or the link is wrong.',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    // The list behind stays hidden from assistive technology until the dialog's exit transition ends.
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'), WAIT);
    expect(await dataRows()).toHaveLength(25);
  });

  it('shows an error with Retry when loading fails', async () => {
    let failing = true;
    server
      .msw()
      .use(
        http.get('http://localhost:54321/rest/v1/admin_chats', () =>
          failing
            ? HttpResponse.json(
                { code: 'XX000', message: 'boom', details: null, hint: null },
                { status: 500 },
              )
            : undefined,
        ),
      );
    renderList('chats', <ChatList />, '/admin/chats');
    const retry = await screen.findByRole('button', { name: 'Retry' }, WAIT);
    failing = false;
    await userEvent.click(retry);
    expect((await dataRows()).length).toBeGreaterThan(0);
  });

  it('shows the empty state when there are no chats', async () => {
    await server.db().query('delete from public.chats');
    renderList('chats', <ChatList />, '/admin/chats');
    expect(await screen.findByText('No chats yet', {}, WAIT)).toBeInTheDocument();
  });
});
