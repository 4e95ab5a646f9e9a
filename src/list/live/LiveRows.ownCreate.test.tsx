import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HealthTipList from '../../resources/health-tips/HealthTipList';
import { supabaseClient } from '../../providers/supabaseClient';
import { renderList } from '../../test/renderPage';
import { typeInto } from '../../test/typeInto';
import { DEMO, setUpStandInServer, signIn } from '../../test/standInServer';

const server = setUpStandInServer();
const WAIT = { timeout: 30_000 };

describe("a live list's bar of new rows", { timeout: 90_000 }, () => {
  it("does not count the operator's own create, which the list shows; another session's insert is counted", async () => {
    await signIn(DEMO.admin);
    const user = userEvent.setup();
    renderList('health-tips', <HealthTipList />, '/admin/health-tips/create');
    const dialog = await screen.findByRole('dialog', { name: 'Add Health Tip' }, WAIT);
    // Realtime sends only what changes after a subscription is joined: wait for the list's own.
    await vi.waitFor(
      () =>
        expect(
          supabaseClient
            .getChannels()
            .find((channel) => channel.topic === 'realtime:admin:resource/health-tips')?.state,
        ).toBe('joined'),
      WAIT,
    );
    const mine = 'Own create: chew each bite twenty times.';
    await typeInto(user, within(dialog).getByRole('textbox', { name: 'Health Tip Content' }), mine);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(mine, undefined, WAIT)).toBeInTheDocument();
    // The create's own Realtime event has had its time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.queryByText(/new health tip/)).not.toBeInTheDocument();

    await server
      .db()
      .query(`insert into public.health_tips (tip) values ('Another session: walk after meals.')`);
    expect(await screen.findByText('1 new health tip', undefined, WAIT)).toBeInTheDocument();
    expect(screen.queryByText('Another session: walk after meals.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Another session: walk after meals.', undefined, WAIT)).toBeInTheDocument();
    expect(screen.queryByText(/new health tip/)).not.toBeInTheDocument();
  });
});
