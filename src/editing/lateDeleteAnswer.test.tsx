import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { DEMO_ACCOUNTS } from '../../mocks/supabase/demoAccounts';
import HealthTipList from '../resources/health-tips/HealthTipList';
import TagList from '../resources/tags/TagList';
import { supabaseClient } from '../providers/supabaseClient';
import { renderList } from '../test/renderPage';
import { setUpStandInServer, signIn, SUPABASE_URL } from '../test/standInServer';

/**
 * A delete whose answer comes after the list was read again (the demo answers a write only once
 * IndexedDB holds it, seconds on a loaded machine; a search typed just before, or the window
 * regaining focus, reads the list meanwhile): the rows leave the table with the button that
 * deleted them, and the toast with Undo must still come.
 */
const server = setUpStandInServer();
const WAIT = { timeout: 30_000 };
const editor = DEMO_ACCOUNTS.find((a) => a.email.startsWith('editor@'))!;

/** Deletes of `table` are done by the stand-in at once and answered when the test calls the result. */
function answerDeletesLate(table: string): () => void {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  server.msw().use(
    http.delete(`${SUPABASE_URL}/rest/v1/${table}`, async ({ request }) => {
      const response = await server.standIn().handle(request);
      await answered;
      return response ?? undefined;
    }),
  );
  return answer;
}

const count = async (table: string, ids: readonly string[]) =>
  (await server.db().query(`select 1 from public.${table} where id = any($1)`, [ids])).rows.length;

/** The window regains focus: react-query reads the list again, without the deleted rows. */
async function readAgainWithout(text: string) {
  window.dispatchEvent(new Event('visibilitychange'));
  await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument(), WAIT);
}

const toastWith = async (text: string) =>
  (await screen.findByText(text, undefined, WAIT)).closest('[role="alert"]')! as HTMLElement;

describe('a delete answered after the list was read again', { timeout: 90_000 }, () => {
  it("a row's Delete still shows its toast, whose Undo brings the tip back", async () => {
    await signIn(editor);
    const tip = 'Late answer: rinse fruit before you eat it.';
    const { data, error } = await supabaseClient.from('health_tips').insert({ tip }).select('id').single();
    if (error) throw error;
    const answer = answerDeletesLate('health_tips');
    const user = userEvent.setup();
    renderList(
      'health-tips',
      <HealthTipList />,
      `/admin/health-tips?filter=${encodeURIComponent(JSON.stringify({ q: tip }))}`,
    );
    const row = (await screen.findByText(tip, undefined, WAIT)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(async () => expect(await count('health_tips', [data.id])).toBe(0), WAIT);
    await readAgainWithout(tip);
    answer();

    const toast = await toastWith('Health tip deleted successfully');
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(tip, undefined, WAIT)).toBeInTheDocument();
    expect(await count('health_tips', [data.id])).toBe(1);
  });

  it('a bulk delete of every shown row (the toolbar goes with them) still shows its toast and Undo', async () => {
    await signIn(editor);
    const { data, error } = await supabaseClient
      .from('tags')
      .insert([
        { key: 'late-a', label: 'Late A', icon: 'tag', color: '#112233', category: 'general' },
        { key: 'late-b', label: 'Late B', icon: 'tag', color: '#112233', category: 'general' },
      ])
      .select('id');
    if (error) throw error;
    const ids = data.map((r) => r.id as string);
    const answer = answerDeletesLate('tags');
    const user = userEvent.setup();
    renderList(
      'tags',
      <TagList />,
      `/admin/tags?filter=${encodeURIComponent(JSON.stringify({ q: 'Late ' }))}`,
    );
    await screen.findByText('Late A', undefined, WAIT);
    await user.click(screen.getByRole('checkbox', { name: /select all/i }));
    // The bulk toolbar's Delete (each row has its own too).
    const bulkDelete = screen
      .getAllByRole('button', { name: 'Delete' })
      .find((b) => !b.classList.contains('ra-delete-button'))!;
    await user.click(bulkDelete);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(async () => expect(await count('tags', ids)).toBe(0), WAIT);
    await readAgainWithout('Late A');
    answer();

    const toast = await toastWith('2 tags deleted successfully');
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('2 items restored', undefined, WAIT)).toBeInTheDocument();
    expect(await count('tags', ids)).toBe(2);
  });
});
