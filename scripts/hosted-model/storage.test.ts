import { describe, expect, it } from 'vitest';
import { BUCKETS } from '../../src/domain/storage';
import { storagePolicyGaps } from './storage';

const policy = (cmd: string, ...buckets: string[]) => ({
  cmd,
  text: `(bucket_id = ANY (ARRAY[${buckets.map((b) => `'${b}'::text`).join(', ')}]))`,
});
const every = (...buckets: string[]) =>
  ['INSERT', 'SELECT', 'UPDATE', 'DELETE'].map((cmd) => policy(cmd, ...buckets));

describe("the hosted model's storage policies check", () => {
  it('counts from the buckets of src/domain/storage.ts, not a fixed number', () => {
    const buckets = Object.keys(BUCKETS);
    expect(storagePolicyGaps(buckets, every(...buckets))).toEqual([true, '4 policies over 3 buckets']);
    expect(
      storagePolicyGaps([...buckets, 'recall-shots'], [...every(...buckets), ...every('recall-shots')]),
    ).toEqual([true, '8 policies over 4 buckets']);
  });

  it('names the bucket, the command and the file to edit when a policy is missing', () => {
    expect(
      storagePolicyGaps(['avatars', 'recall-shots'], [...every('avatars'), policy('SELECT', 'recall-shots')]),
    ).toEqual([
      false,
      "recall-shots has no INSERT policy; recall-shots has no UPDATE policy; recall-shots has no DELETE policy (the bucket's policies on storage.objects, in its resource's file in supabase/schemas/)",
    ]);
    expect(storagePolicyGaps(['avatars'], [...every('avatars'), policy('SELECT', 'elsewhere')])[1]).toMatch(
      /^1 policies name no bucket of src\/domain\/storage.ts/,
    );
  });
});
