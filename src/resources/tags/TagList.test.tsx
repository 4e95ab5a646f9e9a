import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderList } from '../../test/renderPage';
import { DEMO, setUpStandInServer, signIn } from '../../test/standInServer';
import { bodyRows, cellsOf } from '../../test/tableRows';
import TagList from './TagList';

const server = setUpStandInServer();
const WAIT = { timeout: 20_000 };

/** The tag labels of the table's rows, once a page has loaded. */
async function shownLabels() {
  await screen.findByText(/^1-25 of 28$/, {}, WAIT);
  return bodyRows(screen.getByRole('table')).map((row) => cellsOf(row)[1].textContent);
}

/** A column header's sort label (react-admin's TableSortLabel carries the column in data-field). */
const header = (name: string) =>
  within(screen.getByRole('table')).getByText(name, { exact: true }).closest<HTMLElement>('[data-field]')!;

/** The headers marked as sort keys, each with its arrow's direction, in the table's column order. */
const sortArrows = () =>
  Array.from(screen.getByRole('table').querySelectorAll<HTMLElement>('thead [data-field].Mui-active')).map(
    (label) => [
      label.dataset.field,
      label.querySelector('svg')!.getAttribute('class')!.includes('iconDirectionDesc') ? 'desc' : 'asc',
    ],
  );

const labelsInOrder = async (orderBy: string) =>
  (
    await server.db().query<{ label: string }>(`select label from public.tags order by ${orderBy} limit 25`)
  ).rows.map((r) => r.label);

describe('Tags list sorting', { timeout: 60_000 }, () => {
  beforeEach(() => signIn(DEMO.admin));

  it('sorts by category then sort order; shift-click adds or flips a key, a plain click sorts by one', async () => {
    const user = userEvent.setup();
    renderList('tags', <TagList />, '/admin/tags');
    expect(await shownLabels()).toEqual(await labelsInOrder('category, sort_order, id'));
    expect(sortArrows()).toEqual([
      ['category', 'asc'],
      ['sort_order', 'asc'],
    ]);

    // Shift-click on Sort: the second key flips to descending, the first stays.
    await user.keyboard('{Shift>}');
    await user.click(header('Sort'));
    await user.keyboard('{/Shift}');
    await screen.findByText(/^1-25 of 28$/, {}, WAIT);
    await expect
      .poll(async () => shownLabels(), WAIT)
      .toEqual(await labelsInOrder('category, sort_order desc, id desc'));
    expect(sortArrows()).toEqual([
      ['category', 'asc'],
      ['sort_order', 'desc'],
    ]);

    // Shift-click on Key adds it as a third key (ascending).
    await user.keyboard('{Shift>}');
    await user.click(header('Key'));
    await user.keyboard('{/Shift}');
    await expect
      .poll(async () => shownLabels(), WAIT)
      .toEqual(await labelsInOrder('category, sort_order desc, key, id'));

    // A plain click on Key: one key, as react-admin sorts.
    await user.click(header('Key'));
    await expect.poll(async () => shownLabels(), WAIT).toEqual(await labelsInOrder('key, id'));
    expect(sortArrows()).toEqual([['key', 'asc']]);
  });
});
