import type { Database } from '../db';
import { openTestPglite } from '../testing/snapshot';
import { ChangeCapture, type CapturedChange } from './capture';

/**
 * Two captures on one database, as each tab of the demo has its own Realtime hub on the one PGlite
 * the tabs share: one's start or unwatch must not drop the trigger the other watches with.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestPglite();
}, 60_000);
afterAll(() => db.close());

const triggersOnNews = async () =>
  (
    await db.query<{ n: number }>(
      `select count(*)::int as n from pg_trigger where tgname = 'zz_labellens_realtime' and tgrelid = 'public.news'::regclass`,
    )
  ).rows[0].n;

test.each([
  { shared: true, afterStart: 1, afterUnwatch: 1 },
  { shared: false, afterStart: 0, afterUnwatch: 0 },
])(
  'shared $shared: a second capture keeps the first one’s trigger',
  async ({ shared, afterStart, afterUnwatch }) => {
    const seen: CapturedChange[] = [];
    const tabA = await ChangeCapture.start(db, (change) => seen.push(change), { shared });
    const news = (await tabA.describe('public', 'news'))!;
    await tabA.watch(news);
    expect(await triggersOnNews()).toBe(1);
    const tabB = await ChangeCapture.start(db, () => undefined, { shared });
    expect(await triggersOnNews()).toBe(afterStart);
    await tabB.watch(news);
    await tabB.unwatch(news);
    expect(await triggersOnNews()).toBe(afterUnwatch);
    await tabA.stop();
    await tabB.stop();
    await db.exec(`drop trigger if exists zz_labellens_realtime on public.news`);
  },
);
