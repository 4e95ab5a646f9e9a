import TrashIcon from '@mui/icons-material/RestoreFromTrash';
import { lazyScreen, type ResourceDescriptor } from '../resources/kit';
import { trashData } from './data';

export default {
  data: trashData,
  screens: {
    list: lazyScreen(() => import('./TrashList')),
    recordRepresentation: 'label',
    menu: { label: 'labellens.menu.trash', icon: TrashIcon },
  },
} satisfies ResourceDescriptor;
