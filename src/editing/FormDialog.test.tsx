import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HealthTipList from '../resources/health-tips/HealthTipList';
import NewsList from '../resources/news/NewsList';
import TagList from '../resources/tags/TagList';
import { renderList } from '../test/renderPage';
import { typeInto } from '../test/typeInto';
import { DEMO, signIn, setUpStandInServer } from '../test/standInServer';

const server = setUpStandInServer();
const WAIT = { timeout: 45_000 };
// Each flow renders a list and its dialogs on a shared machine: allow it its time.
const FLOW_TIMEOUT = 120_000;


/** The create/edit dialogs over the real data provider and the stand-in (RLS, constraints, 409s). */
describe('route-driven form dialogs', () => {
  beforeEach(() => signIn(DEMO.admin));

  it(
    'a failed save (a tag key that exists: 409) keeps the dialog open with everything typed; a good one closes it',
    async () => {
      const user = userEvent.setup();
      renderList('tags', <TagList />, '/admin/tags/create');
      const dialog = await screen.findByRole('dialog', { name: 'Create Tag' }, WAIT);
      await typeInto(user, within(dialog).getByRole('textbox', { name: 'Label' }), 'Second Organic');
      await typeInto(user, within(dialog).getByRole('textbox', { name: 'Key' }), 'organic');
      await typeInto(user, within(dialog).getByRole('textbox', { name: 'Icon' }), 'sprout');
      await user.click(within(dialog).getByRole('button', { name: 'Use colour #22c55e' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Failed to save tag', undefined, WAIT)).toBeInTheDocument();
      expect(dialog).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: 'Label' })).toHaveValue('Second Organic');
      expect(within(dialog).getByRole('textbox', { name: 'Key' })).toHaveValue('organic');
      expect(within(dialog).getByRole('textbox', { name: 'Icon' })).toHaveValue('sprout');
      expect(within(dialog).getByRole('textbox', { name: 'Color' })).toHaveValue('#22c55e');

      const key = `component-${Date.now()}`;
      await user.clear(within(dialog).getByRole('textbox', { name: 'Key' }));
      await typeInto(user, within(dialog).getByRole('textbox', { name: 'Key' }), `  ${key} `);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Tag created successfully', undefined, WAIT)).toBeInTheDocument();
      await waitFor(
        () => expect(screen.queryByRole('dialog', { name: 'Create Tag' })).not.toBeInTheDocument(),
        WAIT,
      );
      const { rows } = await server
        .db()
        .query('select label, icon, color, category, is_active, sort_order from public.tags where key = $1', [
          key,
        ]);
      expect(rows).toEqual([
        {
          label: 'Second Organic',
          icon: 'sprout',
          color: '#22c55e',
          category: 'general',
          is_active: true,
          sort_order: 0,
        },
      ]);
    },
    FLOW_TIMEOUT,
  );

  it(
    'closing with unsaved changes asks first: Keep editing keeps the input, Discard closes',
    async () => {
      const user = userEvent.setup();
      renderList('news', <NewsList />, '/admin/news/create');
      const dialog = await screen.findByRole('dialog', { name: 'Create News Article' }, WAIT);
      await typeInto(user, within(dialog).getByRole('textbox', { name: 'Title' }), 'Draft headline');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

      const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
      await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
      await waitFor(
        () =>
          expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).not.toBeInTheDocument(),
        WAIT,
      );
      expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Draft headline');

      await user.keyboard('{Escape}');
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', {
          name: 'Discard',
        }),
      );
      await waitFor(
        () => expect(screen.queryByRole('dialog', { name: 'Create News Article' })).not.toBeInTheDocument(),
        WAIT,
      );
      expect(
        await screen.findByRole('heading', { name: 'News Articles', level: 1 }, WAIT),
      ).toBeInTheDocument();
      const { rows } = await server.db().query("select 1 from public.news where title = 'Draft headline'");
      expect(rows).toHaveLength(0);
    },
    FLOW_TIMEOUT,
  );

  it(
    'an edit dialog loads the record, shows the rule under the field, and a pristine dialog closes without asking',
    async () => {
      const user = userEvent.setup();
      const { rows } = await server
        .db()
        .query<{ id: string; tip: string }>(
          'select id, tip from public.health_tips order by created_at desc limit 1',
        );
      renderList('health-tips', <HealthTipList />, `/admin/health-tips/${rows[0].id}`);
      const dialog = await screen.findByRole('dialog', { name: 'Edit Health Tip' }, WAIT);
      const field = await within(dialog).findByRole('textbox', { name: 'Health Tip Content' }, WAIT);
      expect(field).toHaveValue(rows[0].tip);
      expect(within(dialog).getByText(`${rows[0].tip.length} / 1000 characters`)).toBeInTheDocument();

      await user.clear(field);
      await typeInto(user, field, 'Too short');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('Tip must be at least 10 characters long')).toBeInTheDocument();
      expect(within(dialog).getByText('9 / 1000 characters')).toBeInTheDocument();

      await user.clear(field);
      await typeInto(user, field, rows[0].tip);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(
        () => expect(screen.queryByRole('dialog', { name: 'Edit Health Tip' })).not.toBeInTheDocument(),
        WAIT,
      );
      expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).not.toBeInTheDocument();
    },
    FLOW_TIMEOUT,
  );
});
