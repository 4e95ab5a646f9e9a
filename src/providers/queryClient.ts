import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';

/** react-admin's key for an access check (ra-core's useCanAccess): ['auth', 'canAccess', params]. */
const ACCESS_CHECK: QueryKey = ['auth', 'canAccess'];

/** An access check's key without the record's id: the checks of one action on one resource are one. */
function hashWithoutRecord(queryKey: QueryKey): string {
  const [, , params] = queryKey;
  if (typeof params !== 'object' || params === null) return hashKey(queryKey);
  const { recordId: _recordId, ...rest } = params as Record<string, unknown>;
  return hashKey([...ACCESS_CHECK, rest]);
}

/**
 * How long an access check's answer is used as it is. Without it, the rows mounting under the
 * list's answer asked again, and drew again when that answer came (the same). A role corrected
 * behind a reload invalidates every check at once (useAdminSessionWatch); a role changed otherwise
 * shows within this time (it showed on the next screen before), and the database refuses meanwhile.
 */
const ACCESS_CHECK_FRESH_MS = 60_000;

/**
 * The admin's query client: react-admin's default (a plain QueryClient), and one rule. canAccess
 * answers from the operator's role, the resource and the action, never from the record
 * (withScreenAccess in authProvider.ts), yet react-admin keys each row's check by its record's id:
 * a list of 25 editable rows asked 50 times, and drew its rows twice, first without their Edit and
 * Delete buttons, then with them as the answers came. Keyed without the record, a row's check is
 * the list's own (RouteDialogs and the bulk actions ask it before the rows come), answered already.
 * A canAccess that reads the record must drop this rule.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient();
  client.setQueryDefaults(ACCESS_CHECK, {
    queryKeyHashFn: hashWithoutRecord,
    staleTime: ACCESS_CHECK_FRESH_MS,
  });
  return client;
}
