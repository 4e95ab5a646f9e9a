import type { Tables } from '../../database.types';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderList } from '../../test/renderPage';
import { DEMO, setUpStandInServer, signIn } from '../../test/standInServer';
import { bodyRows, cellsOf } from '../../test/tableRows';
import ScanList from './ScanList';

const server = setUpStandInServer();
const WAIT = { timeout: 20_000 };

/** A scan as the list shows it, with its owner's email read from auth.users. */
type ScanRow = Pick<Tables<'scans'>, 'id' | 'name' | 'category' | 'health_score'> & { email: string | null };

const newestScans = async (limit: number) =>
  (
    await server.db().query<ScanRow>(
      `select s.id, s.name, s.category, s.health_score, u.email::text as email
         from public.scans s left join auth.users u on u.id = s.user_id
        order by s.created_at desc limit $1`,
      [limit],
    )
  ).rows;

/** The table's body rows, once the first page has loaded (the pagination shows its range). */
async function dataRows() {
  await screen.findByText(/^1-\d+ of \d+$/, {}, WAIT);
  return bodyRows(screen.getByRole('table'));
}

const bandLabel = (score: number | null) =>
  score === null ? 'N/A' : score >= 80 ? 'Excellent' : score >= 60 ? 'Good' : score >= 40 ? 'Fair' : 'Poor';

describe('Food Scans list', { timeout: 60_000 }, () => {
  beforeEach(() => signIn(DEMO.admin));

  it('shows the first 25 scans, newest first, with band, owner and count', async () => {
    const expected = await newestScans(25);
    const total = (await server.db().query<{ n: number }>('select count(*)::int as n from public.scans'))
      .rows[0].n;
    renderList('scans', <ScanList />, '/admin/scans');
    const rows = await dataRows();
    expect(rows).toHaveLength(Math.min(25, total));
    expected.forEach((scan, i) => {
      const cells = cellsOf(rows[i]);
      expect(cells[0]).toHaveTextContent(scan.name || `Scan ${scan.id.slice(0, 8)}`);
      expect(cells[1]).toHaveTextContent(scan.category ?? '');
      expect(cells[2]).toHaveTextContent(bandLabel(scan.health_score));
      expect(cells[4]).toHaveTextContent(scan.email ?? 'Anonymous');
    });
    expect(screen.getByText(`1-${Math.min(25, total)} of ${total}`)).toBeInTheDocument();
  });

  it('opens the details dialog from the eye button, with every field', async () => {
    const [scan] = await newestScans(1);
    const { rows } = await server
      .db()
      .query<{ ingredients: string[]; nutrition_facts: unknown }>(
        'select ingredients, nutrition_facts from public.scans where id = $1',
        [scan.id],
      );
    renderList('scans', <ScanList />, '/admin/scans');
    const [firstRow] = await dataRows();
    await userEvent.click(within(firstRow).getByRole('link', { name: 'Show' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await within(dialog).findByText('Nutrition Facts', {}, WAIT);
    for (const section of [
      'Analysis',
      'Ingredients',
      'Health Benefits',
      'Health Risks',
      'Allergens',
      'Healthy Recipe',
    ])
      expect(within(dialog).getByText(section)).toBeInTheDocument();
    for (const ingredient of rows[0].ingredients)
      expect(within(dialog).getAllByText(ingredient).length).toBeGreaterThan(0);
    expect(within(dialog).getByTestId('nutrition-facts').textContent).toBe(
      JSON.stringify(rows[0].nutrition_facts ?? {}, null, 2),
    );
  });

  it('says so when a linked scan does not exist', async () => {
    renderList('scans', <ScanList />, '/admin/scans/00000000-0000-4000-8000-00000000dead/show');
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(
      await within(dialog).findByText(
        'This scan does not exist. It may have been deleted, or the link is wrong.',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
  });

  it('shows an error with Retry when loading fails, and the rows after a retry', async () => {
    let failing = true;
    server
      .msw()
      .use(
        http.get('http://localhost:54321/rest/v1/admin_scans', () =>
          failing
            ? HttpResponse.json(
                { code: 'XX000', message: 'boom', details: null, hint: null },
                { status: 500 },
              )
            : undefined,
        ),
      );
    renderList('scans', <ScanList />, '/admin/scans');
    const retry = await screen.findByRole('button', { name: 'Retry' }, WAIT);
    expect(screen.getByText('Could not load the list.')).toBeInTheDocument();
    failing = false;
    await userEvent.click(retry);
    expect((await dataRows()).length).toBeGreaterThan(0);
    expect(screen.queryByText('Could not load the list.')).not.toBeInTheDocument();
  });

  it('shows skeleton rows while the first page loads', async () => {
    // The first page is held until the skeleton has been seen, then let through to the stand-in.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.msw().use(
      http.get('http://localhost:54321/rest/v1/admin_scans', async () => {
        await held;
        return undefined;
      }),
    );
    renderList('scans', <ScanList />, '/admin/scans');
    expect(await screen.findByTestId('list-skeleton', {}, WAIT)).toBeInTheDocument();
    release();
    expect((await dataRows()).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('list-skeleton')).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no scans', async () => {
    await server.db().query('delete from public.scans');
    renderList('scans', <ScanList />, '/admin/scans');
    expect(await screen.findByText('No scans yet', {}, WAIT)).toBeInTheDocument();
  });
});
