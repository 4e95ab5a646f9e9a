import GroupsIcon from '@mui/icons-material/Groups';
import { lazyScreen, type PageDescriptor } from '../resources/kit';

/** The Team screen (owners): operators, their roles, activity and second factor. */
export const teamPage: PageDescriptor = {
  path: '/team',
  page: lazyScreen(() => import('./TeamPage')),
  access: { owner: '*' },
  menu: { label: 'labellens.menu.team', icon: GroupsIcon },
  // An operator found opens the Team screen (it has no page per operator).
  palette: { label: 'labellens.palette.kinds.team', opens: () => '/team' },
};
