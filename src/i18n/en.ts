import englishMessages from 'ra-language-english';
import { shellMessages } from './shell';
import { authMessages } from './auth';
import { auditMessages } from './audit';
import { trashMessages } from './trash';
import { teamMessages } from './team';
import { dashboardMessages } from './dashboard';
import { notificationsMessages } from './notifications';
import { paletteMessages } from './palette';
import { appDataMessages } from './appData';
import { scansStrings } from '../resources/scans/strings';
import { profilesStrings } from '../resources/profiles/strings';
import { chatsStrings } from '../resources/chats/strings';
import { usersStrings } from '../resources/users/strings';
import { newsStrings } from '../resources/news/strings';
import { healthTipsStrings } from '../resources/health-tips/strings';
import { tagsStrings } from '../resources/tags/strings';
import { contactMessagesStrings } from '../resources/contact-messages/strings';
import { trashStrings } from '../trash/strings';
import { auditLogStrings } from '../resources/audit-log/strings';

/**
 * Every string of the admin, in the product's wording (docs/product-rules.md), over react-admin's own
 * English: the admin's own (labellens.*) by screen in src/i18n/<screen>.ts, each resource's
 * (resources.<name>) in its folder's strings.ts. src/i18n/catalogue.test.ts checks the whole.
 */
export const en = {
  ...englishMessages,
  labellens: {
    ...shellMessages,
    ...authMessages,
    ...auditMessages,
    ...trashMessages,
    ...teamMessages,
    ...dashboardMessages,
    ...notificationsMessages,
    ...paletteMessages,
    ...appDataMessages,
  },
  resources: {
    scans: scansStrings,
    profiles: profilesStrings,
    chats: chatsStrings,
    users: usersStrings,
    news: newsStrings,
    'health-tips': healthTipsStrings,
    tags: tagsStrings,
    'contact-messages': contactMessagesStrings,
    trash: trashStrings,
    'audit-log': auditLogStrings,
  },
};
