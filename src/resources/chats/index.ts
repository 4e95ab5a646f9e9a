import ChatIcon from '@mui/icons-material/Forum';
import { lazy } from 'react';

export default {
  list: lazy(() => import('./ChatList')),
  icon: ChatIcon,
  recordRepresentation: 'title',
};
