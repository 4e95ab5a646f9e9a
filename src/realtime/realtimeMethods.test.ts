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
});
