import { HEALTH_TIP_MESSAGES, NEWS_MESSAGES, TAG_MESSAGES } from '../domain/contentSchemas';
import { INVITE_ISSUES } from '../domain/operatorInvite';
import { PUSH_ROLE_REFUSAL } from '../domain/operatorRoles';
import { FILE_MESSAGES } from '../domain/storage';

/**
 * The error catalogue: messages that reach the admin as English text rather than as a catalogue
 * key, from the rules in src/domain/ (form checks, the edge functions' refusals), the database's
 * refusals and Supabase Auth's answers. The i18n provider finds a shown text here and gives the
 * current language's wording of it (src/i18n/errorText.ts); `%{...}` stands for a part that varies,
 * which the other language's wording keeps. Not part of `en` (src/i18n/en.ts), which the sign-in
 * page loads: the form rules bring zod along; the sign-in page's own are under `labellens.auth.server`.
 */
export const errorMessages = {
  news: NEWS_MESSAGES,
  health_tips: HEALTH_TIP_MESSAGES,
  tags: TAG_MESSAGES,
  files: {
    type_not_allowed: FILE_MESSAGES.typeNotAllowed,
    // FILE_MESSAGES.tooLarge, quotaMessage and typeNotSupportedMessage of src/domain/storage.ts.
    too_large: 'The file must be %{limit} or smaller',
    quota: 'Storage quota reached: a user keeps at most %{files} files and %{size} in %{bucket}',
    type_not_supported: 'mime type %{type} is not supported',
  },
  invite: INVITE_ISSUES,
  push_role: PUSH_ROLE_REFUSAL,
  // What the database raises (supabase/schemas/) where an operator can meet it.
  database: {
    admin_required: 'Admin privileges required',
    last_owner: 'The last active owner cannot be demoted or deactivated',
    own_factor_first: 'Set up your own authenticator app and sign in with it before requiring one',
    owner_factor: 'Sign in with your authenticator app to change an owner who uses one',
    no_such_operator: 'No such operator',
    no_such_account: 'No such account',
    no_such_record: 'No such record',
    no_such_version: 'No such version of this record',
    too_many_open: 'Too many records open at once',
    search_too_long: 'The search is longer than 200 characters',
    append_only: 'The audit log is append-only',
    already_operator: 'Already an operator',
    existing_account: 'An existing account cannot be made an operator',
  },
};
