import ProfileIcon from '@mui/icons-material/FamilyRestroom';
import { lazy } from 'react';
import type { ResourceDescriptor } from '../kit';
import { profilesData } from './data';

export default {
  data: profilesData,
  screens: {
    list: lazy(() => import('./ProfileList')),
    recordRepresentation: 'name',
    menu: { label: 'labellens.menu.profiles', icon: ProfileIcon },
  },
} satisfies ResourceDescriptor;
