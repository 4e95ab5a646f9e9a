import { READ } from '../../domain/operatorRoles';
import ScanIcon from '@mui/icons-material/DocumentScanner';
import { lazyScreen, type ResourceDescriptor } from '../kit';
import { scansData } from './data';

export default {
  data: scansData,
  access: { owner: '*', support: READ },
  screens: {
    list: lazyScreen(() => import('./ScanList')),
    recordRepresentation: 'name',
    menu: { label: 'labellens.menu.scans', icon: ScanIcon },
    palette: { label: 'labellens.palette.kinds.scans' },
  },
} satisfies ResourceDescriptor;
