import UsersIcon from '@mui/icons-material/People';
import { lazyScreen, type ResourceDescriptor } from '../resources/kit';
import { usersData } from './data';

/** The users resource: read through the admin_list_users RPC (usersReads.ts). */
export default {
  data: usersData,
  screens: {
    list: lazyScreen(() => import('./UsersList')),
    recordRepresentation: 'email',
    menu: { label: 'labellens.menu.users', icon: UsersIcon },
  },
} satisfies ResourceDescriptor;
