import { READ } from '../../domain/operatorRoles';
import HealthTipIcon from '@mui/icons-material/TipsAndUpdates';
import { lazyScreen, type ResourceDescriptor } from '../kit';
import { healthTipsData } from './data';

export default {
  data: healthTipsData,
  access: { owner: '*', editor: '*', support: READ },
  screens: {
    list: lazyScreen(() => import('./HealthTipList')),
    dialogs: { create: true, edit: true },
    recordRepresentation: 'tip',
    menu: { label: 'labellens.menu.health_tips', icon: HealthTipIcon },
    palette: { label: 'labellens.palette.kinds.health-tips', opens: (id) => `/health-tips/${id}` },
  },
} satisfies ResourceDescriptor;
