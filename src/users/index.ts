import UsersIcon from '@mui/icons-material/People';
import { lazy } from 'react';

/** The users resource: read through the admin_list_users RPC (src/providers/users.ts). */
export default {
  list: lazy(() => import('./UsersList')),
  icon: UsersIcon,
  recordRepresentation: 'email',
};
