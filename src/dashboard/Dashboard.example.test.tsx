/**
 * The worked example of docs/testing.md: a screen tested against the stand-in through MSW, with the
 * seeded demo data plus rows this test adds itself.
 */
import { screen, within } from '@testing-library/react';
import { renderAdmin } from '../test/renderAdmin';
import { DEMO, setUpStandInServer, signIn } from '../test/standInServer';
import { formatCount } from '../domain/format';
import { idPrefix } from '../domain/adminRecords';

// 1. One seeded database for this file, behind the Supabase URLs, reached through MSW.
const standIn = setUpStandInServer();
const WAIT = { timeout: 20_000 };

// x-charts measures itself with ResizeObserver, which jsdom lacks.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

// 3. Remove what the test added, so later tests in this file see the seeded data again.
afterEach(async () => {
  await standIn.db().query("delete from public.scans where category = 'worked-example'");
});

it('shows scans a test adds: counted, newest first, unnamed ones as Scan and the id prefix', async () => {
  // 2. Per-test data, written straight into the database (as its owner, so RLS does not apply here).
  const before = await standIn.db().query<{ n: number }>('select count(*)::int as n from public.scans');
  const { rows: added } = await standIn.db().query<{ id: string }>(
    `insert into public.scans (name, health_score, category, created_at)
     values (null, 35, 'worked-example', now() + interval '2 minutes'),
            ('Masala oats (worked example)', 85, 'worked-example', now() + interval '1 minute')
     returning id`,
  );

  // The screen, as an admin sees it: signed in through the stand-in's /auth/v1, data from /rest/v1.
  await signIn(DEMO.admin);
  renderAdmin('/admin/dashboard');

  // Wait for what appears only once the figures have arrived (skeletons show before).
  await screen.findByText(/^Last updated /, undefined, WAIT);
  const total = screen.getByRole('region', { name: 'Total Scans' });
  expect(within(total).getByTestId('stat-value')).toHaveTextContent(formatCount(before.rows[0].n + 2));

  const recent = screen.getByRole('region', { name: 'Recent Scans' });
  const items = within(recent).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent(`Scan ${idPrefix(added[0].id)}`);
  expect(within(items[0]).getByText('35')).toBeInTheDocument(); // the score badge
  expect(items[1]).toHaveTextContent('Masala oats (worked example)');
  expect(within(items[1]).getByText('85')).toBeInTheDocument();
}, 60_000); // the first render loads react-admin and the database in this process
