import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazyComponent';
import { newVersion } from './serviceWorker/newVersion';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p>Failed: {this.state.error.message}</p> : this.props.children;
  }
}

describe('lazyComponent', () => {
  it('shows the fallback until the chunk loads, then the component with its props; loaded once', async () => {
    const chunk = deferred<{ default: typeof Greeting }>();
    const load = vi.fn(() => chunk.promise);
    const LazyGreeting = lazyComponent(load, <p>Loading…</p>);

    const first = render(<LazyGreeting name="Asha" />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => chunk.resolve({ default: Greeting }));
    expect(screen.getByText('Hello Asha')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    first.unmount();

    // Mounted again once loaded: the component at once, no fallback, no second load.
    render(<LazyGreeting name="Ravi" />);
    expect(screen.getByText('Hello Ravi')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a failed load to the error boundary, and the next mount loads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    const failed = deferred<{ default: typeof Greeting }>();
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockReturnValueOnce(failed.promise)
      .mockResolvedValueOnce({ default: Greeting });
    const LazyGreeting = lazyComponent(load);

    const first = render(
      <Boundary>
        <LazyGreeting name="Asha" />
      </Boundary>,
    );
    await act(async () => failed.reject(new Error('chunk missing')));
    expect(screen.getByText('Failed: chunk missing')).toBeInTheDocument();
    first.unmount();

    render(<LazyGreeting name="Ravi" />);
    expect(await screen.findByText('Hello Ravi')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preloads before anything mounts it: a mount after the chunk arrived shows the component at once', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const LazyGreeting = lazyComponent(load, <p>Loading…</p>);
    LazyGreeting.preload();
    LazyGreeting.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => undefined); // the chunk arrives

    render(<LazyGreeting name="Asha" />);
    expect(screen.getByText('Hello Asha')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('after a failed preload, the first mount loads again instead of showing that failure', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('offline for a moment'))
      .mockResolvedValueOnce({ default: Greeting });
    const LazyGreeting = lazyComponent(load);
    LazyGreeting.preload();
    await act(async () => undefined);

    render(
      <Boundary>
        <LazyGreeting name="Ravi" />
      </Boundary>,
    );
    expect(await screen.findByText('Hello Ravi')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a chunk the host no longer has (after a deploy) shows the new-version notice, not the error boundary', async () => {
    // The notice shows once `found` is called (PageNotices.test.tsx); the tests share the module,
    // so the page's state is left as it was.
    const found = vi.spyOn(newVersion, 'found').mockImplementation(() => undefined);
    const LazyGreeting = lazyComponent<{ name: string }>(
      () =>
        Promise.reject(
          new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/admin/assets/Gone-1a2b3c.js'),
        ),
      <p>Loading…</p>,
    );
    render(
      <Boundary>
        <LazyGreeting name="Asha" />
      </Boundary>,
    );
    await vi.waitFor(() => expect(found).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/^Failed:/)).not.toBeInTheDocument();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    found.mockRestore();
  });

  it('offline, a chunk that cannot be fetched is asked for again once back online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const found = vi.spyOn(newVersion, 'found').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/a.js'))
      .mockResolvedValueOnce({ default: Greeting });
    const LazyGreeting = lazyComponent(load, <p>Loading…</p>);
    render(
      <Boundary>
        <LazyGreeting name="Ravi" />
      </Boundary>,
    );
    await act(async () => undefined);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Hello Ravi')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(found).not.toHaveBeenCalled();
    online.mockRestore();
    found.mockRestore();
  });
});
