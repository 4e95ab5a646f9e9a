import { useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { DataProviderContext, useDataProvider, type DataProvider } from 'react-admin';
import type { LiveCallback, LiveEvent, LiveStatus, RealtimeMethods } from './realtimeMethods';

/** The data provider as the live hooks use it: react-admin's with the realtime methods. */
type LiveDataProvider = DataProvider & RealtimeMethods;

/**
 * The few realtime hooks the screens need (open-source ra-core ships none): each subscribes
 * through the data provider's `subscribe`/`unsubscribe` (src/realtime/realtimeMethods.ts).
 */

/**
 * Calls back with each event of the topics while mounted (the latest callback, no resubscribe).
 * A topic that cannot be followed (a resource not `live`: "No live data for …") is a
 * mistake in the code, so it fails the screen in development and tests, where it is found, and is
 * logged in production, where the screen still works without live updates.
 */
export function useSubscribe(topics: readonly string[], callback: LiveCallback) {
  const dataProvider = useDataProvider<LiveDataProvider>();
  const [failure, setFailure] = useState<unknown>();
  if (failure !== undefined) throw failure;
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  const key = topics.join('\n');
  useEffect(() => {
    if (!key) return;
    const list = key.split('\n');
    const listener: LiveCallback = (event) => latest.current(event);
    const subscribed = list.map((topic) =>
      dataProvider.subscribe(topic, listener).catch((error: unknown) => {
        if (import.meta.env.PROD) console.error(error);
        else setFailure(error);
      }),
    );
    return () => {
      void Promise.all(subscribed).then(() =>
        Promise.all(list.map((topic) => dataProvider.unsubscribe(topic, listener))),
      );
    };
  }, [dataProvider, key]);
}

/**
 * Calls `refresh` once after a burst of changes to any of the resources (or after the connection
 * came back): one refetch per burst, within `delayMs` of its first change.
 */
export function useLiveRefresh(
  resources: readonly string[],
  refresh: (events: LiveEvent[]) => void,
  delayMs = 200,
) {
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; events: LiveEvent[] }>({ events: [] });
  useEffect(() => () => clearTimeout(pending.current.timer), []);
  useSubscribe(
    resources.map((r) => `resource/${r}`),
    (event) => {
      pending.current.events.push(event);
      if (pending.current.timer !== undefined) return;
      pending.current.timer = setTimeout(() => {
        const events = pending.current.events;
        pending.current = { events: [] };
        refresh(events);
      }, delayMs);
    },
  );
}

/**
 * The Realtime connection's state, for the "Live Data" badge. From the provider itself: the
 * useDataProvider proxy turns every method into a promise, and these two answer synchronously.
 */
export function useLiveStatus(): LiveStatus {
  const dataProvider = useContext(DataProviderContext) as LiveDataProvider | null;
  return useSyncExternalStore(
    dataProvider?.onLiveStatus ?? noSubscription,
    dataProvider?.liveStatus ?? connecting,
  );
}

const noSubscription = () => () => undefined;
const CONNECTING: LiveStatus = { state: 'connecting' };
const connecting = () => CONNECTING;
