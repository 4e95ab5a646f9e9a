import ScanIcon from '@mui/icons-material/DocumentScanner';
import { lazy } from 'react';

export default {
  list: lazy(() => import('./ScanList')),
  icon: ScanIcon,
  recordRepresentation: 'name',
};
