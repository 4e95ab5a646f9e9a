import { act, render, screen } from '@testing-library/react';
import { CoreAdminContext, ListBase, WithListContext, type DataProvider, type RaRecord } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../i18n/i18nProvider';
import type { LiveCallback } from '../../realtime/realtimeMethods';
import { contactMessagesData } from '../../resources/contact-messages/data';
import { LiveRows } from './LiveRows';

/**
 * What a live list does once its channel is joined, below <Admin>: the table as a list of subjects,
 * and a data provider whose rows the test changes, as others' commits would.
 */
function renderInbox(rows: RaRecord[]) {
  let listener: LiveCallback | undefined;
  const dataProvider = {
    getList: vi.fn(async () => ({ data: rows.map((row) => ({ ...row })), total: rows.length })),
    subscribe: vi.fn(async (_topic: string, callback: LiveCallback) => {
      listener = callback;
      return { data: null };
    }),
    unsubscribe: vi.fn(async () => ({ data: null })),
  } as unknown as DataProvider; // only what a list and its live rows call
  render(
    <CoreAdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ListBase resource="contact-messages" perPage={25} disableSyncWithLocation>
        <LiveRows resource={contactMessagesData}>
          <WithListContext
            render={({ data }) => (
              <ul>
                {data?.map((row) => (
                  <li key={row.id}>{String(row.subject)}</li>
                ))}
              </ul>
            )}
          />
        </LiveRows>
      </ListBase>
    </CoreAdminContext>,
  );
  const emit = (type: 'joined' | 'created', id?: string) =>
    act(() =>
      listener!({
        type,
        topic: 'resource/contact-messages',
        payload: { ids: id ? [id] : [] },
        date: new Date(),
      }),
    );
  return { dataProvider, emit };
}

describe('a live list when its channel is joined', () => {
  it('counts in the bar a row committed after its first read but before the join, without moving the table', async () => {
    const rows: RaRecord[] = [{ id: 'a', subject: 'Shown first' }];
    const { dataProvider, emit } = renderInbox(rows);
    expect(await screen.findByText('Shown first')).toBeInTheDocument();

    rows.unshift({ id: 'b', subject: 'Sent before the join' }); // Realtime never sends this one
    await emit('joined');
    expect(await screen.findByText('1 new message')).toBeInTheDocument();
    expect(screen.queryByText('Sent before the join')).not.toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledTimes(2);

    // The same row heard again later is not counted twice.
    await emit('created', 'b');
    expect(screen.getByText('1 new message')).toBeInTheDocument();
  });

  it('refetches in place a shown row that changed before the join, and adds no bar', async () => {
    const rows: RaRecord[] = [{ id: 'a', subject: 'Before' }];
    const { dataProvider, emit } = renderInbox(rows);
    expect(await screen.findByText('Before')).toBeInTheDocument();

    rows[0] = { id: 'a', subject: 'Changed before the join' };
    await emit('joined');
    expect(
      await screen.findByText('Changed before the join', undefined, { timeout: 3_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // The quiet read, then the list's own refetch.
    expect(dataProvider.getList).toHaveBeenCalledTimes(3);
  });

  it('reads nothing more when nothing changed', async () => {
    const { dataProvider, emit } = renderInbox([{ id: 'a', subject: 'Unchanged' }]);
    expect(await screen.findByText('Unchanged')).toBeInTheDocument();
    // Fake timers from the join on: a refetch the quiet read scheduled would run when they advance.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await emit('joined');
      await vi.waitFor(() => expect(dataProvider.getList).toHaveBeenCalledTimes(2));
      await act(() => vi.advanceTimersByTimeAsync(10_000)); // far past the refetch delay
      expect(dataProvider.getList).toHaveBeenCalledTimes(2);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
