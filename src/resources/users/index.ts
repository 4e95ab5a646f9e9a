import { READ } from '../../domain/operatorRoles';
import UsersIcon from '@mui/icons-material/People';
import { lazyScreen, type PageDescriptor, type ResourceDescriptor } from '../kit';
import { usersData } from './data';
import { personPath } from '../../routes';

/** The users resource: read through the admin_list_users RPC (usersReads.ts). */
export default {
  data: usersData,
  access: { owner: '*', support: READ },
  screens: {
    list: lazyScreen(() => import('./UsersList')),
    recordRepresentation: 'email',
    menu: { label: 'labellens.menu.users', icon: UsersIcon },
    // A person found opens their page (PersonPage), not the list's details dialog.
    palette: { label: 'labellens.palette.kinds.users', opens: personPath },
  },
} satisfies ResourceDescriptor;

/**
 * A person's page, /admin/users/<id>: their account and everything of theirs in one read
 * (PersonPage). Owners and support, as the Users list (its access follows the path's first name).
 */
export const personPage: PageDescriptor = {
  path: '/users/:id',
  page: lazyScreen(() => import('./PersonPage')),
};
