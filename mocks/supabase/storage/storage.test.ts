/**
 * The stand-in's Storage driven by real storage-js (through supabase-js): each call the product
 * uses, each refusal, each bucket's rules per caller (owner, editor, support, an app user in their
 * folder and another's, a visitor) and signed URLs (valid, tampered, expired, for another object).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { readFileSync } from 'node:fs';
import ws from 'ws';
import { BUCKETS, quotaMessage, typeNotSupportedMessage } from '../../../src/domain/storage';
import type { Database } from '../db';
import { signJwt } from '../jwt';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../keys';
import { createStandIn, type StandIn } from '../standIn';
import { openTestDatabase } from '../testing/snapshot';
import { BLOB_STORE_SQL } from './objects';

const URL_BASE = 'http://storage.test';
const OWNER = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000002';
const OTHER = '00000000-0000-4000-8000-0000000000b1';
const EDITOR = '00000000-0000-4000-8000-0000000000b2';
const SUPPORT = '00000000-0000-4000-8000-0000000000b3';

let db: Database;
let standIn: StandIn;

/** A PNG's and a JPEG's first bytes, then filler; an SVG and a page that would run script. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 9, 9]);
const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
const HTML = new TextEncoder().encode('<!DOCTYPE html><script>alert(1)</script>');

const inProcess: typeof fetch = async (input, init) => {
  const response = await standIn.handle(new Request(input, init));
  if (!response) throw new TypeError('not a stand-in path');
  return response;
};

const token = (sub: string, role = 'authenticated') =>
  signJwt({ sub, role, aud: 'authenticated', aal: 'aal2' }, { expiresInSeconds: 3600 });

/** storage-js as the app or the admin use it, signed in as sub (a visitor without one). */
async function as(sub?: string): Promise<SupabaseClient> {
  const accessToken = sub ? await token(sub) : undefined;
  return createClient(URL_BASE, LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: inProcess },
    realtime: { transport: ws as unknown as typeof WebSocket },
    ...(accessToken ? { accessToken: async () => accessToken } : {}),
  });
}

const serviceRole = () =>
  createClient(URL_BASE, LOCAL_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: inProcess },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });

const objectCount = async (bucket: string, name: string) =>
  (
    await db.query<{ n: number }>(
      'select count(*)::int as n from storage.objects where bucket_id = $1 and name = $2',
      [bucket, name],
    )
  ).rows[0].n;

const blob = (bytes: Uint8Array, type: string) => new Blob([new Uint8Array(bytes)], { type });

/** The error as storage-js reports it: HTTP status, the body's statusCode and message. */
const failure = (error: unknown) => {
  const e = error as { status?: number; statusCode?: string; message?: string } | null;
  return e && { status: e.status, statusCode: e.statusCode, message: e.message };
};

beforeAll(async () => {
  db = await openTestDatabase();
  await db.exec(`
    insert into auth.users (id, instance_id, aud, role, email, created_at, updated_at) values
      ('${OTHER}', '00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated', 'other@example.com', now(), now()),
      ('${EDITOR}', '00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated', 'files-editor@example.com', now(), now()),
      ('${SUPPORT}', '00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated', 'files-support@example.com', now(), now());
    insert into public.admin_users (user_id, role) values ('${EDITOR}', 'editor'), ('${SUPPORT}', 'support');`);
  standIn = createStandIn({ db });
});

afterAll(() => db.close());

describe('buckets', () => {
  it('are the three of src/domain/storage.ts, with their limits and types', async () => {
    const { rows } = await db.query<{ id: string; public: boolean; limit: number; types: string[] }>(
      `select id, public, file_size_limit::int as limit, allowed_mime_types as types from storage.buckets order by id`,
    );
    expect(rows).toEqual(
      Object.entries(BUCKETS)
        .map(([id, rules]) => ({
          id,
          public: rules.public,
          limit: rules.fileSizeLimit,
          types: [...rules.allowedMimeTypes],
        }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it('hold the demo images seeded from supabase/config.toml objects_path, as `supabase seed buckets` does', async () => {
    const { data, error } = await (
      await as(OWNER)
    ).storage
      .from('scan-images')
      .download(`${USER}/label-1.png`);
    expect(error).toBeNull();
    const expected = readFileSync(`supabase/storage/scan-images/${USER}/label-1.png`);
    expect(Buffer.from(await data!.arrayBuffer()).equals(expected)).toBe(true);
    expect(data!.type).toBe('image/png');
    const { data: listed } = await (await as(USER)).storage.from('avatars').list(USER);
    expect(listed!.map((o) => o.name)).toEqual([
      'profile-1.png',
      'profile-2.png',
      'profile-3.png',
      'profile-4.png',
    ]);
  });
});

describe('news-screenshots (public; owners and editors write)', () => {
  it('an owner uploads a file (multipart, as storage-js sends a Blob) that anyone reads by its public URL', async () => {
    const owner = await as(OWNER);
    const { data, error } = await owner.storage
      .from('news-screenshots')
      .upload('owner-shot.png', blob(PNG, 'image/png'));
    expect(error).toBeNull();
    expect(data).toEqual({
      path: 'owner-shot.png',
      id: expect.any(String),
      fullPath: 'news-screenshots/owner-shot.png',
    });

    const { publicUrl } = owner.storage.from('news-screenshots').getPublicUrl('owner-shot.png').data;
    expect(publicUrl).toBe(`${URL_BASE}/storage/v1/object/public/news-screenshots/owner-shot.png`);
    const response = await inProcess(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('max-age=3600');
    // renderer.ts's headers: no Content-Security-Policy of its own.
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('x-robots-tag')).toBe('none');
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  it('refuses a second upload to the same name unless it upserts, which replaces the bytes', async () => {
    const owner = await as(OWNER);
    const bucket = owner.storage.from('news-screenshots');
    await bucket.upload('replace-me.png', blob(PNG, 'image/png'));
    const again = await bucket.upload('replace-me.png', blob(PNG, 'image/png'));
    expect(failure(again.error)).toEqual({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    });
    const upserted = await bucket.upload('replace-me.png', blob(JPEG, 'image/jpeg'), { upsert: true });
    expect(upserted.error).toBeNull();
    const response = await inProcess(`${URL_BASE}/storage/v1/object/public/news-screenshots/replace-me.png`);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(JPEG);
    // PUT is Storage's update: it replaces an existing object.
    const updated = await bucket.update('replace-me.png', PNG, { contentType: 'image/png' });
    expect(updated.error).toBeNull();
    expect(await objectCount('news-screenshots', 'replace-me.png')).toBe(1);
  });

  it('an editor writes; support, an app user and a visitor are refused by the policies', async () => {
    expect(
      (await (await as(EDITOR)).storage.from('news-screenshots').upload('editor.png', blob(PNG, 'image/png')))
        .error,
    ).toBeNull();
    for (const sub of [SUPPORT, USER, undefined]) {
      const { error } = await (
        await as(sub)
      ).storage
        .from('news-screenshots')
        .upload(`refused-${sub}.png`, blob(PNG, 'image/png'));
      expect(failure(error)).toEqual({
        status: 400,
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
      expect(await objectCount('news-screenshots', `refused-${sub}.png`)).toBe(0);
    }
  });

  it('removes an object only for its writers, with its bytes', async () => {
    const owner = await as(OWNER);
    await owner.storage.from('news-screenshots').upload('to-remove.png', blob(PNG, 'image/png'));
    const bySupport = await (await as(SUPPORT)).storage.from('news-screenshots').remove(['to-remove.png']);
    expect(bySupport).toEqual({ data: [], error: null });
    const { data } = await owner.storage.from('news-screenshots').remove(['to-remove.png', 'never-was.png']);
    expect(data!.map((o) => o.name)).toEqual(['to-remove.png']);
    expect(await objectCount('news-screenshots', 'to-remove.png')).toBe(0);
    const gone = await inProcess(`${URL_BASE}/storage/v1/object/public/news-screenshots/to-remove.png`);
    expect(gone.status).toBe(400);
    expect(await gone.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
  });
});

describe('scan-images and avatars (private; a user writes and reads their folder)', () => {
  it('an app user writes and reads their own folder; another user, an editor and a visitor see nothing', async () => {
    const user = await as(USER);
    const name = `${USER}/own-label.jpg`;
    expect((await user.storage.from('scan-images').upload(name, blob(JPEG, 'image/jpeg'))).error).toBeNull();
    const own = await user.storage.from('scan-images').download(name);
    expect(new Uint8Array(await own.data!.arrayBuffer())).toEqual(JPEG);

    for (const sub of [OTHER, EDITOR, undefined]) {
      const { error } = await (await as(sub)).storage.from('scan-images').download(name);
      expect(error).toMatchObject({ status: 400 });
      expect(
        (await (await as(sub)).storage.from('scan-images').createSignedUrl(name, 60)).error,
      ).toMatchObject({
        status: 400,
        statusCode: '404',
        message: 'Object not found',
      });
    }
    const intoAnother = await (
      await as(OTHER)
    ).storage
      .from('avatars')
      .upload(`${USER}/intruder.png`, blob(PNG, 'image/png'));
    expect(failure(intoAnother.error)).toEqual({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
  });

  it('owners and support read every folder; a public URL of a private object is refused', async () => {
    for (const sub of [OWNER, SUPPORT]) {
      const { data, error } = await (await as(sub)).storage.from('avatars').download(`${USER}/profile-2.png`);
      expect(error).toBeNull();
      expect(data!.size).toBeGreaterThan(100);
    }
    const response = await inProcess(`${URL_BASE}/storage/v1/object/public/scan-images/${USER}/label-2.png`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    });
  });

  it('lists one folder level under the caller policies', async () => {
    const { data } = await (await as(OWNER)).storage.from('scan-images').list('', { limit: 10 });
    expect(data!.map((e) => [e.name, e.id])).toEqual([[USER, null]]);
    const { data: mine } = await (
      await as(USER)
    ).storage
      .from('scan-images')
      .list(USER, { sortBy: { column: 'name', order: 'desc' }, limit: 2 });
    expect(mine!.map((e) => e.name)).toEqual(['own-label.jpg', 'label-6.png']);
    expect((await (await as(OTHER)).storage.from('scan-images').list(USER)).data).toEqual([]);
  });

  it('moves and copies inside the user folder, and refuses a move into another folder', async () => {
    const user = await as(USER);
    const files = user.storage.from('avatars');
    await files.upload(`${USER}/draft.png`, blob(PNG, 'image/png'));
    expect(await files.move(`${USER}/draft.png`, `${USER}/final.png`)).toEqual({
      data: { message: 'Successfully moved' },
      error: null,
    });
    expect(await objectCount('avatars', `${USER}/draft.png`)).toBe(0);
    expect(await files.copy(`${USER}/final.png`, `${USER}/copy.png`)).toEqual({
      data: { path: `avatars/${USER}/copy.png` },
      error: null,
    });
    const copied = await files.download(`${USER}/copy.png`);
    expect(new Uint8Array(await copied.data!.arrayBuffer())).toEqual(PNG);
    const away = await files.move(`${USER}/final.png`, `${OTHER}/stolen.png`);
    expect(failure(away.error)).toEqual({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect(await objectCount('avatars', `${USER}/final.png`)).toBe(1);
    // Another user's remove deletes nothing.
    expect((await (await as(OTHER)).storage.from('avatars').remove([`${USER}/final.png`])).data).toEqual([]);
    expect(await objectCount('avatars', `${USER}/final.png`)).toBe(1);
  });
});

describe('signed URLs', () => {
  const path = `${USER}/label-3.png`;

  it('one and many: valid for the time asked; objects the caller cannot see are named, not signed', async () => {
    const admin = await as(OWNER);
    const { data } = await admin.storage.from('scan-images').createSignedUrl(path, 60);
    expect(data!.signedUrl).toMatch(
      new RegExp(`^${URL_BASE}/storage/v1/object/sign/scan-images/${path}\\?token=`),
    );
    const response = await inProcess(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');

    const many = await (await as(OTHER)).storage.from('scan-images').createSignedUrls([path], 60);
    expect(many.data).toEqual([
      {
        error: 'Either the object does not exist or you do not have access to it',
        path,
        signedURL: null,
        signedUrl: null,
      },
    ]);
    const page = await admin.storage.from('scan-images').createSignedUrls([path, `${USER}/missing.png`], 60);
    expect(page.data!.map((d) => [d.path, d.error, typeof d.signedUrl])).toEqual([
      [path, null, 'string'],
      [`${USER}/missing.png`, 'Either the object does not exist or you do not have access to it', 'object'],
    ]);
  });

  it('refuses a tampered token, an expired one and one for another object', async () => {
    const { data } = await (await as(OWNER)).storage.from('scan-images').createSignedUrl(path, 60);
    // One character inside the signature changed. (Not the last one: its low bits are base64url
    // padding, so 'B' -> 'A' there can leave the signature's bytes as they were.)
    const tamperedUrl = new URL(data!.signedUrl);
    const signed = tamperedUrl.searchParams.get('token')!;
    const at = signed.length - 10;
    tamperedUrl.searchParams.set(
      'token',
      signed.slice(0, at) + (signed[at] === 'A' ? 'B' : 'A') + signed.slice(at + 1),
    );
    const tampered = tamperedUrl.toString();
    expect(await (await inProcess(tampered)).json()).toEqual({
      statusCode: '400',
      code: 'InvalidJWT',
      error: 'InvalidJWT',
      message: 'invalid signature',
    });
    const expired = await signJwt(
      { url: `scan-images/${path}`, scope: 'download' },
      { expiresInSeconds: -5 },
    );
    const late = await inProcess(`${URL_BASE}/storage/v1/object/sign/scan-images/${path}?token=${expired}`);
    expect(late.status).toBe(400);
    expect((await late.json()).message).toBe('jwt expired');
    const token = new URL(data!.signedUrl).searchParams.get('token');
    const elsewhere = await inProcess(
      `${URL_BASE}/storage/v1/object/sign/scan-images/${USER}/label-4.png?token=${token}`,
    );
    expect(await elsewhere.json()).toMatchObject({ statusCode: '400', message: 'Invalid signature' });
  });

  it('a signed upload URL lets its holder upload that one object, checked against the policies when signed', async () => {
    const user = await as(USER);
    const signed = await user.storage.from('scan-images').createSignedUploadUrl(`${USER}/via-signed.png`);
    expect(signed.error).toBeNull();
    const visitor = await as();
    const uploaded = await visitor.storage
      .from('scan-images')
      .uploadToSignedUrl(`${USER}/via-signed.png`, signed.data!.token, blob(PNG, 'image/png'));
    expect(uploaded.error).toBeNull();
    expect(await objectCount('scan-images', `${USER}/via-signed.png`)).toBe(1);
    const refused = await (
      await as(OTHER)
    ).storage
      .from('scan-images')
      .createSignedUploadUrl(`${USER}/nope.png`);
    expect(failure(refused.error)).toEqual({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
  });
});

describe('bad input gets a clear answer and stores nothing', () => {
  it('a declared type outside the bucket list, as sent (uploader.ts validateMimeType)', async () => {
    const owner = (await as(OWNER)).storage.from('news-screenshots');
    const cases: Array<[string, Uint8Array, string]> = [
      ['declared.gif', PNG, 'image/gif'],
      ['page.png', HTML, 'text/html'],
      ['drawing.png', SVG, 'image/svg+xml'],
      // Compared as sent: parameters and case are not dropped, as Storage does not drop them.
      ['params.png', PNG, 'image/png; charset=utf-8'],
      ['upper.png', PNG, 'IMAGE/PNG'],
    ];
    for (const [name, bytes, type] of cases) {
      const { error } = await owner.upload(name, new Uint8Array(bytes), { contentType: type });
      expect(failure(error)).toEqual({
        status: 400,
        statusCode: '415',
        message: `mime type ${type} is not supported`,
      });
      expect(await objectCount('news-screenshots', name)).toBe(0);
    }
  });

  it('a type Storage lets through by its first two pieces (image/png/x) is refused by the database (26_storage.sql), directly, in a form field and through a signed upload URL', async () => {
    const loose = ['image/png/x', 'image/png/,text/html'];
    const unlinkedParts = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from _storage.parts where object_id is null'))
        .rows[0].n;
    const parts = await unlinkedParts();
    // Storage's validateMimeType passes them (an AccessDenied, not its 415): the trigger refuses.
    const refused = (type: string) => ({
      status: 400,
      statusCode: '403',
      message: typeNotSupportedMessage(type),
    });
    const news = (await as(OWNER)).storage.from('news-screenshots');
    const user = (await as(USER)).storage.from('scan-images');
    for (const type of loose) {
      // A raw body with that Content-Type (refused by the caller's test insert, before the body).
      expect(
        failure((await news.upload('loose.png', new Uint8Array(HTML), { contentType: type })).error),
      ).toEqual(refused(type));
      // A multipart form whose contentType field declares it (uploader.ts takes the field first).
      const form = new FormData();
      form.append('cacheControl', '3600');
      form.append('contentType', type);
      form.append('', blob(HTML, 'image/png'));
      expect(failure((await user.upload(`${USER}/loose.png`, form)).error)).toEqual(refused(type));
      // A signed upload URL: created without a type, then refused at the row Storage writes.
      const signed = await user.createSignedUploadUrl(`${USER}/loose-signed.png`);
      expect(signed.error).toBeNull();
      const viaSigned = await (
        await as()
      ).storage
        .from('scan-images')
        .uploadToSignedUrl(`${USER}/loose-signed.png`, signed.data!.token, new Uint8Array(HTML), {
          contentType: type,
        });
      expect(failure(viaSigned.error)).toEqual(refused(type));
    }
    expect(await objectCount('news-screenshots', 'loose.png')).toBe(0);
    expect(await objectCount('scan-images', `${USER}/loose.png`)).toBe(0);
    expect(await objectCount('scan-images', `${USER}/loose-signed.png`)).toBe(0);
    expect(await unlinkedParts()).toBe(parts);
  });

  it("the bytes are not looked at: a renamed SVG or page declared image/png is stored and served as image/png, as hosted Storage does (the admin's own check refuses it before upload)", async () => {
    const owner = (await as(OWNER)).storage.from('news-screenshots');
    for (const [name, bytes] of [
      ['svg-as.png', SVG],
      ['html-as.png', HTML],
    ] as const) {
      // Raw (the admin's way) and multipart (a Blob): the declared type is all that is checked.
      expect(
        (await owner.upload(name, new Uint8Array(bytes), { contentType: 'image/png' })).error,
      ).toBeNull();
      expect((await owner.upload(`blob-${name}`, blob(bytes, 'image/png'))).error).toBeNull();
      const { rows } = await db.query<{ type: string }>(
        `select metadata->>'mimetype' as type from storage.objects
          where bucket_id = 'news-screenshots' and name = any($1) order by name`,
        [[name, `blob-${name}`]],
      );
      expect(rows).toEqual([{ type: 'image/png' }, { type: 'image/png' }]);
      const response = await inProcess(`${URL_BASE}/storage/v1/object/public/news-screenshots/${name}`);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    }
  });

  it('a file over the bucket limit, named in the message', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const { error } = await (
      await as(OWNER)
    ).storage
      .from('news-screenshots')
      .upload('big.png', blob(big, 'image/png'));
    expect(failure(error)).toEqual({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size of 5 MB',
    });
    expect(await objectCount('news-screenshots', 'big.png')).toBe(0);
  });

  it('names that climb out of their folder, absolute names and control characters', async () => {
    const bearer = `Bearer ${await token(USER)}`;
    // A URL's own `..` and `%2e%2e` segments are resolved by the client before it is sent (WHATWG
    // URL); what reaches the server decoded is an encoded slash, a leading or doubled slash, a
    // control character.
    const names = [
      `${USER}/%2E%2E%2F${OTHER}%2Fx.png`,
      `/${USER}/x.png`,
      `${USER}/x%0a.png`,
      `${USER}//x.png`,
    ];
    for (const name of names) {
      const response = await standIn.handle(
        new Request(`${URL_BASE}/storage/v1/object/scan-images/${name}`, {
          method: 'POST',
          headers: { authorization: bearer, apikey: LOCAL_ANON_KEY, 'content-type': 'image/png' },
          body: PNG,
        }),
      );
      expect(response!.status).toBe(400);
      const body = await response!.json();
      expect(body).toMatchObject({ statusCode: '400', code: 'InvalidKey', error: 'InvalidKey' });
      expect(body.message).toBe(`Invalid key: ${decodeURIComponent(name)}`);
    }
    // Names in a body are not URLs: `..` arrives as sent.
    const moved = await (
      await as(USER)
    ).storage
      .from('scan-images')
      .move(`${USER}/label-1.png`, `${USER}/../${OTHER}/x.png`);
    expect(failure(moved.error)).toEqual({
      status: 400,
      statusCode: '400',
      message: `Invalid key: ${USER}/../${OTHER}/x.png`,
    });
    const { rows } = await db.query(`select name from storage.objects where name like '%x.png'`);
    expect(rows).toEqual([]);
  });

  it('an object is served with its declared type, text/html as text/plain (renderer.ts normalizeContentType), with no sandbox', async () => {
    await db.exec(`insert into storage.buckets (id, name, public) values ('anything', 'anything', true)`);
    const files = serviceRole().storage.from('anything');
    expect((await files.upload('page.html', blob(HTML, 'text/html'))).error).toBeNull();
    expect((await files.upload('drawing.svg', blob(SVG, 'image/svg+xml'))).error).toBeNull();
    // A raw body without a Content-Type is application/octet-stream (uploader.ts).
    const raw = await inProcess(`${URL_BASE}/storage/v1/object/anything/untyped`, {
      method: 'POST',
      headers: { authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, apikey: LOCAL_SERVICE_ROLE_KEY },
      body: new Uint8Array(PNG),
    });
    expect(raw.status).toBe(200);
    const served = async (name: string) => {
      const response = await inProcess(`${URL_BASE}/storage/v1/object/public/anything/${name}`);
      return [response.headers.get('content-type'), response.headers.get('content-security-policy')];
    };
    expect(await served('page.html')).toEqual(['text/plain', null]);
    expect(await served('drawing.svg')).toEqual(['image/svg+xml', null]);
    expect(await served('untyped')).toEqual(['application/octet-stream', null]);
    // ?download as renderer.ts's handleDownload writes it.
    const named = await inProcess(
      `${URL_BASE}/storage/v1/object/public/anything/page.html?download=my%20page.html`,
    );
    expect(named.headers.get('content-disposition')).toBe(
      "attachment; filename=my%20page.html; filename*=UTF-8''my%20page.html",
    );
    const bare = await inProcess(`${URL_BASE}/storage/v1/object/public/anything/page.html?download`);
    expect(bare.headers.get('content-disposition')).toBe('attachment;');
  });
});

describe("the storage quota (a user's folder, enforced by the database)", () => {
  /** Objects (rows only) that bring the user's folder of the bucket to `files`, `bytes` each. */
  async function fillFolder(bucket: string, files: number, bytes: number) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from storage.objects where bucket_id = $1 and name like $2 || '/%'`,
      [bucket, USER],
    );
    for (let i = rows[0].n; i < files; i += 1)
      await db.query(
        `insert into storage.objects (bucket_id, name, metadata, version)
         values ($1, $2 || '/filler-' || $3 || '.png', jsonb_build_object('size', $4::bigint), '1')`,
        [bucket, USER, i, bytes],
      );
  }
  const removeFillers = () =>
    db.exec(`
      select set_config('storage.allow_delete_query', 'true', false);
      delete from storage.objects where name like '${USER}/filler-%';
      select set_config('storage.allow_delete_query', 'false', false);`);
  afterEach(removeFillers);

  const unlinkedParts = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from _storage.parts where object_id is null'))
      .rows[0].n;

  it('the last allowed file is stored, the next refused with the quota message; deleting one frees its place', async () => {
    const quota = BUCKETS.avatars.userQuota;
    await fillFolder('avatars', quota.maxFiles - 1, 1024);
    const avatars = (await as(USER)).storage.from('avatars');
    expect((await avatars.upload(`${USER}/last.png`, blob(PNG, 'image/png'))).error).toBeNull();

    const refused = await avatars.upload(`${USER}/one-more.png`, blob(PNG, 'image/png'));
    expect(failure(refused.error)).toEqual({
      status: 400,
      statusCode: '403',
      message: quotaMessage('avatars', quota),
    });
    expect(await objectCount('avatars', `${USER}/one-more.png`)).toBe(0);
    // A signed upload URL is refused too, when it is asked for.
    expect(failure((await avatars.createSignedUploadUrl(`${USER}/signed.png`)).error)).toEqual({
      status: 400,
      statusCode: '403',
      message: quotaMessage('avatars', quota),
    });

    expect((await avatars.remove([`${USER}/last.png`])).error).toBeNull();
    expect((await avatars.upload(`${USER}/one-more.png`, blob(PNG, 'image/png'))).error).toBeNull();
    expect((await avatars.remove([`${USER}/one-more.png`])).error).toBeNull();
    expect(await unlinkedParts()).toBe(0);
  });

  it('a file past the bytes left is refused before its body is read; one that fits is stored', async () => {
    const quota = BUCKETS['scan-images'].userQuota;
    const { rows } = await db.query<{ bytes: string; n: number }>(
      `select coalesce(sum((metadata ->> 'size')::bigint), 0)::text as bytes, count(*)::int as n
         from storage.objects where bucket_id = 'scan-images' and name like $1 || '/%'`,
      [USER],
    );
    // One filler leaves exactly 1 KB.
    await fillFolder('scan-images', rows[0].n + 1, quota.maxBytes - Number(rows[0].bytes) - 1024);
    const scans = (await as(USER)).storage.from('scan-images');
    const png = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set(PNG);
      return bytes;
    };
    // A raw body (storage-js sends a Uint8Array as is): its Content-Length is its size.
    const tooMuch = await scans.upload(`${USER}/big.png`, png(1025), { contentType: 'image/png' });
    expect(failure(tooMuch.error)).toEqual({
      status: 400,
      statusCode: '403',
      message: quotaMessage('scan-images', quota),
    });
    expect(
      (await scans.upload(`${USER}/fits.png`, png(1024), { contentType: 'image/png' })).error,
    ).toBeNull();
    expect((await scans.remove([`${USER}/fits.png`])).error).toBeNull();
    expect(await unlinkedParts()).toBe(0);
  });
});

describe('a database folder written before uploads were stored in parts', () => {
  it("keeps its objects' bytes: each _storage.blobs row becomes part 0 of its object", async () => {
    const name = `${USER}/label-1.png`;
    const expected = readFileSync(`supabase/storage/scan-images/${name}`);
    // The old layout, holding the object's bytes instead of its parts.
    await db.exec(`
      create table _storage.blobs (object_id uuid primary key references storage.objects (id), data bytea not null);
      insert into _storage.blobs (object_id, data)
        select o.id, string_agg(p.data, ''::bytea order by p.part) from storage.objects o
          join _storage.parts p on p.object_id = o.id
         where o.bucket_id = 'scan-images' and o.name = '${name}' group by o.id;
      delete from _storage.parts p using storage.objects o
       where p.object_id = o.id and o.bucket_id = 'scan-images' and o.name = '${name}';`);
    await db.exec(BLOB_STORE_SQL);
    const { data, error } = await (await as(USER)).storage.from('scan-images').download(name);
    expect(error).toBeNull();
    expect(Buffer.from(await data!.arrayBuffer()).equals(expected)).toBe(true);
    expect((await db.query(`select to_regclass('_storage.blobs') as t`)).rows).toEqual([{ t: null }]);
  });
});
