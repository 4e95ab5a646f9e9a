import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { renderList, renderPage } from '../../test/renderPage';
import HealthTipList from '../health-tips/HealthTipList';
import { DEMO, setUpStandInServer, signIn } from '../../test/standInServer';
import { RecordHistory } from './RecordHistory';

const server = setUpStandInServer();
const WAIT = { timeout: 20_000 };

const FIRST = 'Drink a glass of water with every meal.';
const SECOND = 'Drink two glasses of water with every meal.';
const THIRD = 'Walk for twenty minutes after dinner.';

// One long flow (open, compare, confirm, restore, the trail): on a busy two-core machine it took
// just over the default 30 s once (load average 8), like the other whole-flow tests.
describe('a record’s History tab', { timeout: 90_000 }, () => {
  it('compares an old version with now word by word, and restores it after asking', async () => {
    const db = server.db();
    const { rows } = await db.query<{ id: string }>(
      `insert into public.health_tips (tip) values ($1) returning id`,
      [FIRST],
    );
    const id = rows[0].id;
    await db.query(`update public.health_tips set tip = $2 where id = $1`, [id, SECOND]);
    await db.query(`update public.health_tips set tip = $2 where id = $1`, [id, THIRD]);

    await signIn(DEMO.admin);
    renderList('health-tips', <HealthTipList />, `/admin/health-tips/${id}`);
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    await within(dialog).findByDisplayValue(THIRD, undefined, WAIT);
    await userEvent.click(within(dialog).getByRole('tab', { name: 'History' }));
    const history = await within(dialog).findByRole('list', { name: 'History' }, WAIT);
    const compare = within(history).getAllByRole('button', { name: 'Compare with now' });
    // Newest first: the two changes, then the creation.
    expect(compare).toHaveLength(3);
    await userEvent.click(compare[2]);

    const comparison = await within(dialog).findByRole(
      'region',
      { name: 'This version compared with now' },
      WAIT,
    );
    await within(comparison).findByText('tip', undefined, WAIT);
    // Word by word: the words only now has are struck, those only the version has are inserted.
    expect([...comparison.querySelectorAll('del')].map((e) => e.textContent)).toEqual([
      'Walk for twenty minutes after dinner.',
    ]);
    expect([...comparison.querySelectorAll('ins')].map((e) => e.textContent)).toEqual([FIRST]);

    await userEvent.click(within(comparison).getByRole('button', { name: 'Restore this version' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore this version?' }, WAIT);
    // Nothing is written before the confirmation.
    expect(
      (await db.query<{ tip: string }>('select tip from public.health_tips where id = $1', [id])).rows[0].tip,
    ).toBe(THIRD);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Restore this version' }));

    // The Details tab is back, its form showing the restored text, saved and audited as a restore.
    expect(await within(dialog).findByDisplayValue(FIRST, undefined, WAIT)).toBeVisible();
    expect(await screen.findByText('Version restored', undefined, WAIT)).toBeInTheDocument();
    await waitFor(async () => {
      const { rows: entries } = await db.query<{ action: string; actor_email: string; changes: unknown }>(
        `select action, actor_email, changes - 'restored_from' as changes from public.audit_log
          where resource = 'health_tips' and record_id = $1 order by id desc limit 1`,
        [id],
      );
      expect(entries[0]).toEqual({
        action: 'restore',
        actor_email: DEMO.admin.email,
        changes: { tip: { old: THIRD, new: FIRST } },
      });
    }, WAIT);
    // Its own restore is not taken for a colleague's save.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(within(dialog).queryByText(/saved a newer version/)).toBeNull();
  });

  it('refuses a restore after a colleague’s save with the question a refused save asks, and restores over it once told to', async () => {
    const db = server.db();
    const { rows } = await db.query<{ id: string }>(
      `insert into public.health_tips (tip) values ($1) returning id`,
      [FIRST],
    );
    const id = rows[0].id;
    await db.query(`update public.health_tips set tip = $2 where id = $1`, [id, SECOND]);

    await signIn(DEMO.admin);
    renderList('health-tips', <HealthTipList />, `/admin/health-tips/${id}`);
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    await within(dialog).findByDisplayValue(SECOND, undefined, WAIT);
    await userEvent.click(within(dialog).getByRole('tab', { name: 'History' }));
    const history = await within(dialog).findByRole('list', { name: 'History' }, WAIT);
    await userEvent.click(within(history).getAllByRole('button', { name: 'Compare with now' })[1]);
    const comparison = await within(dialog).findByRole(
      'region',
      { name: 'This version compared with now' },
      WAIT,
    );
    await within(comparison).findByText('tip', undefined, WAIT);
    // A colleague saves between the comparison and the confirmation.
    await db.query(`update public.health_tips set tip = $2 where id = $1`, [id, THIRD]);
    await userEvent.click(within(comparison).getByRole('button', { name: 'Restore this version' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore this version?' }, WAIT);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Restore this version' }));

    const question = await screen.findByRole('dialog', { name: 'Save over a newer version?' }, WAIT);
    expect(
      (await db.query<{ tip: string }>('select tip from public.health_tips where id = $1', [id])).rows[0].tip,
    ).toBe(THIRD);
    await userEvent.click(within(question).getByRole('button', { name: 'Save mine' }));
    expect(await within(dialog).findByDisplayValue(FIRST, undefined, WAIT)).toBeVisible();
    expect(
      (await db.query<{ tip: string }>('select tip from public.health_tips where id = $1', [id])).rows[0].tip,
    ).toBe(FIRST);
  });

  it('offers no Compare with now on a resource without versions (a contact message), even in a form', async () => {
    const db = server.db();
    await db.query(
      `insert into public.audit_log (action, resource, record_id, changes)
       values ('update', 'contact_messages', 'cm-history-1', '{"status": {"old": "new", "new": "read"}}')`,
    );
    await signIn(DEMO.admin);
    renderPage(
      <ResourceContextProvider value="contact-messages">
        <RecordContextProvider value={{ id: 'cm-history-1', status: 'read' }}>
          <Form>
            <RecordHistory table="contact_messages" id="cm-history-1" />
          </Form>
        </RecordContextProvider>
      </ResourceContextProvider>,
    );
    const history = await screen.findByRole('list', { name: 'History' }, WAIT);
    expect(within(history).getAllByRole('listitem')).toHaveLength(1);
    expect(within(history).queryByRole('button', { name: 'Compare with now' })).toBeNull();
  });
});
