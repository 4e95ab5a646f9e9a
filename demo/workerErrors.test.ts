import { isPgError } from '../mocks/supabase/db/types';
import { openSnapshotPglite } from '../mocks/supabase/testing/snapshot';
import { mapProtocolErrors, packError, unpackError } from './workerErrors';

/**
 * A Postgres error crosses PGlite's worker RPC, which keeps only the message: packed in the worker,
 * unpacked in the tab, the stand-in sees the code and detail it answers by.
 */
test('a Postgres error keeps its code, detail and constraint across the worker', async () => {
  const db = await openSnapshotPglite();
  try {
    await db.exec('create temporary table t (id int primary key)');
    await db.exec('insert into t values (1)');
    // What the RPC does to an error: a new Error with the message only.
    const rpc = (e: unknown) => new Error((packError(e) as Error).message);
    const error = await db.query('insert into t values (1)').then(
      () => undefined,
      (e: unknown) => unpackError(rpc(e)),
    );
    expect(isPgError(error)).toBe(true);
    expect(error).toMatchObject({
      message: 'duplicate key value violates unique constraint "t_pkey"',
      code: '23505',
      detail: 'Key (id)=(1) already exists.',
      constraint: 't_pkey',
    });
  } finally {
    await db.close();
  }
});

test('the protocol methods pass their errors through the map; other errors stay as they are', async () => {
  const target = {
    execProtocol: () => Promise.reject(new Error('boom')),
    execProtocolRaw: () => Promise.resolve('raw'),
    execProtocolStream: () => Promise.resolve('stream'),
    execProtocolRawStream: () => Promise.resolve('rawStream'),
  };
  mapProtocolErrors(target, (e) => new Error(`mapped ${(e as Error).message}`));
  await expect(target.execProtocol()).rejects.toThrow('mapped boom');
  expect(await target.execProtocolRaw()).toBe('raw');
  expect(unpackError(new Error('plain'))).toEqual(new Error('plain'));
});
