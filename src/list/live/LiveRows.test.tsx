import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { supabaseClient } from '../../providers/supabaseClient';
import { renderAdmin } from '../../test/renderAdmin';
import { DEMO, setUpStandInServer, signIn } from '../../test/standInServer';

const server = setUpStandInServer();
const WAIT = { timeout: 20_000 };

const insertMessage = (subject: string) =>
  server
    .db()
    .query<{ id: string }>(
      `insert into public.contact_messages (first_name, email, subject, message)
       values ('Live', 'live@example.com', $1, 'Sent while the inbox was open') returning id`,
      [subject],
    )
    .then(({ rows }) => rows[0].id);

const newCount = async () => {
  const { rows } = await server
    .db()
    .query<{ n: number }>(`select count(*)::int as n from public.contact_messages where status = 'new'`);
  return rows[0].n;
};

describe('a live list (the contact inbox)', { timeout: 90_000 }, () => {
  it('counts new messages in a bar and the sidebar badge, shows them on request, refreshes and marks changed rows', async () => {
    const before = await newCount();
    await signIn(DEMO.admin);
    renderAdmin('/admin/contact-messages');
    const table = await screen.findByRole('table', undefined, WAIT);
    const rowsBefore = (await within(table).findAllByRole('row', undefined, WAIT)).length;
    const badge = await screen.findByLabelText(`${before} new`, undefined, WAIT);
    expect(badge).toBeInTheDocument();
    // Realtime sends only what changes after a subscription is joined: wait for the list's own.
    await vi.waitFor(
      () =>
        expect(
          supabaseClient
            .getChannels()
            .find((channel) => channel.topic === 'realtime:admin:resource/contact-messages')?.state,
        ).toBe('joined'),
      WAIT,
    );

    const first = await insertMessage('Live one');
    await insertMessage('Live two');
    expect(await screen.findByText('2 new messages', undefined, WAIT)).toBeInTheDocument();
    // The rows stay where they were until the operator asks for the new ones.
    expect(within(table).getAllByRole('row')).toHaveLength(rowsBefore);
    expect(screen.queryByText('Live one')).not.toBeInTheDocument();
    expect(await screen.findByLabelText(`${before + 2} new`, undefined, WAIT)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Live one', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Live two')).toBeInTheDocument();
    expect(screen.queryByText('2 new messages')).not.toBeInTheDocument();

    // Someone else edits a shown row: it is refetched in place, with no bar.
    await server
      .db()
      .query(`update public.contact_messages set subject = 'Live one, edited' where id = $1`, [first]);
    expect(await screen.findByText('Live one, edited', undefined, WAIT)).toBeInTheDocument();

    // Someone else deletes a shown row: it stays, struck through, until the next refetch. The
    // other rows are not remounted (an operator's own delete pending in one would lose its toast).
    const other = screen.getByText('Live one, edited');
    await server.db().query(`delete from public.contact_messages where subject = 'Live two'`);
    await waitFor(
      () =>
        expect(screen.getByText('Live two').closest('td')).toHaveStyle({ textDecoration: 'line-through' }),
      WAIT,
    );
    expect(screen.getByText('Live one, edited')).toBe(other);
    await server.db().query(`delete from public.contact_messages where id = $1`, [first]);
  });
});
