import { READ } from '../../domain/operatorRoles';
import TagIcon from '@mui/icons-material/LocalOffer';
import { lazyScreen, type ResourceDescriptor } from '../kit';
import { tagsData } from './data';

export default {
  data: tagsData,
  access: { owner: '*', editor: '*', support: READ },
  screens: {
    list: lazyScreen(() => import('./TagList')),
    dialogs: { create: true, edit: true },
    recordRepresentation: 'label',
    menu: { label: 'labellens.menu.tags', icon: TagIcon },
    palette: { label: 'labellens.palette.kinds.tags', opens: (id) => `/tags/${id}` },
  },
} satisfies ResourceDescriptor;
