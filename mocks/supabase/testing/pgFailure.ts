import { isPgError } from '../db/types';

/**
 * What `promise` failed with, for an exact assertion: a Postgres error as its code and message,
 * anything else as it was thrown, and 'no error' when it did not fail.
 */
export async function pgFailure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return isPgError(error) ? { code: error.code, message: error.message } : error;
  }
  return 'no error';
}
