import ProfileIcon from '@mui/icons-material/FamilyRestroom';
import { lazy } from 'react';

export default {
  list: lazy(() => import('./ProfileList')),
  icon: ProfileIcon,
  recordRepresentation: 'name',
};
