import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { DEMO_ACCOUNTS } from '../../mocks/supabase/demoAccounts';
import HealthTipList from '../resources/health-tips/HealthTipList';
import { supabaseClient } from '../providers/supabaseClient';
import { renderList } from '../test/renderPage';
import { setUpStandInServer, signIn, SUPABASE_URL } from '../test/standInServer';

/**
 * A row's Delete when the list reads again before the delete is answered (the demo answers a write
 * only once IndexedDB holds it, seconds on a loaded machine; a search typed just before, or the
 * window regaining focus, reads the list meanwhile): the row leaves the table with its button, and
 * the toast with Undo must still come.
 */
const server = setUpStandInServer();
const WAIT = { timeout: 30_000 };
const editor = DEMO_ACCOUNTS.find((a) => a.email.startsWith('editor@'))!;
const TIP = 'Late answer: rinse fruit before you eat it.';

it(
  "shows the delete's toast with Undo when the row left the list before the answer",
  { timeout: 90_000 },
  async () => {
    await signIn(editor);
    const { data, error } = await supabaseClient
      .from('health_tips')
      .insert({ tip: TIP })
      .select('id')
      .single();
    if (error) throw error;
    // The delete is done by the stand-in at once, and answered only when the test says.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.msw().use(
      http.delete(`${SUPABASE_URL}/rest/v1/health_tips`, async ({ request }) => {
        const response = await server.standIn().handle(request);
        await answered;
        return response ?? undefined;
      }),
    );
    const user = userEvent.setup();
    renderList(
      'health-tips',
      <HealthTipList />,
      `/admin/health-tips?filter=${encodeURIComponent(JSON.stringify({ q: TIP }))}`,
    );
    const row = (await screen.findByText(TIP, undefined, WAIT)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    const gone = async () =>
      (await server.db().query('select 1 from public.health_tips where id = $1', [data.id])).rows.length ===
      0;
    await waitFor(async () => expect(await gone()).toBe(true), WAIT);

    // The window regains focus: react-query reads the list again, without the deleted row.
    window.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(screen.queryByText(TIP)).not.toBeInTheDocument(), WAIT);
    answer();

    const toast = (await screen.findByText('Health tip deleted successfully', undefined, WAIT)).closest(
      '[role="alert"]',
    )! as HTMLElement;
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(TIP, undefined, WAIT)).toBeInTheDocument();
    expect(await gone()).toBe(false);
  },
);
