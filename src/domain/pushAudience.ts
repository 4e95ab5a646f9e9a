import { z } from 'zod';
import { NOTIFICATION_LIMITS } from './notification';

/**
 * A push audience as the composer edits it, and the jsonb definition the database validates
 * (private.push_audience_issue in supabase/schemas/47_push_audiences.sql is the authority: the
 * composer only builds what it accepts). Empty fields add no condition; `{}` is everyone.
 */
export interface AudienceValues {
  conditions: string[];
  allergies: string[];
  locales: string[];
  platforms: string[];
  signedUpAfter: string;
  signedUpBefore: string;
  /** 'within' or 'not_within' the last `scanDays` days; '' for no scan condition. */
  scan: '' | 'within' | 'not_within';
  scanDays: string;
  /** '' (either), 'yes' or 'no'. */
  hasDevice: '' | 'yes' | 'no';
}

export const EMPTY_AUDIENCE: AudienceValues = {
  conditions: [],
  allergies: [],
  locales: [],
  platforms: [],
  signedUpAfter: '',
  signedUpBefore: '',
  scan: '',
  scanDays: '30',
  hasDevice: '',
};

export const PUSH_LOCALES = ['en', 'hi'] as const;
export const PUSH_PLATFORMS = ['android', 'ios', 'web'] as const;

/** The definition's jsonb keys (the database's names). */
export type AudienceDefinition = Partial<{
  conditions: string[];
  allergies: string[];
  locales: string[];
  platforms: string[];
  signed_up_after: string;
  signed_up_before: string;
  scanned_within_days: number;
  not_scanned_within_days: number;
  has_device: boolean;
}>;

const DAYS = /^\d{1,4}$/;

/** The definition the values stand for, or null while the days box holds no whole number 1-3650. */
export function toDefinition(values: AudienceValues): AudienceDefinition | null {
  const definition: AudienceDefinition = {};
  if (values.conditions.length) definition.conditions = values.conditions;
  if (values.allergies.length) definition.allergies = values.allergies;
  if (values.locales.length) definition.locales = values.locales;
  if (values.platforms.length) definition.platforms = values.platforms;
  if (values.signedUpAfter) definition.signed_up_after = values.signedUpAfter;
  if (values.signedUpBefore) definition.signed_up_before = values.signedUpBefore;
  if (values.scan) {
    const days = Number(values.scanDays);
    if (!DAYS.test(values.scanDays) || days < 1 || days > 3650) return null;
    definition[values.scan === 'within' ? 'scanned_within_days' : 'not_scanned_within_days'] = days;
  }
  if (values.hasDevice) definition.has_device = values.hasDevice === 'yes';
  return definition;
}

/** The composer's values for a saved audience's definition (the inverse of toDefinition). */
export function fromDefinition(definition: AudienceDefinition): AudienceValues {
  const within = definition.scanned_within_days;
  const notWithin = definition.not_scanned_within_days;
  return {
    conditions: definition.conditions ?? [],
    allergies: definition.allergies ?? [],
    locales: definition.locales ?? [],
    platforms: definition.platforms ?? [],
    signedUpAfter: definition.signed_up_after ?? '',
    signedUpBefore: definition.signed_up_before ?? '',
    scan: within ? 'within' : notWithin ? 'not_within' : '',
    scanDays: String(within ?? notWithin ?? 30),
    hasDevice: definition.has_device === undefined ? '' : definition.has_device ? 'yes' : 'no',
  };
}

/** The message of an audience send: English always, Hindi whole or not at all (push_sends_hi_whole). */
export interface PushMessageValues {
  titleEn: string;
  bodyEn: string;
  titleHi: string;
  bodyHi: string;
  /** '' sends as soon as approved (or now); else a local wall-clock time, YYYY-MM-DDTHH:MM. */
  sendAt: string;
  urgent: boolean;
}

export const EMPTY_PUSH_MESSAGE: PushMessageValues = {
  titleEn: '',
  bodyEn: '',
  titleHi: '',
  bodyHi: '',
  sendAt: '',
  urgent: false,
};

/** Issue codes, worded by labellens.notifications.audience.issues.* */
export const pushMessageSchema = z
  .object({
    titleEn: z.string(),
    bodyEn: z.string(),
    titleHi: z.string(),
    bodyHi: z.string(),
    sendAt: z.string(),
    urgent: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const report = (path: keyof PushMessageValues, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (!v.titleEn.trim()) report('titleEn', 'required');
    if (!v.bodyEn.trim()) report('bodyEn', 'required');
    for (const key of ['titleEn', 'titleHi'] as const)
      if (v[key].length > NOTIFICATION_LIMITS.titleMax) report(key, 'too_long');
    for (const key of ['bodyEn', 'bodyHi'] as const)
      if (v[key].length > NOTIFICATION_LIMITS.bodyMax) report(key, 'too_long');
    if (!v.titleHi.trim() !== !v.bodyHi.trim())
      report(v.titleHi.trim() ? 'bodyHi' : 'titleHi', 'hindi_whole');
  });

/** push_send_create's texts and time for valid values (Hindi null when left blank). */
export function toSendArgs(values: PushMessageValues) {
  const hindi = values.titleHi.trim() !== '';
  return {
    title_en: values.titleEn,
    body_en: values.bodyEn,
    title_hi: hindi ? values.titleHi : undefined,
    body_hi: hindi ? values.bodyHi : undefined,
    send_at_local: values.sendAt ? `${values.sendAt}:00` : undefined,
    urgent: values.urgent,
  };
}
