import UsersIcon from '@mui/icons-material/People';
import { lazy } from 'react';

export default {
  page: lazy(() => import('./UsersPage')),
  icon: UsersIcon,
};
