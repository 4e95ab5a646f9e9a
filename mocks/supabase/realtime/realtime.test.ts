/**
 * The stand-in's Realtime driven by real supabase-js clients over a real WebSocket: what reaches
 * whom (row-level security per subscriber, decided at each change), filters, commit order, rolled
 * back transactions, tokens, limits and presence.
 */
import { type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { WebSocket as NodeWebSocket } from 'ws';
import { assumeIdentity, type Database } from '../db';
import { signJwt } from '../jwt';
import { LOCAL_ANON_KEY } from '../keys';
import { openTestDatabase } from '../testing/snapshot';
import { startRealtimeTestServer, userToken, type RealtimeTestServer } from './testServer';

const ADMIN = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000002';
const OTHER = '00000000-0000-4000-8000-0000000000a9';

let db: Database;
let rt: RealtimeTestServer;

interface Received {
  eventType: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  table: string;
  schema: string;
  commit_timestamp: string;
  errors: unknown;
}

/** Subscribes and resolves once the server said "Subscribed to PostgreSQL"; collects every change. */
async function listen(
  c: SupabaseClient,
  table: string,
  { event = '*', filter }: { event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string } = {},
) {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const channel = c
    .channel(`test-${table}-${Math.random()}`)
    .on(
      'postgres_changes' as never,
      { event, schema: 'public', table, ...(filter ? { filter } : {}) },
      (payload: Received) => {
        received.push(payload);
        waiters.splice(0).forEach((w) => w());
      },
    );
  await new Promise<void>((resolve, reject) => {
    channel.on('system' as never, {}, (message: { extension: string; status: string; message: string }) => {
      if (message.extension !== 'postgres_changes') return;
      if (message.status === 'ok') resolve();
      else reject(new Error(message.message));
    });
    channel.subscribe((status, error) => {
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
  return {
    channel,
    received,
    /** Waits until n changes arrived (a later, visible change proves earlier ones were withheld). */
    async until(n: number) {
      while (received.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
  };
}

const insertScan = (owner: string, name: string, extra = '') =>
  db.query<{ id: string }>(
    `insert into public.scans (user_id, name${extra ? ', description' : ''}) values ($1, $2${extra ? ', $3' : ''}) returning id`,
    extra ? [owner, name, extra] : [owner, name],
  );

beforeAll(async () => {
  db = await openTestDatabase();
  await db.exec(`
    insert into auth.users (id, instance_id, aud, role, email, created_at, updated_at)
    values ('${OTHER}', '00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated',
            'other@example.com', now(), now());
    -- An admin session without its second factor is then no admin (public.is_admin()).
    update public.admin_settings set mfa_required = true where id = 1;
    -- A published table everyone may read, whose policy raises for the note 'boom' (so the RLS
    -- check of a change to that row fails), with a timestamptz to filter on.
    create table public.rt_probe (id int primary key, note text, at timestamptz);
    alter table public.rt_probe enable row level security;
    create policy "Everyone but boom" on public.rt_probe for select to anon, authenticated
      using (case when note = 'boom' then 1 / (length(note) - 4) = 1 else true end);
    grant select on public.rt_probe to anon, authenticated;
    alter publication supabase_realtime add table public.rt_probe;`);
  rt = await startRealtimeTestServer(db, { maxChannelsPerConnection: 3, maxMessageBytes: 64 * 1024 });
});

afterEach(async () => {
  await rt.leaveAll();
  await db.query('delete from public.rt_probe');
});

afterAll(async () => {
  await rt.close();
  await db.close();
});

describe('postgres_changes under row-level security', () => {
  it('sends an insert to the owner and to an admin with their second factor, and to nobody else', async () => {
    const admin = await listen(await rt.client(await userToken(ADMIN)), 'scans');
    const owner = await listen(await rt.client(await userToken(USER)), 'scans');
    const other = await listen(await rt.client(await userToken(OTHER)), 'scans');
    const anonClient = await rt.client();
    const anon = await listen(anonClient, 'scans');
    const withoutFactorClient = await rt.client(await userToken(ADMIN, { aal: 'aal1' }));
    const adminWithoutFactor = await listen(withoutFactorClient, 'scans');
    // On the same sockets: a table both may read, for a later change they do receive.
    const anonProbe = await listen(anonClient, 'rt_probe', { event: 'INSERT' });
    const withoutFactorProbe = await listen(withoutFactorClient, 'rt_probe', { event: 'INSERT' });

    const { rows } = await insertScan(USER, 'Realtime biscuits');
    const [change] = await admin.until(1);
    expect(change).toMatchObject({
      eventType: 'INSERT',
      schema: 'public',
      table: 'scans',
      errors: null,
      old: {},
      new: { id: rows[0].id, user_id: USER, name: 'Realtime biscuits', ingredients: [] },
    });
    // apply_rls's format: milliseconds, UTC.
    expect(change.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((await owner.until(1)).map((c) => c.new.id)).toEqual([rows[0].id]);

    // A later change each of them may see proves the first was withheld, not late.
    const mine = await insertScan(OTHER, 'Other user scan');
    expect((await other.until(1)).map((c) => c.new.id)).toEqual([mine.rows[0].id]);
    // Anon and the admin without a factor get a change committed after both scans, on the socket
    // the scans would have come by, in commit order: a late scan would be here by now.
    await db.query(`insert into public.rt_probe (id, note) values (1, 'after the scans')`);
    expect((await anonProbe.until(1)).map((c) => c.new.id)).toEqual([1]);
    expect((await withoutFactorProbe.until(1)).map((c) => c.new.id)).toEqual([1]);
    expect(anon.received).toEqual([]);
    expect(adminWithoutFactor.received).toEqual([]);
    expect((await admin.until(2)).map((c) => c.new.id)).toEqual([rows[0].id, mine.rows[0].id]);
  });

  it.each([
    [
      'deactivated',
      'update public.admin_users set is_active = false where user_id = $1',
      'update public.admin_users set is_active = true where user_id = $1',
    ],
    [
      'banned',
      "update auth.users set banned_until = now() + interval '1 hour' where id = $1",
      'update auth.users set banned_until = null where id = $1',
    ],
  ])(
    'decides at each change: a %s admin stops receiving with the channel still open',
    async (_, revoke, restore) => {
      const admin = await listen(await rt.client(await userToken(ADMIN)), 'scans');
      const news = await listen(await rt.client(await userToken(ADMIN)), 'news', { event: 'INSERT' });
      await insertScan(USER, 'Before revocation');
      await admin.until(1);
      await db.query(revoke, [ADMIN]);
      try {
        await insertScan(USER, 'After revocation');
        // The news subscription is still allowed (news is readable by any signed-in user).
        await db.query(
          `insert into public.news (title, content, source_url) values ('Sentinel', 'Body', 'https://example.com')`,
        );
        expect((await news.until(1))[0].new.title).toBe('Sentinel');
        expect(admin.received.map((c) => c.new.name)).toEqual(['Before revocation']);
      } finally {
        await db.query(restore, [ADMIN]);
      }
    },
  );

  it('sends updates and deletes with the primary key only as the old record, deletes to every subscriber', async () => {
    const { rows } = await insertScan(USER, 'To change');
    const owner = await listen(await rt.client(await userToken(USER)), 'scans', { event: 'UPDATE' });
    const deletes = await listen(await rt.client(await userToken(OTHER)), 'scans', { event: 'DELETE' });
    await db.query(`update public.scans set name = 'Changed' where id = $1`, [rows[0].id]);
    const [update] = await owner.until(1);
    expect(update).toMatchObject({ eventType: 'UPDATE', new: { name: 'Changed' }, old: { id: rows[0].id } });
    expect(Object.keys(update.old)).toEqual(['id']);
    await db.query(`delete from public.scans where id = $1`, [rows[0].id]);
    const [removed] = await deletes.until(1);
    expect(removed).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: rows[0].id } });
    expect(owner.received).toHaveLength(1);
  });

  it('applies eq, in and gt filters on the record', async () => {
    const adminToken = await userToken(ADMIN);
    const eq = await listen(await rt.client(adminToken), 'scans', {
      event: 'INSERT',
      filter: `user_id=eq.${OTHER}`,
    });
    const inList = await listen(await rt.client(adminToken), 'scans', {
      event: 'INSERT',
      filter: 'name=in.(Keep one,"Keep two")',
    });
    const gt = await listen(await rt.client(adminToken), 'scans', {
      event: 'UPDATE',
      filter: 'health_score=gt.50',
    });
    await insertScan(USER, 'Keep one');
    await insertScan(USER, 'Drop');
    await insertScan(OTHER, 'Keep two');
    const { rows } = await insertScan(USER, 'Scored');
    await db.query(`update public.scans set health_score = 40 where id = $1`, [rows[0].id]);
    await db.query(`update public.scans set health_score = 90 where id = $1`, [rows[0].id]);
    expect((await eq.until(1)).map((c) => c.new.name)).toEqual(['Keep two']);
    expect((await inList.until(2)).map((c) => c.new.name)).toEqual(['Keep one', 'Keep two']);
    expect((await gt.until(1)).map((c) => c.new.health_score)).toEqual([90]);
  });

  it('delivers committed changes once each, in commit order, and nothing of a rolled-back transaction', async () => {
    const admin = await listen(await rt.client(await userToken(ADMIN)), 'scans', { event: 'INSERT' });
    await db
      .transaction(async (tx) => {
        await tx.query(`insert into public.scans (user_id, name) values ($1, 'Rolled back')`, [USER]);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await db.transaction(async (tx) => {
      await tx.query(`insert into public.scans (user_id, name) values ($1, 'Same'), ($1, 'Same')`, [USER]);
    });
    for (let i = 0; i < 20; i++) await insertScan(USER, `In order ${i}`);
    const names = (await admin.until(22)).map((c) => c.new.name);
    expect(names).toEqual(['Same', 'Same', ...Array.from({ length: 20 }, (_, i) => `In order ${i}`)]);
  });

  it('keeps delivering after an RLS check throws with 500 changes queued behind it', async () => {
    const probe = await listen(await rt.client(await userToken(USER)), 'rt_probe');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // One commit of 501 rows; the policy raises (division by zero) for the 250th, 'boom', so the
      // check of a batch in the middle fails with changes still queued behind it.
      await db.query(
        `insert into public.rt_probe (id, note)
         select 1000 + i, case when i = 250 then 'boom' else 'queued' end from generate_series(1, 501) i`,
      );
      await db.query(`insert into public.rt_probe (id, note) values (2000, 'later')`);
      const ids = (await probe.until(501)).map((c) => c.new.id);
      // The row whose check failed goes to nobody (fail closed); every other one, in order.
      const queued = Array.from({ length: 501 }, (_, i) => 1001 + i).filter((id) => id !== 1250);
      expect(ids).toEqual([...queued, 2000]);
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('stamps every row of a transaction with the same commit_timestamp', async () => {
    const probe = await listen(await rt.client(await userToken(USER)), 'rt_probe', { event: 'INSERT' });
    // Three rows written 10 ms apart, committed together: one commit time for all three.
    await db.transaction(async (tx) => {
      for (const id of [1, 2, 3]) {
        await tx.query(`insert into public.rt_probe (id, note) values ($1, 'one commit')`, [id]);
        await tx.query('select pg_sleep(0.01)');
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await db.query(`insert into public.rt_probe (id, note) values (4, 'next commit')`);
    const stamps = (await probe.until(4)).map((c) => c.commit_timestamp);
    expect(new Set(stamps.slice(0, 3)).size).toBe(1);
    expect(Date.parse(stamps[3])).toBeGreaterThan(Date.parse(stamps[0]));
  });

  it('compares a timestamptz filter as time, not as text', async () => {
    // 12:00 at +02 is 10:00 UTC. As text, every stored value ("2024-05-01T…") sorts after the
    // filter's "2024-05-01 12…" (T > space), so 09:00 UTC would pass a string comparison.
    const probe = await listen(await rt.client(await userToken(USER)), 'rt_probe', {
      event: 'INSERT',
      filter: 'at=gt.2024-05-01 12:00:00+02',
    });
    await db.query(`insert into public.rt_probe (id, at) values (1, '2024-05-01T09:00:00Z')`);
    await db.query(`insert into public.rt_probe (id, at) values (2, '2024-05-01T10:00:00Z')`);
    await db.query(`insert into public.rt_probe (id, at) values (3, '2024-05-01T10:00:00.000001Z')`);
    await db.query(`insert into public.rt_probe (id, at) values (4, '2024-05-01 12:30:00+02')`);
    const ids = (await probe.until(2)).map((c) => c.new.id);
    await db.query(`insert into public.rt_probe (id, at) values (5, '2024-05-02T00:00:00Z')`);
    expect((await probe.until(3)).map((c) => c.new.id)).toEqual([3, 4, 5]);
    expect(ids).toEqual([3, 4]);
  });

  it('sends a delete to a channel filtered on the primary key, not to one filtered on another column', async () => {
    // apply_rls passes a DELETE through a filter on its old columns, which hold the primary key
    // only (realtime.apply_rls: is_visible_through_filters(old_columns, filters)).
    await db.query(`insert into public.rt_probe (id, note) values (7, 'gone'), (8, 'sentinel')`);
    const c = await rt.client(await userToken(USER));
    const byId = await listen(c, 'rt_probe', { event: 'DELETE', filter: 'id=eq.7' });
    const byNote = await listen(c, 'rt_probe', { event: 'DELETE', filter: 'note=eq.gone' });
    const sentinel = await listen(c, 'rt_probe', { event: 'DELETE', filter: 'id=eq.8' });
    await db.query('delete from public.rt_probe where id = 7');
    await db.query('delete from public.rt_probe where id = 8');
    expect((await byId.until(1)).map((d) => [d.eventType, d.old])).toEqual([['DELETE', { id: 7 }]]);
    await sentinel.until(1);
    expect(byNote.received).toEqual([]);
  });

  it('delivers a row larger than a NOTIFY payload in its place', async () => {
    const admin = await listen(await rt.client(await userToken(ADMIN)), 'scans', { event: 'INSERT' });
    await insertScan(USER, 'Large', 'x'.repeat(20_000));
    await insertScan(USER, 'After large');
    const changes = await admin.until(2);
    expect(changes.map((c) => c.new.name)).toEqual(['Large', 'After large']);
    expect(changes[0].new.description).toHaveLength(20_000);
  });

  it('refuses a table outside the supabase_realtime publication as a missing one, and watches tables only while subscribed', async () => {
    const triggers = () =>
      db.query<{ table: string }>(
        `select tgrelid::regclass::text as table from pg_trigger where tgname = 'zz_labellens_realtime' order by 1`,
      );
    const c = await rt.client(await userToken(USER));
    // Hosted subscribes through the publication (subscriptions.ex): an unpublished table is not
    // found, with the same text as a table that does not exist.
    await expect(listen(c, 'user_devices')).rejects.toThrow(
      'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: public, table: user_devices, filters: [], select: nil]',
    );
    const scans = await listen(c, 'scans', { event: 'INSERT' });
    expect((await triggers()).rows).toEqual([{ table: 'scans' }]);
    await insertScan(USER, 'Published');
    await scans.until(1);
    await c.removeAllChannels();
    await vi.waitFor(async () => expect((await triggers()).rows).toEqual([]));
  });

  it('announces a row moved to the trash as a plain delete to app users, its restore as an insert; the trash is not published', async () => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.news (title, content, source_url) values ('Trashed on air', 'Body', 'https://example.com/t') returning id`,
    );
    const id = rows[0].id;
    const user = await listen(await rt.client(await userToken(USER)), 'news');
    await expect(listen(await rt.client(await userToken(USER)), 'trash')).rejects.toThrow(
      'Unable to subscribe to changes with given parameters',
    );
    const asOwner = async (sql: string) =>
      db.transaction(async (tx) => {
        await assumeIdentity(tx, {
          role: 'authenticated',
          claims: { sub: ADMIN, role: 'authenticated', aal: 'aal2' },
        });
        await tx.query(sql, [id]);
      });
    await asOwner(`delete from public.news where id = $1`);
    await asOwner(
      `select public.admin_restore_trashed(array(select t.id from public.trash t where t.record_id = $1))`,
    );
    const [deleted, restored] = await user.until(2);
    expect(deleted).toMatchObject({ eventType: 'DELETE', old: { id }, new: {} });
    expect(restored).toMatchObject({ eventType: 'INSERT', new: { id, title: 'Trashed on air' } });
  });

  it('works with the 1.0.0 serializer too', async () => {
    const admin = await listen(await rt.client(await userToken(ADMIN), '1.0.0'), 'news', { event: 'INSERT' });
    await db.query(
      `insert into public.news (title, content, source_url) values ('Over vsn 1', 'Body', 'https://example.com')`,
    );
    expect((await admin.until(1))[0].new.title).toBe('Over vsn 1');
  });
});

describe('tokens', () => {
  it('refuses a join with an expired or forged token with Realtime reasons', async () => {
    const expired = await signJwt({ sub: USER, role: 'authenticated' }, { expiresInSeconds: -10 });
    const forged = `${(await userToken(USER)).slice(0, -4)}AAAA`;
    for (const [accessToken, reason] of [
      [expired, /^Token has expired \d+ seconds ago$/],
      [forged, /^The token provided is not a valid JWT$/],
    ] as const) {
      const refused = await rt.client(accessToken);
      const error = await new Promise<Error | undefined>((resolve) =>
        refused
          .channel('refused')
          .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'scans' }, () => undefined)
          .subscribe((status, err) => status === 'CHANNEL_ERROR' && resolve(err)),
      );
      expect(error?.message).toMatch(reason);
    }
  });

  it('ends the channel with a system error when its token expires, and follows a refreshed token', async () => {
    const c = await rt.client(await userToken(ADMIN, { aal: 'aal1' }));
    const scans = await listen(c, 'scans', { event: 'INSERT' });
    // Not an admin without the second factor; the refreshed aal2 token is.
    await insertScan(USER, 'Before refresh');
    await c.realtime.setAuth(await userToken(ADMIN));
    await vi.waitFor(async () => {
      await insertScan(USER, 'After refresh');
      expect(scans.received.length).toBeGreaterThan(0);
    });
    expect(scans.received[0].new.name).toBe('After refresh');

    const short = await rt.client(await userToken(ADMIN, {}, 1));
    const system = new Promise<{ extension: string; status: string; message: string }>((resolve) => {
      const channel: RealtimeChannel = short.channel('expiring');
      channel
        .on('system' as never, {}, (m: { extension: string; status: string; message: string }) => {
          if (m.extension === 'system') resolve(m);
        })
        .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'news' }, () => undefined)
        .subscribe();
    });
    expect(await system).toMatchObject({
      extension: 'system',
      status: 'error',
      message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
    });
  });
});

describe('limits and refusals', () => {
  it('refuses a connection whose apikey does not verify', async () => {
    const socket = new NodeWebSocket(
      `${rt.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=not-a-key&vsn=2.0.0`,
    );
    const status = await new Promise<number | undefined>((resolve) =>
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode)),
    );
    expect(status).toBe(403);
  });

  it('refuses channels past the per-connection limit and closes a socket sending an oversized frame', async () => {
    const c = await rt.client(await userToken(USER));
    for (let i = 0; i < 3; i++) await listen(c, 'scans');
    const error = await new Promise<Error | undefined>((resolve) =>
      c
        .channel('one-too-many')
        .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'scans' }, () => undefined)
        .subscribe((status, err) => status === 'CHANNEL_ERROR' && resolve(err)),
    );
    expect(error?.message).toBe('ChannelRateLimitReached: Too many channels');

    const socket = new NodeWebSocket(
      `${rt.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${LOCAL_ANON_KEY}&vsn=2.0.0`,
    );
    await new Promise((resolve) => socket.on('open', resolve));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.send(JSON.stringify([null, '1', 'realtime:big', 'phx_join', { pad: 'x'.repeat(70 * 1024) }]));
    expect(await closed).toBe(1009);
  });

  it('answers an unknown table and an unknown filter column with the postgres_changes system errors', async () => {
    await expect(listen(await rt.client(await userToken(USER)), 'no_such_table')).rejects.toThrow(
      'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: public, table: no_such_table, filters: [], select: nil]',
    );
    await expect(
      listen(await rt.client(await userToken(USER)), 'scans', { filter: 'nope=eq.1' }),
    ).rejects.toThrow(
      'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [event: *, schema: public, table: scans, filters: [{"nope", "eq", "1", false}], select: nil]. Exception: ERROR P0001 (raise_exception) invalid column for filter nope',
    );
  });
});

describe('presence', () => {
  it('shows each member who else has the topic open, and drops one who leaves', async () => {
    const join = async (sub: string, email: string) => {
      const channel = (await rt.client(await userToken(sub))).channel('editing:news:1', {
        config: { presence: { key: sub } },
      });
      await new Promise<void>((resolve) =>
        channel.subscribe((status) => status === 'SUBSCRIBED' && resolve()),
      );
      await channel.track({ email });
      return channel;
    };
    const a = await join(ADMIN, 'admin@labellens.dev');
    const b = await join(USER, 'user@labellens.dev');
    await vi.waitFor(() => expect(Object.keys(a.presenceState()).sort()).toEqual([ADMIN, USER].sort()));
    expect(b.presenceState()[ADMIN]).toMatchObject([{ email: 'admin@labellens.dev' }]);
    await b.unsubscribe();
    await vi.waitFor(() => expect(Object.keys(a.presenceState())).toEqual([ADMIN]));
  });

  it('ends a channel that tracks more than the presence limit, with the system error', async () => {
    const channel = (await rt.client(await userToken(USER))).channel('editing:news:big');
    const system = new Promise<{ extension: string; status: string; message: string }>((resolve) =>
      channel.on('system' as never, {}, resolve),
    );
    await new Promise<void>((resolve) => channel.subscribe((status) => status === 'SUBSCRIBED' && resolve()));
    void channel.track({ note: 'x'.repeat(11 * 1024) });
    expect(await system).toMatchObject({
      extension: 'system',
      status: 'error',
      message: 'Track message size exceeded',
    });
    expect(Object.keys(channel.presenceState())).toEqual([]);
  });
});
