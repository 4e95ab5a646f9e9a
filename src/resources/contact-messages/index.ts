import ContactInboxIcon from '@mui/icons-material/MoveToInbox';
import { lazyScreen, type ResourceDescriptor } from '../kit';
import { contactMessagesData } from './data';
import { NewMessagesBadge } from './NewMessagesBadge';

export default {
  data: contactMessagesData,
  access: { owner: '*', support: '*' },
  screens: {
    list: lazyScreen(() => import('./ContactMessageList')),
    dialogs: { show: true },
    recordRepresentation: 'subject',
    menu: { label: 'labellens.menu.contact_messages', icon: ContactInboxIcon, badge: NewMessagesBadge },
    palette: { label: 'labellens.palette.kinds.contact-messages' },
  },
} satisfies ResourceDescriptor;
