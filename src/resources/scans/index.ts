import ScanIcon from '@mui/icons-material/DocumentScanner';
import { lazy } from 'react';
import type { ResourceDescriptor } from '../kit';
import { scansData } from './data';

export default {
  data: scansData,
  screens: {
    list: lazy(() => import('./ScanList')),
    recordRepresentation: 'name',
    menu: { label: 'labellens.menu.scans', icon: ScanIcon },
  },
} satisfies ResourceDescriptor;
