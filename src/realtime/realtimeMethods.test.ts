import { supabaseClient } from '../providers/supabaseClient';
import { RESOURCE_DATA } from '../resources';
import { DEMO, setUpStandInServer, signIn } from '../test/standInServer';
import { createRealtimeMethods, parseTopic, type LiveEvent, type LiveStatus } from './realtimeMethods';

const server = setUpStandInServer();
const WAIT = { timeout: 15_000 };

describe('realtime topics', () => {
  it('parses resource and record topics', () => {
    expect(parseTopic('resource/news')).toEqual({ resource: 'news' });
    expect(parseTopic('resource/news/7')).toEqual({ resource: 'news', id: '7' });
    expect(parseTopic('news')).toBeNull();
  });
});

describe("react-admin's realtime contract over Supabase Realtime", () => {
  it('sends created, updated and deleted events, and after a dropped connection reconnects, resubscribes and asks for a refetch', async () => {
    await signIn(DEMO.admin);
    const live = createRealtimeMethods(supabaseClient, RESOURCE_DATA);
    const states: LiveStatus['state'][] = [];
    live.onLiveStatus((status) => states.push(status.state));
    const events: LiveEvent[] = [];
    const callback = (event: LiveEvent) => events.push(event);
    await live.subscribe('resource/news', callback);
    await vi.waitFor(() => expect(live.liveStatus().state).toBe('live'), WAIT);
    // Joined: what committed before now was not sent, so the screen checks what it read.
    expect(events.map((e) => [e.type, e.topic])).toEqual([['joined', 'resource/news']]);
    events.length = 0;

    const db = server.db();
    const { rows } = await db.query<{ id: string }>(
      `insert into public.news (title, content, source_url) values ('Contract', 'Body', 'https://example.com') returning id`,
    );
    const id = rows[0].id;
    // Each change is heard before the next: Realtime asks whether the row can be selected when it
    // sends a change, so an update sent after the row is gone reaches nobody (hosted too).
    await vi.waitFor(() => expect(events).toHaveLength(1), WAIT);
    await db.query(`update public.news set title = 'Contract, changed' where id = $1`, [id]);
    await vi.waitFor(() => expect(events).toHaveLength(2), WAIT);
    await db.query(`delete from public.news where id = $1`, [id]);
    await vi.waitFor(() => expect(events).toHaveLength(3), WAIT);
    expect(events.map((e) => [e.type, e.topic, e.payload.ids])).toEqual([
      ['created', 'resource/news', [id]],
      ['updated', 'resource/news', [id]],
      ['deleted', 'resource/news', [id]],
    ]);
    expect(events[1].payload.record).toMatchObject({ id, title: 'Contract, changed' });

    // The server drops every connection (a restart, a network failure).
    server.realtime().disconnectAll();
    await vi.waitFor(() => expect(states).toContain('reconnecting'), WAIT);
    await vi.waitFor(() => expect(events.at(-1)?.type).toBe('resync'), WAIT);
    expect(live.liveStatus().state).toBe('live');
    const again = await db.query<{ id: string }>(
      `insert into public.news (title, content, source_url) values ('After reconnect', 'Body', 'https://example.com') returning id`,
    );
    await vi.waitFor(() => expect(events.at(-1)?.type).toBe('created'), WAIT);
    // Once: one channel per topic, resubscribed rather than duplicated.
    expect(events.filter((e) => e.payload.ids[0] === again.rows[0].id)).toHaveLength(1);
    await live.unsubscribe('resource/news', callback);
    await db.query('delete from public.news where id = $1', [again.rows[0].id]);
  });

  it('rejoins a topic the server closed with a fresh token, and shows "Offline since" while rejoining keeps failing', async () => {
    await signIn(DEMO.admin);
    const live = createRealtimeMethods(supabaseClient, RESOURCE_DATA, { rejoinDelayMs: () => 50 });
    const states: LiveStatus[] = [];
    live.onLiveStatus((status) => states.push(status));
    const events: LiveEvent[] = [];
    const callback = (event: LiveEvent) => events.push(event);
    await live.subscribe('resource/tags', callback);
    await vi.waitFor(() => expect(live.liveStatus().state).toBe('live'), WAIT);
    const realtime = supabaseClient.realtime;
    const setAuth = realtime.setAuth.bind(realtime);

    // A token the server refuses: it answers with a system error and phx_close (the channel is
    // gone; realtime-js never rejoins it). While the client's own token callback also hands out a
    // refused token, each rejoin is closed again, and the badge says since when it is offline.
    const refuse = vi.spyOn(realtime, 'setAuth').mockImplementation(() => setAuth('not-a-token'));
    await setAuth('not-a-token');
    await vi.waitFor(() => expect(live.liveStatus().state).toBe('offline'), WAIT);
    const firstClose = states.find((s) => s.state === 'reconnecting');
    const offline = live.liveStatus();
    expect(firstClose).toBeDefined();
    expect(
      offline.state === 'offline' &&
        firstClose?.state === 'reconnecting' &&
        offline.since <= firstClose.since,
    ).toBe(true);
    expect(refuse).toHaveBeenCalled();

    // A good token again: the next rejoin takes it, the topic is live and its listeners refetch
    // (nothing was sent while it was closed); changes reach them again, once each.
    // Its refused join is retried by realtime-js with the token the client holds by then (supabase-js
    // hands Realtime the session's token when it changes; here the token callback is asked again).
    refuse.mockRestore();
    await setAuth();
    await vi.waitFor(() => expect(live.liveStatus().state).toBe('live'), WAIT);
    await vi.waitFor(() => expect(events.at(-1)?.type).toBe('resync'), WAIT);
    const { rows } = await server
      .db()
      .query<{ id: string }>(
        `insert into public.tags (key, label, icon, category, color) values ('rejoined', 'Rejoined', 'leaf', 'dietary', '#123456') returning id`,
      );
    await vi.waitFor(() => expect(events.at(-1)?.type).toBe('created'), WAIT);
    expect(events.filter((e) => e.payload.ids[0] === rows[0].id).map((e) => e.type)).toEqual(['created']);
    await live.unsubscribe('resource/tags', callback);
    expect(supabaseClient.getChannels().map((c) => c.topic)).not.toContain('realtime:admin:resource/tags');
    await server.db().query('delete from public.tags where id = $1', [rows[0].id]);
  });
});
