import type { TranslationMessages } from 'react-admin';
import type { en } from './en';
import type { errorMessages as englishErrors } from './errors';
import type { Wording } from './wording';
import { raMessages } from './hi/ra';
import { raSupabaseMessages } from './hi/raSupabase';
import { shellMessages } from './hi/shell';
import { authMessages } from './hi/auth';
import { auditMessages } from './hi/audit';
import { trashMessages } from './hi/trash';
import { teamMessages } from './hi/team';
import { dashboardMessages } from './hi/dashboard';
import { notificationsMessages } from './hi/notifications';
import { paletteMessages } from './hi/palette';
import { appDataMessages } from './hi/appData';
import { contentLanguagesMessages } from './hi/contentLanguages';
import { errorMessages } from './hi/errors';
import { scansStrings } from './hi/resources/scans';
import { profilesStrings } from './hi/resources/profiles';
import { chatsStrings } from './hi/resources/chats';
import { usersStrings } from './hi/resources/users';
import { newsStrings } from './hi/resources/news';
import { healthTipsStrings } from './hi/resources/health-tips';
import { tagsStrings } from './hi/resources/tags';
import { contactMessagesStrings } from './hi/resources/contact-messages';
import { trashStrings } from './hi/resources/trash';
import { auditLogStrings } from './hi/resources/audit-log';
import { notificationsStrings } from './hi/resources/notifications';

/** The admin's own strings in Hindi: typed by the English, so a key missing or extra fails tsc. */
const labellens: Wording<typeof en.labellens & { errors: typeof englishErrors }> = {
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
  errors: errorMessages,
};

const resources: Wording<typeof en.resources> = {
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
};

/**
 * Every string of the admin in Hindi, file for file the English (src/i18n/en.ts): src/i18n/hi/<screen>.ts
 * and src/i18n/hi/resources/<name>.ts, react-admin's in src/i18n/hi/ra.ts, the error catalogue in
 * src/i18n/hi/errors.ts. Written for a Hindi-speaking operator, not word for word; product names,
 * codes and placeholders stay. Its own chunk: loaded only when an operator chooses Hindi.
 */
export const hindi: TranslationMessages = {
  ...raMessages,
  ...raSupabaseMessages,
  labellens,
  resources,
};
