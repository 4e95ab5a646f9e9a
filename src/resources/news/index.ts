import NewsIcon from '@mui/icons-material/Newspaper';
import { lazy } from 'react';

export default {
  list: lazy(() => import('./NewsList')),
  icon: NewsIcon,
  recordRepresentation: 'title',
};
