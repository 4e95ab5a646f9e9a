import type { PostgrestError } from '@supabase/supabase-js';
import {
  HttpError,
  type DataProvider,
  type GetListParams,
  type GetManyParams,
  type GetOneParams,
  type RaRecord,
} from 'react-admin';
import type { DatabaseClient } from '../../domain/database';

/** Columns admin_list_users returns that a list may sort by (the RPC's own order is newest first). */
const SORTABLE = new Set(['email', 'phone', 'created_at', 'updated_at', 'last_sign_in_at', 'provider']);

const fail = (error: PostgrestError, status: number): never => {
  // With the status, react-admin's checkError signs out a session that lost admin access.
  throw new HttpError(error.message, status, error);
};

/**
 * getList/getOne/getMany for `users`, so react-admin's paging, sorting and search apply: `q` is the
 * RPC's search (every word in the email, phone or id, in SQL); order, range and the exact count
 * are PostgREST's, applied to the function's rows. The RPC is POSTed so a search such as
 * "eq.x" stays an argument rather than reading as a filter.
 */
export function usersReads(client: DatabaseClient) {
  const users = (search: unknown = null) =>
    client.rpc(
      'admin_list_users',
      // Without a search the argument is left out: the function's default (null) lists everyone.
      { search: typeof search === 'string' && search.trim() ? search : undefined },
      {
        count: 'exact',
      },
    );
  return {
    async getList<R extends RaRecord>(_resource: string, { pagination, sort, filter }: GetListParams) {
      const { page, perPage } = pagination ?? { page: 1, perPage: 25 };
      let query = users(filter?.q);
      if (sort && SORTABLE.has(sort.field)) {
        query = query.order(sort.field, { ascending: sort.order === 'ASC', nullsFirst: false });
      }
      const from = (page - 1) * perPage;
      const { data, error, status, count } = await query.range(from, from + perPage - 1);
      if (error) return fail(error, status);
      return { data: (data ?? []) as unknown as R[], total: count ?? 0 };
    },
    async getOne<R extends RaRecord>(_resource: string, { id }: GetOneParams) {
      const { data, error, status } = await users().eq('id', String(id)).single();
      if (error) return fail(error, status);
      return { data: data as unknown as R };
    },
    async getMany<R extends RaRecord>(_resource: string, { ids }: GetManyParams) {
      const { data, error, status } = await users().in('id', ids.map(String));
      if (error) return fail(error, status);
      return { data: (data ?? []) as unknown as R[] };
    },
  } satisfies Pick<DataProvider, 'getList' | 'getOne' | 'getMany'>;
}
