import { screen, waitFor } from '@testing-library/react';
import { SIGNED_URL_SECONDS } from '../domain/storage';
import { renderAdmin } from '../test/renderAdmin';
import { DEMO, setUpStandInServer, signIn } from '../test/standInServer';

import { signedUrlLife } from './signedUrls';

// URLs that last 62 s: renewed a minute before they lapse, every 2 s here.
beforeEach(() => void (signedUrlLife.seconds = 62));
afterEach(() => void (signedUrlLife.seconds = SIGNED_URL_SECONDS));

const server = setUpStandInServer();
const WAIT = { timeout: 20_000 };
const DEMO_USER = '00000000-0000-4000-8000-000000000002';
const photoSources = () =>
  [...document.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '').sort();

describe("a person's page", { timeout: 60_000 }, () => {
  it('renews the label photos’ signed URLs before they lapse, all in one request each time', async () => {
    const signings: string[] = [];
    server.msw().events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname.startsWith('/storage/v1/object/sign/'))
        signings.push(new URL(request.url).pathname);
    });
    // The page shows the newest scans: give the two newest label photos.
    const { rows: newest } = await server.db().query<{ id: string; image_path: string | null }>(
      `select id, image_path from public.scans where user_id = $1 order by created_at desc limit 2`,
      [DEMO_USER],
    );
    for (const [i, { id }] of newest.entries())
      await server
        .db()
        .query(`update public.scans set image_path = $1 where id = $2`, [`${DEMO_USER}/label-${i + 1}.png`, id]);
    await signIn(DEMO.admin);
    renderAdmin(`/admin/users/${DEMO_USER}`);
    await screen.findByRole('heading', { level: 1, name: 'user@labellens.dev' }, WAIT);
    await waitFor(() => expect(photoSources()).toHaveLength(2), WAIT);
    const first = photoSources();
    for (const src of first)
      expect(src).toMatch(new RegExp(`/storage/v1/object/sign/scan-images/${DEMO_USER}/label-\\d\\.png\\?token=`));
    expect(signings).toEqual(['/storage/v1/object/sign/scan-images']);

    // Each URL is replaced by a newly signed one for the same object, with no reload of the page.
    await waitFor(() => {
      const now = photoSources();
      expect(now).toHaveLength(first.length);
      for (const src of now) expect(first).not.toContain(src);
    }, WAIT);
    const paths = (sources: string[]) => sources.map((src) => src.split('?')[0]);
    expect(paths(photoSources())).toEqual(paths(first));
    expect(signings.length).toBeGreaterThanOrEqual(2);
    expect(new Set(signings)).toEqual(new Set(['/storage/v1/object/sign/scan-images']));
    server.msw().events.removeAllListeners();
    for (const { id, image_path } of newest)
      await server.db().query(`update public.scans set image_path = $1 where id = $2`, [image_path, id]);
  });
});
