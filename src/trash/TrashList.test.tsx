import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { DEMO_ACCOUNTS } from '../../mocks/supabase/demoAccounts';
import HealthTipList from '../resources/health-tips/HealthTipList';
import TagList from '../resources/tags/TagList';
import { supabaseClient } from '../providers/supabaseClient';
import { renderPage } from '../test/renderPage';
import { DEMO, setUpStandInServer, signIn } from '../test/standInServer';
import TrashList from './TrashList';

/**
 * The Trash screen and the delete toast's Undo, below <Admin> over the real data provider and the
 * stand-in: what each role may do there, and that Undo and Restore bring rows back.
 */
const server = setUpStandInServer();
const WAIT = { timeout: 30_000 };
const editor = DEMO_ACCOUNTS.find((a) => a.email.startsWith('editor@'))!;

const inList = (resource: string, list: React.ReactNode, path: string) =>
  renderPage(<ResourceContextProvider value={resource}>{list}</ResourceContextProvider>, path);
const exists = async (table: string, id: string) =>
  (await server.db().query(`select 1 from public.${table} where id = $1`, [id])).rows.length === 1;

async function trashedTip(text: string) {
  const { data, error } = await supabaseClient
    .from('health_tips')
    .insert({ tip: text })
    .select('id')
    .single();
  if (error) throw error;
  await supabaseClient.from('health_tips').delete().eq('id', data.id);
  return data.id as string;
}

describe('the Trash screen', { timeout: 90_000 }, () => {
  it('an editor finds what was deleted, by whom and when, and restores it; Delete forever is not offered', async () => {
    await signIn(editor);
    const id = await trashedTip('Trash screen: drink water before you feel thirsty.');
    const user = userEvent.setup();
    inList(
      'trash',
      <TrashList />,
      `/admin/trash?filter=${encodeURIComponent(JSON.stringify({ q: 'Trash screen' }))}`,
    );
    const row = (
      await screen.findByText('Trash screen: drink water before you feel thirsty.', undefined, WAIT)
    ).closest('tr')!;
    expect(within(row).getByText('Health tip')).toBeInTheDocument();
    expect(within(row).getByText(editor.email)).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete forever' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Deleted items stay here for 30 days, then are deleted forever.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored', undefined, WAIT)).toBeInTheDocument();
    expect(await exists('health_tips', id)).toBe(true);
    await waitFor(
      () =>
        expect(
          screen.queryByText('Trash screen: drink water before you feel thirsty.'),
        ).not.toBeInTheDocument(),
      WAIT,
    );
  });

  it('says when the last purge failed and why, until a run succeeds', async () => {
    const db = server.db();
    const record = (ranAt: string, reason: string | null) =>
      db.query(`insert into public.trash_purge_runs (ran_at, succeeded, reason) values ($1, $2, $3)`, [
        ranAt,
        reason === null,
        reason,
      ]);
    const notice =
      'The last purge failed at 24 Nov 2026, 14:05 IST: Could not remove objects from news-screenshots: object store unavailable. It will be retried.';
    try {
      await record('2026-11-23T08:35:00Z', null);
      await record(
        '2026-11-24T08:35:00Z',
        'Could not remove objects from news-screenshots: object store unavailable',
      );
      await signIn(editor);
      const first = inList('trash', <TrashList />, '/admin/trash');
      expect(await screen.findByText(notice, undefined, WAIT)).toBeInTheDocument();
      first.unmount();

      await record('2026-11-25T08:35:00Z', null);
      inList('trash', <TrashList />, '/admin/trash');
      await screen.findByText(
        'Deleted items stay here for 30 days, then are deleted forever.',
        undefined,
        WAIT,
      );
      expect(screen.queryByText(/The last purge failed/)).not.toBeInTheDocument();
    } finally {
      await db.query(`delete from public.trash_purge_runs`);
    }
  });

  it('a restore of a row whose id is in use again says so, and the entry stays', async () => {
    await signIn(editor);
    const id = await trashedTip('Trash screen: a tip whose id is taken again.');
    // POST /rest/v1/health_tips {"id": <the trashed tip's id>, ...}
    const { error } = await supabaseClient
      .from('health_tips')
      .insert({ id, tip: 'A new tip under an old id.' });
    if (error) throw error;
    const user = userEvent.setup();
    inList(
      'trash',
      <TrashList />,
      `/admin/trash?filter=${encodeURIComponent(JSON.stringify({ q: 'whose id is taken' }))}`,
    );
    const text = 'Trash screen: a tip whose id is taken again.';
    const row = (await screen.findByText(text, undefined, WAIT)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Restore' }));
    expect(
      await screen.findByText(
        'Could not restore it: a record with the same id exists now. It stays in the trash.',
        undefined,
        WAIT,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText(text, undefined, WAIT)).toBeInTheDocument();
    expect((await server.db().query(`select tip from public.health_tips where id = $1`, [id])).rows).toEqual([
      { tip: 'A new tip under an old id.' },
    ]);
    expect(
      (await server.db().query(`select record ->> 'tip' as tip from public.trash where record_id = $1`, [id]))
        .rows,
    ).toEqual([{ tip: text }]);
  });

  it('an owner deletes forever after confirming, and sets how long deleted items stay', async () => {
    await signIn(DEMO.admin);
    const id = await trashedTip('Trash screen: an owner removes this tip for good.');
    const user = userEvent.setup();
    inList(
      'trash',
      <TrashList />,
      `/admin/trash?filter=${encodeURIComponent(JSON.stringify({ q: 'for good' }))}`,
    );
    const row = (
      await screen.findByText('Trash screen: an owner removes this tip for good.', undefined, WAIT)
    ).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete forever' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete forever?' });
    expect(
      within(confirm).getByText('This item and its files will be removed for good. This cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByText('Deleted forever', undefined, WAIT)).toBeInTheDocument();
    expect((await server.db().query(`select 1 from public.trash where record_id = $1`, [id])).rows).toEqual(
      [],
    );

    await user.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'How long deleted items stay' });
    const days = within(dialog).getByRole('textbox', { name: 'Days' });
    await user.clear(days);
    await user.type(days, '400');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a whole number of days from 1 to 365.')).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '14');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Deleted items now stay for 14 days', undefined, WAIT),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Deleted items stay here for 14 days, then are deleted forever.'),
    ).toBeInTheDocument();
    expect(
      (await server.db().query(`select trash_retention_days as d from public.admin_settings`)).rows,
    ).toEqual([{ d: 14 }]);
    await server.db().query(`update public.admin_settings set trash_retention_days = 30`);
  });
});

describe('Undo in the delete toast', { timeout: 90_000 }, () => {
  it("a deleted health tip comes back with the toast's Undo (a toast with a heading)", async () => {
    await signIn(editor);
    const { data, error } = await supabaseClient
      .from('health_tips')
      .insert({ tip: 'Undo test: eat slowly and stop when you are full.' })
      .select('id')
      .single();
    if (error) throw error;
    const user = userEvent.setup();
    inList(
      'health-tips',
      <HealthTipList />,
      `/admin/health-tips?filter=${encodeURIComponent(JSON.stringify({ q: 'Undo test' }))}`,
    );
    const row = (
      await screen.findByText('Undo test: eat slowly and stop when you are full.', undefined, WAIT)
    ).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    const toast = (await screen.findByText('Health tip deleted successfully', undefined, WAIT)).closest(
      '[role="alert"]',
    )! as HTMLElement;
    expect(await exists('health_tips', data.id)).toBe(false);
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Restored', undefined, WAIT)).toBeInTheDocument();
    expect(await exists('health_tips', data.id)).toBe(true);
    expect(
      await screen.findByText('Undo test: eat slowly and stop when you are full.', undefined, WAIT),
    ).toBeInTheDocument();
  });

  it('two quick deletes: Undo in each toast brings back its own tip, with no "Leave site?" prompt', async () => {
    await signIn(editor);
    const tips = ['Two undos: A, walk after meals.', 'Two undos: B, sleep eight hours.'];
    const { data, error } = await supabaseClient
      .from('health_tips')
      .insert(tips.map((tip) => ({ tip })))
      .select('id, tip');
    if (error) throw error;
    const idOf = (tip: string) => data.find((r) => r.tip === tip)!.id as string;
    const user = userEvent.setup();
    inList(
      'health-tips',
      <HealthTipList />,
      `/admin/health-tips?filter=${encodeURIComponent(JSON.stringify({ q: 'Two undos' }))}`,
    );
    for (const tip of tips) {
      const row = (await screen.findByText(tip, undefined, WAIT)).closest('tr')!;
      await user.click(within(row).getByRole('button', { name: 'Delete' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
      await waitFor(async () => expect(await exists('health_tips', idOf(tip))).toBe(false), WAIT);
    }
    // No beforeunload handler asks to stay: the deletes are already done on the server.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    // One toast at a time: A's, then B's once A's has closed.
    for (const tip of tips) {
      const toast = (await screen.findByText('Health tip deleted successfully', undefined, WAIT)).closest(
        '[role="alert"]',
      )! as HTMLElement;
      await user.click(within(toast).getByRole('button', { name: 'Undo' }));
      await waitFor(async () => expect(await exists('health_tips', idOf(tip))).toBe(true), WAIT);
      await waitFor(() => expect(toast).not.toBeInTheDocument(), WAIT);
    }
    for (const tip of tips) expect(await exists('health_tips', idOf(tip))).toBe(true);
  });

  it("bulk-deleted tags come back with the toast's Undo", async () => {
    await signIn(editor);
    const { data, error } = await supabaseClient
      .from('tags')
      .insert([
        { key: 'undo-a', label: 'Undo A', icon: 'tag', color: '#112233', category: 'general' },
        { key: 'undo-b', label: 'Undo B', icon: 'tag', color: '#112233', category: 'general' },
      ])
      .select('id');
    if (error) throw error;
    const user = userEvent.setup();
    inList('tags', <TagList />, `/admin/tags?filter=${encodeURIComponent(JSON.stringify({ q: 'Undo ' }))}`);
    await screen.findByText('Undo A', undefined, WAIT);
    await user.click(screen.getByRole('checkbox', { name: /select all/i }));
    // The bulk toolbar's Delete (each row has its own too).
    const bulkDelete = screen
      .getAllByRole('button', { name: 'Delete' })
      .find((b) => !b.classList.contains('ra-delete-button'))!;
    await user.click(bulkDelete);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('2 tags deleted successfully', undefined, WAIT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('2 items restored', undefined, WAIT)).toBeInTheDocument();
    for (const { id } of data) expect(await exists('tags', id)).toBe(true);
  });
});
