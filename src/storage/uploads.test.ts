import { http, HttpResponse } from 'msw';
import { createDataProvider } from '../adminDataProvider';
import { FILE_MESSAGES } from '../domain/storage';
import { bucketObjects, DEMO, setUpStandInServer, signIn } from '../test/standInServer';

const server = setUpStandInServer();
const PUBLIC = 'http://localhost:54321/storage/v1/object/public/news-screenshots/';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 5, 5]);

const objects = () => bucketObjects(server.db(), 'news-screenshots');

const article = (title: string, file?: File) => ({
  title,
  content: 'Body',
  source_url: 'https://example.com/a',
  source_url_screenshot: null,
  ...(file ? { screenshot_file: file } : {}),
});

describe('news screenshots through the data provider', { timeout: 60_000 }, () => {
  beforeEach(() => signIn(DEMO.admin));

  it('uploads the chosen file on save and keeps its public URL; replacing, or deleting forever, leaves no orphan', async () => {
    const provider = createDataProvider();
    const before = await objects();
    const { data: created } = await provider.create('news', {
      data: article('With a screenshot', new File([PNG], 'shot.png', { type: 'image/png' })),
    });
    const first = String(created.source_url_screenshot);
    expect(first).toMatch(new RegExp(`^${PUBLIC}[0-9a-f-]{36}\\.png$`));
    expect(await objects()).toEqual([...before, first.slice(PUBLIC.length)].sort());
    expect(new Uint8Array(await (await fetch(first)).arrayBuffer())).toEqual(PNG);

    const { data: updated } = await provider.update('news', {
      id: created.id,
      data: {
        ...article('With a screenshot'),
        screenshot_file: new File([JPEG], 'new.jpg', { type: 'image/jpeg' }),
      },
      previousData: created,
    });
    const second = String(updated.source_url_screenshot);
    expect(second).toMatch(/\.jpg$/);
    expect(await objects()).toEqual([...before, second.slice(PUBLIC.length)].sort());

    // An external URL instead: the uploaded object goes.
    const { data: external } = await provider.update('news', {
      id: created.id,
      data: { ...article('With a screenshot'), source_url_screenshot: 'https://example.com/s.png' },
      previousData: updated,
    });
    expect(external.source_url_screenshot).toBe('https://example.com/s.png');
    expect(await objects()).toEqual(before);

    const { data: again } = await provider.update('news', {
      id: created.id,
      data: article('With a screenshot', new File([PNG], 'again.png', { type: 'image/png' })),
      previousData: external,
    });
    const third = String(again.source_url_screenshot).slice(PUBLIC.length);
    await provider.delete('news', { id: created.id, previousData: again });
    // In the trash the article keeps its file (Restore brings both back); deleting forever removes it.
    expect(await objects()).toEqual([...before, third].sort());
    const { rows: entry } = await server
      .db()
      .query<{ id: string }>(`select id::text from public.trash where record_id = $1`, [created.id]);
    expect(await provider.deleteForever([entry[0].id])).toEqual({ deleted: 1 });
    expect(await objects()).toEqual(before);
  });

  it('a save that fails removes the file it uploaded', async () => {
    const provider = createDataProvider();
    const before = await objects();
    server
      .msw()
      .use(
        http.post('http://localhost:54321/rest/v1/news', () =>
          HttpResponse.json({ message: 'down' }, { status: 503 }),
        ),
      );
    await expect(
      provider.create('news', { data: article('Fails', new File([PNG], 'x.png', { type: 'image/png' })) }),
    ).rejects.toThrow();
    expect(await objects()).toEqual(before);
  });

  it("a renamed SVG declared image/png, which Storage would store (it checks the declared type only), is refused by the admin's byte check before upload; nothing is sent or saved", async () => {
    const provider = createDataProvider();
    const before = await objects();
    const sent: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.startsWith('/storage/v1/object/')) sent.push(request.url);
    };
    server.msw().events.on('request:start', listener);
    try {
      const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'fake.png', { type: 'image/png' });
      await expect(provider.create('news', { data: article('Refused', svg) })).rejects.toThrow(
        FILE_MESSAGES.typeNotAllowed,
      );
    } finally {
      server.msw().events.removeListener('request:start', listener);
    }
    expect(sent).toEqual([]);
    expect(await objects()).toEqual(before);
    const { rows } = await server.db().query(`select 1 from public.news where title = 'Refused'`);
    expect(rows).toEqual([]);
  });
});
