import { READ } from '../../domain/operatorRoles';
import ChatIcon from '@mui/icons-material/Forum';
import { lazyScreen, type ResourceDescriptor } from '../kit';
import { chatsData } from './data';

export default {
  data: chatsData,
  access: { owner: '*', support: READ },
  screens: {
    list: lazyScreen(() => import('./ChatList')),
    recordRepresentation: 'title',
    menu: { label: 'labellens.menu.chats', icon: ChatIcon },
    palette: { label: 'labellens.palette.kinds.chats' },
  },
} satisfies ResourceDescriptor;
