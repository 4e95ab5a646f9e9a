import type { RpcRow, WithNulls } from '../../domain/database';
import { shownProvider, userStatus } from '../../domain/adminRecords';
import { defineResourceData } from '../../providers/resourceData';
import { usersReads } from './usersReads';

/** A row of admin_list_users (an auth user): every column but the id and creation time may be null. */
export type AdminUser = WithNulls<
  RpcRow<'admin_list_users'>,
  Exclude<keyof RpcRow<'admin_list_users'>, 'id' | 'created_at'>
>;

/** Users: the auth users, read through the admin_list_users RPC (its search is the RPC's own). */
export const usersData = defineResourceData<AdminUser>({
  name: 'users',
  reads: usersReads,
  defaultSort: [{ field: 'created_at', ascending: false }],
  csv: {
    fileName: 'users',
    row: (user) => ({
      id: user.id,
      email: user.email,
      status: userStatus(user),
      provider: shownProvider(user.provider),
      phone: user.phone,
      phone_confirmed: Boolean(user.phone_confirmed_at),
      first_activity: user.created_at,
      last_activity: user.last_sign_in_at,
    }),
  },
});
