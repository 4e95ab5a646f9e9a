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
import { byResourceName, resourceFilesFromDisk, type Messages } from './resourceFiles';

/** The resources' English strings files, by their path from this folder (`../resources/tags/strings.ts`). */
const resourceStrings = import.meta.env
  ? import.meta.glob<Messages>(['../resources/*/strings.ts', '../*/strings.ts'], {
      eager: true,
      import: 'strings',
    })
  : resourceFilesFromDisk('strings.ts', import.meta.url);
export const RESOURCE_STRINGS_FILES = Object.keys(resourceStrings);

/**
 * Every string of the admin, in the product's wording (docs/product-rules.md), over react-admin's and
 * ra-supabase's own English: the admin's own (labellens.*) by screen in src/i18n/<screen>.ts, each
 * resource's (resources.<name>) in its folder's strings.ts, found by the folder's name. src/i18n/catalogue.test.ts checks
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
  // Each resource's, in its own folder (STRINGS_FOLDERS, src/i18n/resourceFiles.ts): a new one edits no file here.
  resources: byResourceName<Messages>(resourceStrings),
};
