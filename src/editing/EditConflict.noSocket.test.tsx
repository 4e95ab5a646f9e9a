import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ws } from 'msw';
import { supabaseClient } from '../providers/supabaseClient';
import NewsList from '../resources/news/NewsList';
import { renderList } from '../test/renderPage';
import { typeInto } from '../test/typeInto';
import { DEMO, setUpStandInServer, signIn } from '../test/standInServer';

const server = setUpStandInServer();
const WAIT = { timeout: 20_000 };

/**
 * Realtime never delivers: the socket opens, but no frame the admin sends reaches the Realtime
 * server (this handler runs before the stand-in's and stops each message there), so no channel
 * joins and no change is ever announced, as with a socket that a network drops silently.
 */
function silenceRealtime() {
  const link = ws.link('ws://localhost:54321/realtime/v1/websocket');
  server.msw().use(
    link.addEventListener('connection', ({ client }) => {
      client.addEventListener('message', (event) => event.stopPropagation());
    }),
  );
  // A socket an earlier test opened would still deliver: the next one opens under the handler above.
  supabaseClient.realtime.disconnect();
}

const titleOf = async (id: string) =>
  (await server.db().query<{ title: string }>('select title from public.news where id = $1', [id])).rows[0]
    .title;

describe('an edit dialog whose Realtime events never arrive', () => {
  it('still asks when the database refuses a save made from an older version, and Save mine then writes', async () => {
    silenceRealtime();
    const { rows } = await server
      .db()
      .query<{ id: string }>(
        `insert into public.news (title, content, source_url) values ('Socket down', 'Body', 'https://example.com/v') returning id`,
      );
    const id = rows[0].id;
    await signIn(DEMO.admin);
    const user = userEvent.setup();
    renderList('news', <NewsList />, `/admin/news/${id}`);
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    const title = await within(dialog).findByDisplayValue('Socket down', undefined, WAIT);
    await user.clear(title);
    await typeInto(user, title, 'My edit');

    // Another writer saves; nothing tells the dialog (no event comes).
    await server.db().query(`update public.news set title = 'Their edit' where id = $1`, [id]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // The database refused the save: their version stays, the dialog asks.
    const confirm = await screen.findByRole('dialog', { name: 'Save over a newer version?' }, WAIT);
    expect(confirm).toHaveTextContent(/saved this record at .*, after you opened it/);
    expect(await titleOf(id)).toBe('Their edit');
    expect(within(dialog).getByText(/^Someone saved a newer version at /)).toBeInTheDocument();
    expect(title).toHaveValue('My edit');
    // No realtime channel ever joined: the question came from the refused save alone.
    expect(supabaseClient.getChannels().some((channel) => channel.state === 'joined')).toBe(false);

    await user.click(within(confirm).getByRole('button', { name: 'Save mine' }));
    await waitFor(async () => expect(await titleOf(id)).toBe('My edit'), WAIT);
    expect(await screen.findByText('News article updated successfully', undefined, WAIT)).toBeInTheDocument();
  });
});
