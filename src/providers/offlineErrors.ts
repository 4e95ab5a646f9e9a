import { HttpError } from 'react-admin';

/** The message of a request that never reached the server (Chromium's, Firefox's and Safari's fetch). */
const NETWORK_FAILURE = /Failed to fetch|NetworkError|Load failed/;

/**
 * A data provider whose requests, when they fail because the browser is offline, fail with the
 * offline wording (`labellens.page_notices.offline_request`) instead of the browser's "Failed to
 * fetch", which react-admin's toasts would otherwise show beside the offline notice.
 */
export function withOfflineWording<T extends object>(provider: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(provider)) {
    wrapped[name] =
      typeof value !== 'function'
        ? value
        : (...args: unknown[]) => {
            const result: unknown = value.apply(provider, args);
            return result instanceof Promise ? result.catch(offlineOr) : result;
          };
  }
  return wrapped as T;
}

function offlineOr(error: unknown): never {
  const message = error instanceof Error ? error.message : String((error as { message?: unknown })?.message ?? '');
  if (!navigator.onLine && NETWORK_FAILURE.test(message))
    throw new HttpError('labellens.page_notices.offline_request', 0, { cause: message });
  throw error;
}
