import { createClient } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bypass, http, HttpResponse } from 'msw';
import { DEMO_ACCOUNTS } from '../../mocks/supabase/demoAccounts';
import { LOCAL_ANON_KEY } from '../../mocks/supabase/keys';
import { watchOpenBy } from '../realtime/openBy';
import NewsList from '../resources/news/NewsList';
import { renderList } from '../test/renderPage';
import { typeInto } from '../test/typeInto';
import { DEMO, setUpStandInServer, signIn } from '../test/standInServer';

const server = setUpStandInServer();
const WAIT = { timeout: 20_000 };

async function newsItem(title: string) {
  const { rows } = await server
    .db()
    .query<{ id: string }>(
      `insert into public.news (title, content, source_url) values ($1, 'Body', 'https://example.com/live') returning id`,
      [title],
    );
  return rows[0].id;
}

describe('an edit dialog of a live record', () => {
  it('warns when someone saves a newer version, and asks before saving over it', async () => {
    const id = await newsItem('Conflict original');
    await signIn(DEMO.admin);
    const user = userEvent.setup();
    renderList('news', <NewsList />, `/admin/news/${id}`);
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    const title = await within(dialog).findByDisplayValue('Conflict original', undefined, WAIT);
    await user.clear(title);
    await typeInto(user, title, 'My edit');

    // Another writer (no signed-in user: "Someone") saves while the dialog is open.
    await server.db().query(`update public.news set title = 'Their edit' where id = $1`, [id]);
    expect(
      await within(dialog).findByText(/^Someone saved a newer version at /, undefined, WAIT),
    ).toBeInTheDocument();
    // What the operator typed stays.
    expect(title).toHaveValue('My edit');

    await user.click(within(dialog).getByRole('button', { name: 'Keep my text' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Save over a newer version?' }, WAIT);
    expect(confirm).toHaveTextContent(/saved this record at .*, after you opened it/);
    await user.click(within(confirm).getByRole('button', { name: 'Save mine' }));
    await waitFor(async () => {
      const { rows } = await server
        .db()
        .query<{ title: string }>('select title from public.news where id = $1', [id]);
      expect(rows[0].title).toBe('My edit');
    }, WAIT);
  });

  it('warns of a save made after the dialog read the record and before its channel joined', async () => {
    const id = await newsItem('Saved before the join');
    await signIn(DEMO.admin);
    // Another writer saves right after the stand-in answered the dialog's read of the record (the
    // admin reads news through its view), so the save commits before the dialog subscribes:
    // Realtime never sends it to this dialog.
    let savedMeanwhile = false;
    server.msw().use(
      http.get('http://localhost:54321/rest/v1/admin_news', async ({ request }) => {
        if (savedMeanwhile || !new URL(request.url).searchParams.get('id')?.includes(id)) return undefined;
        savedMeanwhile = true;
        const answer = await fetch(bypass(request));
        await server.db().query(`update public.news set title = 'Saved meanwhile' where id = $1`, [id]);
        return answer;
      }),
    );
    renderList('news', <NewsList />, `/admin/news/${id}`);
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(
      await within(dialog).findByDisplayValue('Saved before the join', undefined, WAIT),
    ).toBeInTheDocument();
    expect(
      await within(dialog).findByText(/^Someone saved a newer version at /, undefined, WAIT),
    ).toBeInTheDocument();
  });

  it('takes no older version read back after its channel joined for a newer one', async () => {
    const id = await newsItem('Read back older');
    await signIn(DEMO.admin);
    // The read the dialog makes once its channel joins is answered with a version older than the
    // one it opened (as when a newer save reached it before that read's answer did).
    let reads = 0;
    let answeredOlder: () => void = () => undefined;
    const olderAnswered = new Promise<void>((resolve) => (answeredOlder = resolve));
    server.msw().use(
      http.get('http://localhost:54321/rest/v1/admin_news', async ({ request }) => {
        if (!new URL(request.url).searchParams.get('id')?.includes(id)) return undefined;
        reads += 1;
        if (reads !== 2) return undefined;
        const answer = await fetch(bypass(request));
        const older = (record: Record<string, unknown>) => ({
          ...record,
          updated_at: '2000-01-01T00:00:00+00:00',
        });
        const current = (await answer.json()) as Record<string, unknown> | Record<string, unknown>[];
        answeredOlder();
        return HttpResponse.json(Array.isArray(current) ? current.map(older) : older(current), {
          headers: { 'content-range': answer.headers.get('content-range') ?? '0-0/*' },
        });
      }),
    );
    renderList('news', <NewsList />, `/admin/news/${id}`);
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    await within(dialog).findByDisplayValue('Read back older', undefined, WAIT);
    await olderAnswered;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(within(dialog).queryByText(/saved a newer version/)).not.toBeInTheDocument();
  });

  it('reloads the newer version on request, and shows who else has the record open', async () => {
    const id = await newsItem('Presence original');
    await signIn(DEMO.admin);
    const user = userEvent.setup();
    renderList('news', <NewsList />, `/admin/news/${id}`);
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    await within(dialog).findByDisplayValue('Presence original', undefined, WAIT);

    // A second operator's browser with the same record open (the seed's editor), as its dialog
    // does it: its own session marks the record open; the dialog names it from the database.
    const other = createClient('http://localhost:54321', LOCAL_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, storageKey: 'edit-conflict-other' },
    });
    const { email, password } = DEMO_ACCOUNTS[4];
    const { error } = await other.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const close = watchOpenBy(other, 'news', id, () => undefined);
    try {
      expect(await within(dialog).findByText('editor@labellens.dev', undefined, WAIT)).toBeInTheDocument();
      expect(within(dialog).getByText('Also open by:')).toBeInTheDocument();

      await server.db().query(`update public.news set title = 'Newer title' where id = $1`, [id]);
      await within(dialog).findByText(/saved a newer version/, undefined, WAIT);
      await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
      expect(await within(dialog).findByDisplayValue('Newer title', undefined, WAIT)).toBeInTheDocument();
      expect(within(dialog).queryByText(/saved a newer version/)).not.toBeInTheDocument();
    } finally {
      close();
      await other.removeAllChannels();
    }
  });

  it('says who deleted the record and when, and keeps what the operator typed', async () => {
    const id = await newsItem('Deleted meanwhile');
    await signIn(DEMO.admin);
    const user = userEvent.setup();
    renderList('news', <NewsList />, `/admin/news/${id}`);
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    const title = await within(dialog).findByDisplayValue('Deleted meanwhile', undefined, WAIT);
    await user.clear(title);
    await typeInto(user, title, 'Typed before the delete');

    // The demo editor deletes it (the audit trail names the signed-in user of the request).
    await server.db().transaction(async (tx) => {
      await tx.query(
        `select set_config('request.jwt.claims', json_build_object('sub', id, 'role', 'authenticated')::text, true)
           from auth.users where email = 'editor@labellens.dev'`,
      );
      await tx.query('delete from public.news where id = $1', [id]);
    });
    const banner = await within(dialog).findByText(
      /^editor@labellens\.dev deleted this record at \d{1,2}:\d{2}/,
      undefined,
      WAIT,
    );
    expect(banner.closest('[role="alert"]')).not.toBeNull();
    // Nothing to reload or keep: the record is gone; what was typed stays on screen.
    expect(within(dialog).queryByRole('button', { name: 'Reload' })).toBeNull();
    expect(title).toHaveValue('Typed before the delete');
  });

  it("shows a colleague's save that comes right after a save of ours failed", async () => {
    const id = await newsItem('Failed save');
    await signIn(DEMO.admin);
    const user = userEvent.setup();
    renderList('news', <NewsList />, `/admin/news/${id}`);
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    const title = await within(dialog).findByDisplayValue('Failed save', undefined, WAIT);
    await user.clear(title);
    await typeInto(user, title, 'Mine, not saved');

    // Our save fails (the dialog stays open with the text), and at once another operator saves.
    server
      .msw()
      .use(
        http.patch(
          'http://localhost:54321/rest/v1/news',
          () =>
            HttpResponse.json(
              { code: 'XX000', message: 'Server down', details: null, hint: null },
              { status: 500 },
            ),
          { once: true },
        ),
      );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Failed to update news article/, undefined, WAIT)).toBeInTheDocument();
    await server.db().query(`update public.news set title = 'Their save' where id = $1`, [id]);
    // Told by what it carries, not by when it came: theirs is not our save.
    expect(
      await within(dialog).findByText(/^Someone saved a newer version at /, undefined, WAIT),
    ).toBeInTheDocument();
    expect(title).toHaveValue('Mine, not saved');
  });
});
