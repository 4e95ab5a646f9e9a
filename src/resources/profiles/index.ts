import { READ } from '../../domain/operatorRoles';
import ProfileIcon from '@mui/icons-material/FamilyRestroom';
import { lazyScreen, type ResourceDescriptor } from '../kit';
import { profilesData } from './data';

export default {
  data: profilesData,
  access: { owner: '*', support: READ },
  screens: {
    list: lazyScreen(() => import('./ProfileList')),
    recordRepresentation: 'name',
    menu: { label: 'labellens.menu.profiles', icon: ProfileIcon },
    palette: { label: 'labellens.palette.kinds.profiles' },
  },
} satisfies ResourceDescriptor;
