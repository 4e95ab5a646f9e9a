import englishMessages from 'ra-language-english';
import { raSupabaseEnglishMessages } from 'ra-supabase-language-english';
import { shellMessages } from './shell';
import { authMessages } from './auth';
import { auditMessages } from './audit';
import { trashMessages } from './trash';
import { teamMessages } from './team';
import { dashboardMessages } from './dashboard';
import { notificationsMessages } from './notifications';
import { paletteMessages } from './palette';
import { appDataMessages } from './appData';
import { contentLanguagesMessages } from './contentLanguages';
import { scansStrings } from './resources/scans';
import { profilesStrings } from './resources/profiles';
import { chatsStrings } from './resources/chats';
import { usersStrings } from './resources/users';
import { newsStrings } from './resources/news';
import { healthTipsStrings } from './resources/health-tips';
import { tagsStrings } from './resources/tags';
import { contactMessagesStrings } from './resources/contact-messages';
import { trashStrings } from './resources/trash';
import { auditLogStrings } from './resources/audit-log';
import { notificationsStrings } from './resources/notifications';

/**
 * Every string of the admin, in the product's wording (docs/product-rules.md), over react-admin's and
 * ra-supabase's own English: the admin's own (labellens.*) by screen in src/i18n/<screen>.ts, each
 * resource's (resources.<name>) in src/i18n/resources/<name>.ts. src/i18n/catalogue.test.ts checks
 * the whole; src/i18n/hi.ts is the same in Hindi, file for file.
 */
export const en = {
  ...englishMessages,
  ...raSupabaseEnglishMessages,
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
    ...contentLanguagesMessages,
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
    notifications: notificationsStrings,
  },
};
