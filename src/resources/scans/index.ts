import ScanIcon from '@mui/icons-material/DocumentScanner';
import { lazyScreen, type ResourceDescriptor } from '../kit';
import { scansData } from './data';

export default {
  data: scansData,
  screens: {
    list: lazyScreen(() => import('./ScanList')),
    recordRepresentation: 'name',
    menu: { label: 'labellens.menu.scans', icon: ScanIcon },
  },
} satisfies ResourceDescriptor;
