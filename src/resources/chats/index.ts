import ChatIcon from '@mui/icons-material/Forum';
import { lazy } from 'react';
import type { ResourceDescriptor } from '../kit';
import { chatsData } from './data';

export default {
  data: chatsData,
  screens: {
    list: lazy(() => import('./ChatList')),
    recordRepresentation: 'title',
    menu: { label: 'labellens.menu.chats', icon: ChatIcon },
  },
} satisfies ResourceDescriptor;
