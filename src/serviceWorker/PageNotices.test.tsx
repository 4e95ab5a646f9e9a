import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../i18n/en';
import { newVersion } from './newVersion';
import { PageNotices } from './PageNotices';

const NOTICES = en.labellens.page_notices;

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

afterEach(() => vi.restoreAllMocks());

describe('PageNotices', () => {
  it('says the browser is offline while it is, and nothing once it is back', () => {
    render(<PageNotices />);
    expect(screen.queryByRole('alert')).toBeNull();

    setOnline(false);
    expect(screen.getByRole('alert')).toHaveTextContent(NOTICES.offline);

    setOnline(true);
    expect(screen.queryByText(NOTICES.offline)).toBeNull();
  });

  it('says a newer version is on the server once the worker found one, and reloads on request', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const { unmount } = render(<PageNotices />);
    expect(screen.queryByText(NOTICES.new_version)).toBeNull();

    act(() => newVersion.found());
    expect(screen.getByText(NOTICES.new_version)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: NOTICES.reload }));
    expect(reload).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('can be dismissed, for the rest of the page', async () => {
    act(() => newVersion.found()); // as the test before left it: found once, for the page's life
    render(<PageNotices />);
    expect(screen.getByText(NOTICES.new_version)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: NOTICES.dismiss }));
    await waitFor(() => expect(screen.queryByText(NOTICES.new_version)).toBeNull());
  });
});
