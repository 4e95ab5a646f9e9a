import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderPage } from '../test/renderPage';
import Dashboard from './Dashboard';
import { DEMO, signIn, setUpStandInServer } from '../test/standInServer';
import { formatCount, formatShare } from '../domain/format';
import { idPrefix } from '../domain/adminRecords';

const server = setUpStandInServer();
const WAIT = { timeout: 20_000 };

interface Expected {
  scans: number;
  profiles: number;
  chats: number;
  payments: number;
  news: number;
  health_tips: number;
  avg: number | null;
  excellent: number;
  good: number;
  fair: number;
  poor: number;
}

/** The figures straight from the seeded database, computed independently of the RPC. */
async function expectedFigures(): Promise<Expected> {
  const { rows } = await server.db().query<Expected>(`
    select (select count(*) from public.scans)::int as scans,
           (select count(*) from public.profiles)::int as profiles,
           (select count(*) from public.chats)::int as chats,
           (select count(*) from public.payments)::int as payments,
           (select count(*) from public.news)::int as news,
           (select count(*) from public.health_tips)::int as health_tips,
           (select round(avg(health_score))::int from public.scans) as avg,
           (select count(*) from public.scans where health_score >= 80)::int as excellent,
           (select count(*) from public.scans where health_score between 60 and 79)::int as good,
           (select count(*) from public.scans where health_score between 40 and 59)::int as fair,
           (select count(*) from public.scans where health_score < 40)::int as poor`);
  return rows[0];
}

const cardValue = (label: string) =>
  within(screen.getByRole('region', { name: label })).getByTestId('stat-value').textContent;

describe('dashboard', () => {
  beforeAll(() => {
    // x-charts sizes itself with ResizeObserver, which jsdom lacks.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  });

  it('shows the figures the seeded database holds, from the one RPC', async () => {
    const expected = await expectedFigures();
    await signIn(DEMO.admin);
    renderPage(<Dashboard />, '/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard Overview' }, WAIT)).toBeInTheDocument();
    // The badge is the Realtime connection's state: live once its channels are subscribed.
    expect(
      (await screen.findByText('Live Data', undefined, WAIT)).closest('[data-live-state]'),
    ).toHaveAttribute('data-live-state', 'live');
    await screen.findByText(/^Last updated /, undefined, WAIT);

    expect(cardValue('Total Scans')).toBe(formatCount(expected.scans));
    expect(cardValue('Profiles')).toBe(formatCount(expected.profiles));
    expect(cardValue('Chats')).toBe(formatCount(expected.chats));
    expect(cardValue('Payments')).toBe(formatCount(expected.payments));
    expect(cardValue('News')).toBe(formatCount(expected.news));
    expect(cardValue('Health Tips')).toBe(formatCount(expected.health_tips));
    expect(cardValue('Avg Health Score')).toBe(expected.avg === null ? 'N/A' : formatCount(expected.avg));
    expect(cardValue('Scans Trend')).toMatch(/^(N\/A|[+-]?\d+(\.\d)?%)$/);

    const total = expected.excellent + expected.good + expected.fair + expected.poor;
    const distribution = screen.getByRole('region', { name: 'Health Score Distribution' });
    // The chart and its rows come in the render after the figures (ScoreDistribution).
    expect(await within(distribution).findByText(/^Excellent \(80-100\)/, undefined, WAIT)).toHaveTextContent(
      `Excellent (80-100): ${expected.excellent} scans, ${formatShare(expected.excellent, total)}`,
    );
    expect(within(distribution).getByText(/^Poor \(0-39\)/)).toHaveTextContent(
      `Poor (0-39): ${expected.poor} scans, ${formatShare(expected.poor, total)}`,
    );
  });

  it('lists the 5 newest scans by name, or Scan and the id prefix', async () => {
    const { rows } = await server
      .db()
      .query<{ id: string; name: string | null }>(
        'select id, name from public.scans order by created_at desc limit 5',
      );
    await signIn(DEMO.admin);
    renderPage(<Dashboard />, '/admin/dashboard');
    const recent = await screen.findByRole('region', { name: 'Recent Scans' }, WAIT);
    const items = await within(recent).findAllByRole('listitem', undefined, WAIT);
    expect(items).toHaveLength(5);
    rows.forEach((row, i) => expect(items[i]).toHaveTextContent(row.name || `Scan ${idPrefix(row.id)}`));
  });

  it("shows an error with Retry when the RPC fails 4 times (react-query's 3 retries), and recovers on retry", async () => {
    let failing = true;
    let attempts = 0;
    server.msw().use(
      http.post('http://localhost:54321/rest/v1/rpc/admin_dashboard_stats', () => {
        if (!failing) return undefined;
        attempts += 1;
        return HttpResponse.json(
          { code: 'XX000', message: 'boom', details: null, hint: null },
          { status: 500 },
        );
      }),
    );
    await signIn(DEMO.admin);
    // react-query retries 3 times, 1 + 2 + 4 s apart (the data-fetching defaults in
    // docs/product-rules.md). The clock runs on as usual, and each back-off is skipped once the
    // attempt before it has failed, instead of being waited out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      renderPage(<Dashboard />, '/admin/dashboard');
      for (const [failed, backOff] of [
        [1, 1000],
        [2, 2000],
        [3, 4000],
      ]) {
        // At least: on a slow machine the running clock may have let the next attempt go already.
        await waitFor(() => expect(attempts).toBeGreaterThanOrEqual(failed), WAIT);
        await vi.advanceTimersByTimeAsync(backOff);
      }
      await waitFor(() => expect(attempts).toBe(4), WAIT);
    } finally {
      vi.useRealTimers();
    }
    const retry = await screen.findByRole('button', { name: 'Retry' }, WAIT);
    expect(attempts).toBe(4);
    failing = false;
    expect(screen.getByText('Could not load the dashboard figures.')).toBeInTheDocument();
    expect(screen.queryByText('Live Data')).not.toBeInTheDocument();
    expect(screen.getByText('Not live')).toBeInTheDocument();
    await userEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'Total Scans' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(await screen.findByText('Live Data', undefined, WAIT)).toBeInTheDocument();
  });

  it('follows a new scan and a new health tip as they are committed, without polling', async () => {
    const expected = await expectedFigures();
    await signIn(DEMO.admin);
    renderPage(<Dashboard />, '/admin/dashboard');
    await screen.findByText('Live Data', undefined, WAIT);
    await waitFor(() => expect(cardValue('Total Scans')).toBe(formatCount(expected.scans)), WAIT);
    const { rows } = await server.db().query<{ id: string }>(
      `insert into public.scans (user_id, name, health_score)
       values ('00000000-0000-4000-8000-000000000002', 'Live dashboard biscuit', 91) returning id`,
    );
    await server
      .db()
      .query(`insert into public.health_tips (tip) values ('Drink water before every meal, live.')`);
    try {
      await waitFor(() => expect(cardValue('Total Scans')).toBe(formatCount(expected.scans + 1)), WAIT);
      await waitFor(() => expect(cardValue('Health Tips')).toBe(formatCount(expected.health_tips + 1)), WAIT);
      const recent = screen.getByRole('region', { name: 'Recent Scans' });
      expect(within(recent).getAllByRole('listitem')[0]).toHaveTextContent('Live dashboard biscuit');
    } finally {
      await server.db().query('delete from public.scans where id = $1', [rows[0].id]);
      await server
        .db()
        .query(`delete from public.health_tips where tip = 'Drink water before every meal, live.'`);
    }
  });
});
