import GroupsIcon from '@mui/icons-material/Groups';
import { lazy } from 'react';
import type { PageDescriptor } from '../resources/kit';

/** The Team screen (owners): operators, their roles, activity and second factor. */
export const teamPage: PageDescriptor = {
  path: '/team',
  page: lazy(() => import('./TeamPage')),
  menu: { label: 'labellens.menu.team', icon: GroupsIcon },
};
