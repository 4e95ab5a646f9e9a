import ContactInboxIcon from '@mui/icons-material/MoveToInbox';
import { lazy } from 'react';

export { NewMessagesBadge } from './NewMessagesBadge';

/** The list route also serves /contact-messages/:id/show, the message dialog. */
export default {
  list: lazy(() => import('./ContactMessageList')),
  hasShow: true,
  icon: ContactInboxIcon,
  recordRepresentation: 'subject',
};
