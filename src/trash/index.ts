import { READ } from '../domain/operatorRoles';
import TrashIcon from '@mui/icons-material/RestoreFromTrash';
import { lazyScreen, type ResourceDescriptor } from '../resources/kit';
import { trashData } from './data';

export default {
  data: trashData,
  // Who may delete a record may restore it (the database shows each role those entries only);
  // deleting forever ('delete') is for owners.
  access: { owner: '*', editor: [...READ, 'restore'], support: [...READ, 'restore'] },
  screens: {
    list: lazyScreen(() => import('./TrashList')),
    recordRepresentation: 'label',
    menu: { label: 'labellens.menu.trash', icon: TrashIcon },
  },
} satisfies ResourceDescriptor;
