import NewsIcon from '@mui/icons-material/Newspaper';
import { lazy } from 'react';
import type { ResourceDescriptor } from '../kit';
import { newsData } from './data';

export default {
  data: newsData,
  screens: {
    list: lazy(() => import('./NewsList')),
    dialogs: { show: true, create: true, edit: true },
    recordRepresentation: 'title',
    menu: { label: 'labellens.menu.news', icon: NewsIcon },
  },
} satisfies ResourceDescriptor;
