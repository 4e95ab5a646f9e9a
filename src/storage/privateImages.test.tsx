import { screen, waitFor, within } from '@testing-library/react';
import { renderAdmin } from '../test/renderAdmin';
import { DEMO, setUpStandInServer, signIn } from '../test/standInServer';

const server = setUpStandInServer();
const WAIT = { timeout: 20_000 };
const DEMO_USER = '00000000-0000-4000-8000-000000000002';

describe('private images in lists', { timeout: 60_000 }, () => {
  it('signs a scans page in one request; a missing object shows the placeholder, not a broken image', async () => {
    // One of the demo user's scans points at an object that is not there.
    const { rows: gone } = await server.db().query<{ name: string }>(
      `update public.scans set image_path = $1 where id = (select id from public.scans
          where user_id = $2 and image_path is null order by created_at desc limit 1)
       returning name`,
      [`${DEMO_USER}/gone.png`, DEMO_USER],
    );
    const signings: string[] = [];
    server.msw().events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname.startsWith('/storage/v1/object/sign/'))
        signings.push(new URL(request.url).pathname);
    });
    await signIn(DEMO.admin);
    renderAdmin(`/admin/scans?filter=${encodeURIComponent(JSON.stringify({ user_id: DEMO_USER }))}`);
    await screen.findByText('1-12 of 12', undefined, WAIT);
    const table = screen.getByRole('table');
    await waitFor(() => expect(table.querySelectorAll('img')).toHaveLength(6), WAIT);
    const sources = [...table.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '');
    for (const src of sources)
      expect(src).toMatch(
        new RegExp(`/storage/v1/object/sign/scan-images/${DEMO_USER}/label-[1-6]\\.png\\?token=`),
      );
    expect(signings).toEqual(['/storage/v1/object/sign/scan-images']);
    // The rows without a photo, and the one whose object is gone, show the placeholder: every row
    // shows exactly one of the two, and no image that failed to load.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    const shown = (row: HTMLElement) =>
      [
        ...Array.from(row.querySelectorAll('img'), () => 'photo'),
        ...Array.from(row.querySelectorAll('[data-testid="ImageIcon"]'), () => 'placeholder'),
      ].join();
    expect(rows.map(shown).sort()).toEqual(
      [...Array(6).fill('photo'), ...Array(6).fill('placeholder')].sort(),
    );
    const goneRow = within(table).getByText(gone[0].name).closest('tr')!;
    expect(shown(goneRow)).toBe('placeholder');
  });
});
