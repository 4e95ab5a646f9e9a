import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assumeIdentity, type Database, type Queryable } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { BUCKETS, quotaMessage, type UserQuota } from '../../src/domain/storage';
import { attempt, IDENTITIES, USER_ID } from './fixtures';

/**
 * The storage quota (supabase/schemas/26_storage.sql) as Storage meets it: the caller's own insert
 * or upsert with the declared Content-Length (canUpload's rolled-back test), then the row with its
 * real size as Storage's superuser (completeUpload). Each case fills the user's folder as the
 * superuser first, and rolls back.
 */
const MB = 1024 * 1024;
const QUOTAS = Object.entries(BUCKETS).flatMap(([id, rules]) =>
  'userQuota' in rules ? [[id, rules.userQuota] as [string, UserQuota]] : [],
);
const quotaOf = (bucket: 'scan-images' | 'avatars') => BUCKETS[bucket].userQuota;

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

/**
 * Brings the user's folder to `files` objects of which the ones added weigh `bytes` each (the demo
 * seed's objects already there count: the quota is the folder's), as Storage's superuser would.
 */
async function fill(
  tx: Queryable,
  bucket: string,
  files: number,
  bytes: number,
  owner: string | null = USER_ID,
) {
  const { rows } = await tx.query<{ n: number }>(
    `select count(*)::int as n from storage.objects where bucket_id = $1 and name like $2 || '/%'`,
    [bucket, USER_ID],
  );
  for (let i = 0; i < files - rows[0].n; i += 1)
    await tx.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
       values ($1, $2 || '/fill-' || $3 || '.png', $4::text::uuid, $4::text, jsonb_build_object('size', $5::bigint), '1')`,
      [bucket, USER_ID, i, owner, bytes],
    );
}

/** The caller's insert as canUpload runs it: the declared type and Content-Length only. */
const declaredInsert = (bucket: string, name: string, contentLength: number) => (tx: Queryable) =>
  tx.query(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
     values ($1, $2, $3::text::uuid, $3::text, jsonb_build_object('mimetype', 'image/png', 'contentLength', $4::bigint), '1')`,
    [bucket, `${USER_ID}/${name}`, USER_ID, contentLength],
  );

/** Storage's final upsert of the row with its real size, as its superuser. */
const finalUpsert = (
  tx: Queryable,
  bucket: string,
  name: string,
  size: number,
  owner: string | null = USER_ID,
) =>
  tx.query(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
     values ($1, $2, $3::text::uuid, $3::text, jsonb_build_object('size', $4::bigint), '2')
     on conflict (bucket_id, name) do update set metadata = excluded.metadata, version = excluded.version`,
    [bucket, `${USER_ID}/${name}`, owner, size],
  );

/** How many objects the user's scan-images folder holds. */
const count = async (tx: Queryable) =>
  (
    await tx.query<{ n: number }>(
      `select count(*)::int as n from storage.objects where bucket_id = 'scan-images' and name like $1 || '/%'`,
      [USER_ID],
    )
  ).rows[0].n;

const refused = (bucket: string, quota: UserQuota) => ({
  ok: false,
  code: '42501',
  message: quotaMessage(bucket, quota),
});

describe('the storage quota', () => {
  it('is the same in the database as in src/domain/storage.ts', async () => {
    const { rows } = await db.query<{ bucket_id: string; max_files: number; max_bytes: number }>(
      'select bucket_id, max_files, max_bytes::float8 as max_bytes from private.storage_quotas order by bucket_id',
    );
    expect(rows.map((r) => [r.bucket_id, { maxFiles: r.max_files, maxBytes: r.max_bytes }])).toEqual(
      [...QUOTAS].sort(([a], [b]) => a.localeCompare(b)),
    );
    expect(QUOTAS.map(([id]) => id).sort()).toEqual(['avatars', 'scan-images']);
  });

  it('an app user uploads their last allowed file; the next is refused before its body, with the message', async () => {
    const quota = quotaOf('avatars');
    const upTo = (existing: number) =>
      attempt(db, 'superuser', async (tx) => {
        await fill(tx, 'avatars', existing, 1024);
        await assumeIdentity(tx, IDENTITIES.user);
        return (await declaredInsert('avatars', 'new.png', 1024)(tx)).affectedRows;
      });
    expect(await upTo(quota.maxFiles - 1)).toEqual({ ok: true, value: 1 });
    expect(await upTo(quota.maxFiles)).toEqual(refused('avatars', quota));
  });

  it('bytes: a declared length past what is left is refused, up to the limit accepted; the real size is checked last', async () => {
    const quota = quotaOf('scan-images');
    // Bytes already in the folder (the demo seed's photos) plus one file bring it 3 MB short.
    const seeded = async (tx: Queryable) =>
      Number(
        (
          await tx.query<{ n: string }>(
            `select coalesce(sum((metadata ->> 'size')::bigint), 0)::text as n from storage.objects
              where bucket_id = 'scan-images' and name like $1 || '/%'`,
            [USER_ID],
          )
        ).rows[0].n,
      );
    const used = async (tx: Queryable) => quota.maxBytes - 3 * MB - (await seeded(tx));
    const declared = (length: number) =>
      attempt(db, 'superuser', async (tx) => {
        await fill(tx, 'scan-images', (await count(tx)) + 1, await used(tx));
        await assumeIdentity(tx, IDENTITIES.user);
        return (await declaredInsert('scan-images', 'photo.png', length)(tx)).affectedRows;
      });
    expect(await declared(3 * MB)).toEqual({ ok: true, value: 1 });
    expect(await declared(3 * MB + 1)).toEqual(refused('scan-images', quota));
    // A client that declares little and sends more: the final row, as the superuser, is refused.
    const final = (size: number) =>
      attempt(db, 'superuser', async (tx) => {
        await fill(tx, 'scan-images', (await count(tx)) + 1, await used(tx));
        return (await finalUpsert(tx, 'scan-images', 'photo.png', size)).affectedRows;
      });
    expect(await final(3 * MB)).toEqual({ ok: true, value: 1 });
    expect(await final(3 * MB + 1)).toEqual(refused('scan-images', quota));
  });

  it('replacing a file counts it once; deleting one frees its place', async () => {
    const quota = quotaOf('avatars');
    expect(
      await attempt(db, 'superuser', async (tx) => {
        await fill(tx, 'avatars', quota.maxFiles, 1024);
        // fill-0 replaced by a file of the same size: still maxFiles files.
        await finalUpsert(tx, 'avatars', 'fill-0.png', 1024);
        await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
        await tx.query(`delete from storage.objects where bucket_id = 'avatars' and name = $1`, [
          `${USER_ID}/fill-1.png`,
        ]);
        await assumeIdentity(tx, IDENTITIES.user);
        return (await declaredInsert('avatars', 'new.png', 1024)(tx)).affectedRows;
      }),
    ).toEqual({ ok: true, value: 1 });
  });

  it("Storage's own writes without a user (service role, seed) are not limited", async () => {
    const quota = quotaOf('avatars');
    expect(
      await attempt(db, 'superuser', async (tx) => {
        await fill(tx, 'avatars', quota.maxFiles, 1024);
        return (await finalUpsert(tx, 'avatars', 'by-service.png', 1024, null)).affectedRows;
      }),
    ).toEqual({ ok: true, value: 1 });
  });

  it('a bucket without a quota (news-screenshots) and another user’s folder are counted apart', async () => {
    const quota = quotaOf('avatars');
    expect(
      await attempt(db, 'superuser', async (tx) => {
        await fill(tx, 'avatars', quota.maxFiles, 1024);
        await tx.query(
          `insert into storage.objects (bucket_id, name, owner_id, metadata, version)
           values ('avatars', '00000000-0000-4000-8000-0000000000b1/a.png', '00000000-0000-4000-8000-0000000000b1', '{"size": 1}', '1'),
                  ('news-screenshots', 'a.png', $1, '{"size": 1}', '1')`,
          [USER_ID],
        );
        return 'ok';
      }),
    ).toEqual({ ok: true, value: 'ok' });
  });
});
