import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderList } from '../../test/renderPage';
import { DEMO, setUpStandInServer, signIn } from '../../test/standInServer';
import { bodyRows, cellsOf } from '../../test/tableRows';
import ProfileList from './ProfileList';

const server = setUpStandInServer();
const WAIT = { timeout: 20_000 };

async function dataRows() {
  await screen.findByText(/^1-\d+ of \d+$/, {}, WAIT);
  return bodyRows(screen.getByRole('table'));
}

describe('User Profiles list', { timeout: 60_000 }, () => {
  beforeEach(() => signIn(DEMO.admin));

  it('shows name, Self for a blank relationship, scans count and score badge or No Data', async () => {
    const { rows: expected } = await server.db().query<{
      name: string;
      relationship: string | null;
      scans_count: number;
      avg: number | null;
    }>(
      `select name, relationship, scans_count, round(avg_health_score)::int as avg
         from public.profiles order by created_at desc, id desc limit 25`,
    );
    renderList('profiles', <ProfileList />, '/admin/profiles');
    const rows = await dataRows();
    expect(rows).toHaveLength(expected.length);
    const band = (s: number) => (s >= 80 ? 'Excellent' : s >= 60 ? 'Good' : s >= 40 ? 'Fair' : 'Poor');
    expected.forEach((profile, i) => {
      const cells = cellsOf(rows[i]);
      expect(cells[0]).toHaveTextContent(profile.name);
      expect(cells[1]).toHaveTextContent(profile.relationship?.trim() ? profile.relationship : 'Self');
      // Height / Weight and Health Conditions are hidden by default (column chooser).
      expect(cells[3]).toHaveTextContent(String(profile.scans_count));
      expect(cells[4]).toHaveTextContent(
        profile.avg === null ? 'No Data' : `${band(profile.avg)} (${profile.avg})`,
      );
    });
    expect(expected.some((p) => p.avg === null)).toBe(true);
  });

  it('shows every field of a deep-linked profile in its dialog', async () => {
    const { rows } = await server
      .db()
      .query<{ id: string; name: string; allergies: string[] }>(
        `select id, name, allergies from public.profiles where cardinality(allergies) > 0 order by created_at desc limit 1`,
      );
    renderList('profiles', <ProfileList />, `/admin/profiles/${rows[0].id}/show`);
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await within(dialog).findByText('Dietary Restrictions', {}, WAIT);
    expect(within(dialog).getByRole('heading', { name: rows[0].name })).toBeInTheDocument();
    for (const allergy of rows[0].allergies) expect(within(dialog).getByText(allergy)).toBeInTheDocument();
    for (const label of ['Date of Birth', 'Health Conditions', 'Allergies', 'Last Scan', 'Avg Health Score'])
      expect(within(dialog).getByText(label)).toBeInTheDocument();
  });

  it('says so when a linked profile does not exist', async () => {
    renderList('profiles', <ProfileList />, '/admin/profiles/00000000-0000-4000-8000-00000000beef/show');
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(
      await within(dialog).findByText(
        'This profile does not exist. It may have been deleted, or the link is wrong.',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
  });

  it('shows an error with Retry when loading fails', async () => {
    let failing = true;
    server
      .msw()
      .use(
        http.get('http://localhost:54321/rest/v1/admin_profiles', () =>
          failing
            ? HttpResponse.json(
                { code: 'XX000', message: 'boom', details: null, hint: null },
                { status: 500 },
              )
            : undefined,
        ),
      );
    renderList('profiles', <ProfileList />, '/admin/profiles');
    const retry = await screen.findByRole('button', { name: 'Retry' }, WAIT);
    expect(screen.getByText('Could not load the list.')).toBeInTheDocument();
    failing = false;
    await userEvent.click(retry);
    expect((await dataRows()).length).toBeGreaterThan(0);
  });

  it('shows the empty state when there are no profiles', async () => {
    await server.db().query('delete from public.profiles');
    renderList('profiles', <ProfileList />, '/admin/profiles');
    expect(await screen.findByText('No profiles yet', {}, WAIT)).toBeInTheDocument();
  });
});
