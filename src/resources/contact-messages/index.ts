import ContactInboxIcon from '@mui/icons-material/MoveToInbox';
import { lazy } from 'react';
import type { ResourceDescriptor } from '../kit';
import { contactMessagesData } from './data';
import { NewMessagesBadge } from './NewMessagesBadge';

export default {
  data: contactMessagesData,
  screens: {
    list: lazy(() => import('./ContactMessageList')),
    dialogs: { show: true },
    recordRepresentation: 'subject',
    menu: { label: 'labellens.menu.contact_messages', icon: ContactInboxIcon, badge: NewMessagesBadge },
  },
} satisfies ResourceDescriptor;
