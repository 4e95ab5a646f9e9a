import { READ } from '../../domain/operatorRoles';
import NewsIcon from '@mui/icons-material/Newspaper';
import { lazyScreen, type ResourceDescriptor } from '../kit';
import { newsData } from './data';

export default {
  data: newsData,
  access: { owner: '*', editor: '*', support: READ },
  screens: {
    list: lazyScreen(() => import('./NewsList')),
    dialogs: { show: true, create: true, edit: true },
    recordRepresentation: 'title',
    menu: { label: 'labellens.menu.news', icon: NewsIcon },
    palette: { label: 'labellens.palette.kinds.news', opens: (id) => `/news/${id}` },
  },
} satisfies ResourceDescriptor;
