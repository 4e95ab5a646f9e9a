import { shownProvider, userStatus } from '../domain/adminRecords';
import { defineResourceData } from '../providers/resourceData';
import { usersReads } from './usersReads';

/** A row of admin_list_users. */
export interface AdminUser {
  id: string;
  email: string | null;
  phone: string | null;
  email_confirmed_at: string | null;
  phone_confirmed_at: string | null;
  created_at: string;
  updated_at: string | null;
  last_sign_in_at: string | null;
  provider: string | null;
  role: string | null;
  aud: string | null;
  banned_until: string | null;
}

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
