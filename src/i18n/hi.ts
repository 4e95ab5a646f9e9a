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
import { byResourceName, resourceFilesFromDisk, type Messages } from './resourceFiles';

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

// Each resource's strings.hi.ts, beside its English strings.ts, found as the English finds its own
// (src/i18n/resourceFiles.ts): in this chunk only, so the English bundle carries no Hindi. Each file is
// typed by its English one, and src/i18n/hi.test.ts holds the two to the same keys.
const resources = byResourceName<Messages>(
  import.meta.env
    ? import.meta.glob<Messages>(['../resources/*/strings.hi.ts', '../*/strings.hi.ts'], {
        eager: true,
        import: 'strings',
      })
    : resourceFilesFromDisk('strings.hi.ts', import.meta.url),
);

/**
 * Every string of the admin in Hindi, file for file the English (src/i18n/en.ts): src/i18n/hi/<screen>.ts
 * and each resource folder's strings.hi.ts, react-admin's in src/i18n/hi/ra.ts, the error catalogue in
 * src/i18n/hi/errors.ts. Written for a Hindi-speaking operator, not word for word; product names,
 * codes and placeholders stay. Its own chunk: loaded only when an operator chooses Hindi.
 */
export const hindi: TranslationMessages = {
  ...raMessages,
  ...raSupabaseMessages,
  labellens,
  resources,
};
