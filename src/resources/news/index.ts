import NewsIcon from '@mui/icons-material/Newspaper';
import { lazy } from 'react';

/** The list route also serves /news/create, /news/:id and /news/:id/show as dialogs over it. */
export default {
  list: lazy(() => import('./NewsList')),
  hasCreate: true,
  hasEdit: true,
  hasShow: true,
  icon: NewsIcon,
  recordRepresentation: 'title',
};
