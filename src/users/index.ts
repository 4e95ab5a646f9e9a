import UsersIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import type { ResourceDescriptor } from '../resources/kit';
import { usersData } from './data';

/** The users resource: read through the admin_list_users RPC (usersReads.ts). */
export default {
  data: usersData,
  screens: {
    list: lazy(() => import('./UsersList')),
    recordRepresentation: 'email',
    menu: { label: 'labellens.menu.users', icon: UsersIcon },
  },
} satisfies ResourceDescriptor;
