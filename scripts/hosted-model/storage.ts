import { allBuckets, BUCKETS, quotaMessage, typeNotSupportedMessage } from '../../src/domain/storage';
import { RESOURCE_DATA } from '../../src/resources';

/** BUCKETS and the buckets the resources' uploads declare. */
const DECLARED = allBuckets(RESOURCE_DATA);
import pg from 'pg';
import { assumeIdentity } from '../../mocks/supabase/db/identity';
import { isPgError, type Queryable, type RequestIdentity } from '../../mocks/supabase/db/types';
import { USER_ID, USER, check, queryable } from './harness';

/**
 * Storage: the migration's buckets with src/domain/storage.ts's rules, row-level security on
 * storage.objects, and the policies the migration wrote there as `postgres` (supautils'
 * policy_grants on a hosted project).
 */
export async function storageBuckets(postgres: pg.Client) {
  const { rows } = await postgres.query<{ id: string; public: boolean; limit: number; types: string[] }>(
    `select id, public, file_size_limit::float8 as limit, allowed_mime_types as types from storage.buckets order by id`,
  );
  const expected = Object.entries(DECLARED)
    .map(([id, rules]) => ({
      id,
      public: rules.public,
      limit: rules.fileSizeLimit,
      types: [...rules.allowedMimeTypes],
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
  check(
    'storage buckets',
    JSON.stringify(rows) === JSON.stringify(expected),
    rows.map((r) => r.id).join(', '),
  );
  const policies = await postgres.query<{ cmd: string; text: string; rls: boolean }>(
    `select p.cmd, coalesce(p.qual, '') || ' ' || coalesce(p.with_check, '') as text,
            (select relrowsecurity from pg_class where oid = 'storage.objects'::regclass) as rls
       from pg_policies p where p.schemaname = 'storage' and p.tablename = 'objects'`,
  );
  check(
    'storage.objects policies under RLS',
    policies.rows.every((p) => p.rls),
    `${policies.rows.length} policies`,
  );
  check(
    'storage.objects policies per bucket',
    ...storagePolicyGaps(
      Object.keys(DECLARED),
      policies.rows.map((p) => ({ cmd: p.cmd, text: p.text })),
    ),
  );
}

/**
 * Each bucket of src/domain/storage.ts has a policy for each of Storage's four commands, and each
 * policy names a bucket there: counted from BUCKETS and the uploads, so a new bucket needs no edit here. Answers
 * check()'s passed flag and detail, naming what to add.
 */
export function storagePolicyGaps(
  buckets: readonly string[],
  policies: readonly { cmd: string; text: string }[],
): [boolean, string] {
  const names = (text: string, bucket: string) => text.includes(`'${bucket}'::text`);
  const gaps = buckets.flatMap((bucket) =>
    ['INSERT', 'SELECT', 'UPDATE', 'DELETE']
      .filter((cmd) => !policies.some((p) => p.cmd === cmd && names(p.text, bucket)))
      .map((cmd) => `${bucket} has no ${cmd} policy`),
  );
  const strays = policies.filter((p) => !buckets.some((bucket) => names(p.text, bucket)));
  if (strays.length) gaps.push(`${strays.length} policies name no bucket of src/domain/storage.ts`);
  return gaps.length
    ? [
        false,
        `${gaps.join('; ')} (the bucket's policies on storage.objects, in its resource's file in supabase/schemas/)`,
      ]
    : [true, `${policies.length} policies over ${buckets.length} buckets`];
}

/**
 * The storage quota (supabase/schemas/26_storage.sql) with hosted's roles, as Storage writes the
 * row: the user's folder of avatars filled to its quota by `service_role` (Storage's superuser
 * writes the final row so); then one more, as the user's own insert (canUpload's test under their
 * role and RLS) and as service_role's final row, each refused 42501 with the quota message.
 * Rolled back.
 */
export async function storageQuota(postgres: pg.Client, authenticator: pg.Client) {
  const quota = BUCKETS.avatars.userQuota;
  const { rows } = await postgres.query<{ files: number; bytes: number }>(
    `select max_files as files, max_bytes::float8 as bytes from private.storage_quotas where bucket_id = 'avatars'`,
  );
  check(
    'storage quota matches src/domain/storage.ts',
    rows[0]?.files === quota.maxFiles && rows[0]?.bytes === quota.maxBytes,
    JSON.stringify(rows[0] ?? null),
  );
  const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
    values ('avatars', $1, $2::uuid, $2, '{"size": 1024}', '1')`;
  const outcome = async (identity: RequestIdentity, name: string) => {
    await authenticator.query(`savepoint one_more`);
    try {
      await assumeIdentity(queryable(authenticator), identity);
      await authenticator.query(insert, [`${USER_ID}/${name}`, USER_ID]);
      return 'stored';
    } catch (error) {
      return isPgError(error) ? `${error.code} ${error.message}` : String(error);
    } finally {
      await authenticator.query(`rollback to savepoint one_more`);
    }
  };
  await authenticator.query('begin');
  try {
    await assumeIdentity(queryable(authenticator), {
      role: 'service_role',
      claims: { role: 'service_role' },
    });
    const held = (
      await authenticator.query<{ n: number }>(
        `select count(*)::int as n from storage.objects where bucket_id = 'avatars' and name like $1 || '/%'`,
        [USER_ID],
      )
    ).rows[0].n;
    for (let i = held; i < quota.maxFiles; i += 1)
      await authenticator.query(insert, [`${USER_ID}/${i}.png`, USER_ID]);
    const refused = `42501 ${quotaMessage('avatars', quota)}`;
    const got = {
      user: await outcome(USER, 'one-more.png'),
      serviceRole: await outcome({ role: 'service_role', claims: { role: 'service_role' } }, 'one-more.png'),
    };
    check(
      'storage quota refuses the next file, as the user and as Storage',
      got.user === refused && got.serviceRole === refused,
      JSON.stringify(got),
    );
  } finally {
    await authenticator.query('rollback');
  }
}

/**
 * The declared type (supabase/schemas/26_storage.sql) with hosted's roles: a type
 * validateMimeType lets through by its first two pieces is refused 42501 with Storage's message as
 * the user's own test insert and as service_role's final row; image/png is stored. Rolled back.
 */
export async function storageDeclaredTypes(authenticator: pg.Client) {
  const insert = (type: string) => async (tx: Queryable) => {
    await tx.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
       values ('scan-images', $1, $2::uuid, $2, jsonb_build_object('mimetype', $3::text), '1')`,
      [`${USER_ID}/declared-type.png`, USER_ID, type],
    );
    return 'stored';
  };
  const messageOf = async (identity: RequestIdentity, type: string) => {
    await authenticator.query('begin');
    try {
      await assumeIdentity(queryable(authenticator), identity);
      return await insert(type)(queryable(authenticator));
    } catch (error) {
      return isPgError(error) ? `${error.code} ${error.message}` : String(error);
    } finally {
      await authenticator.query('rollback');
    }
  };
  const serviceRole: RequestIdentity = { role: 'service_role', claims: { role: 'service_role' } };
  const got = {
    userLoose: await messageOf(USER, 'image/png/x'),
    serviceRoleLoose: await messageOf(serviceRole, 'image/png/x'),
    userPng: await messageOf(USER, 'image/png'),
  };
  const refused = `42501 ${typeNotSupportedMessage('image/png/x')}`;
  check(
    'storage refuses a loosely declared type, as the user and as Storage; image/png is stored',
    got.userLoose === refused && got.serviceRoleLoose === refused && got.userPng === 'stored',
    JSON.stringify(got),
  );
}
