import { z } from 'zod';
import { HEALTH_TIP_LIMITS, NEWS_LIMITS, TAG_LIMITS } from './limits';
import { fileProblem } from './storage';
import { HEX_COLOR_PATTERN, TAG_CATEGORIES } from './tags';
import { translationsSchema } from './translations';

/**
 * The admin's content forms (news, health tips, tags): the product's validation messages
 * (docs/product-rules.md) over the limits the database's check constraints enforce. Values are
 * trimmed before they are checked and saved, so what is checked is exactly what is stored.
 */

/** `http:` or `https:` with a host and no whitespace: the same pattern as `public.is_http_url`. */
export const HTTP_URL_PATTERN = /^https?:\/\/[^\s/?#]+\S*$/;

export const NEWS_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be less than ${NEWS_LIMITS.titleMax} characters`,
  contentRequired: 'Content is required',
  sourceUrlInvalid: 'Please enter a valid URL',
  screenshotUrlInvalid: 'Please enter a valid screenshot URL',
} as const;

export const newsSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, NEWS_MESSAGES.titleRequired)
    .max(NEWS_LIMITS.titleMax, NEWS_MESSAGES.titleTooLong),
  content: z.string().trim().min(1, NEWS_MESSAGES.contentRequired),
  source_url: z.string().trim().regex(HTTP_URL_PATTERN, NEWS_MESSAGES.sourceUrlInvalid),
  // Optional: an empty field is stored as null.
  source_url_screenshot: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
    z.string().regex(HTTP_URL_PATTERN, NEWS_MESSAGES.screenshotUrlInvalid).nullable(),
  ),
  // Hindi (and any other language) beside the English: the same rules, counted in characters as read.
  translations: translationsSchema('news', {
    title: { tooShort: NEWS_MESSAGES.titleRequired, tooLong: NEWS_MESSAGES.titleTooLong },
    content: { tooShort: NEWS_MESSAGES.contentRequired, tooLong: NEWS_MESSAGES.contentRequired },
  }),
});

export type NewsInput = z.input<typeof newsSchema>;
export type NewsValues = z.output<typeof newsSchema>;

/**
 * The news dialogs' form: the article plus a screenshot file to upload on save (the provider puts
 * its public URL in source_url_screenshot, src/storage/uploads.ts).
 */
export const newsFormSchema = newsSchema.extend({
  screenshot_file: z
    .custom<File>((value) => value instanceof Blob)
    .superRefine((file, ctx) => {
      const problem = fileProblem(file, 'news-screenshots');
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .nullish(),
});

export const HEALTH_TIP_MESSAGES = {
  tipTooShort: `Tip must be at least ${HEALTH_TIP_LIMITS.tipMin} characters long`,
  tipTooLong: `Tip must not exceed ${HEALTH_TIP_LIMITS.tipMax} characters`,
} as const;

export const healthTipSchema = z.object({
  tip: z
    .string()
    .trim()
    .min(HEALTH_TIP_LIMITS.tipMin, HEALTH_TIP_MESSAGES.tipTooShort)
    .max(HEALTH_TIP_LIMITS.tipMax, HEALTH_TIP_MESSAGES.tipTooLong),
  translations: translationsSchema('health_tips', {
    tip: { tooShort: HEALTH_TIP_MESSAGES.tipTooShort, tooLong: HEALTH_TIP_MESSAGES.tipTooLong },
  }),
});

export type HealthTipInput = z.input<typeof healthTipSchema>;
export type HealthTipValues = z.output<typeof healthTipSchema>;

export const TAG_MESSAGES = {
  keyRequired: 'Key is required',
  keyTooLong: `Key must not exceed ${TAG_LIMITS.keyMax} characters`,
  labelRequired: 'Label is required',
  labelTooLong: `Label must not exceed ${TAG_LIMITS.labelMax} characters`,
  iconRequired: 'Icon is required',
  iconTooLong: `Icon must not exceed ${TAG_LIMITS.iconMax} characters`,
  colorRequired: 'Color is required',
  colorInvalid: 'Color must be a valid hex code',
  categoryRequired: 'Category is required',
  categoryTooLong: `Category must not exceed ${TAG_LIMITS.categoryMax} characters`,
  sortOrderNegative: 'Sort order must be positive',
} as const;

const boundedText = (max: number, required: string, tooLong: string) =>
  z.string().trim().min(1, required).max(max, tooLong);

/** A sort order that is missing or not numeric becomes 0 (the product's rule), anything else is checked. */
function toSortOrder(value: unknown): unknown {
  if (typeof value === 'number') return Number.isNaN(value) ? 0 : value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return 0;
}

export const tagSchema = z.object({
  key: boundedText(TAG_LIMITS.keyMax, TAG_MESSAGES.keyRequired, TAG_MESSAGES.keyTooLong),
  label: boundedText(TAG_LIMITS.labelMax, TAG_MESSAGES.labelRequired, TAG_MESSAGES.labelTooLong),
  icon: boundedText(TAG_LIMITS.iconMax, TAG_MESSAGES.iconRequired, TAG_MESSAGES.iconTooLong),
  color: z
    .string()
    .trim()
    .min(1, { message: TAG_MESSAGES.colorRequired, abort: true })
    .regex(HEX_COLOR_PATTERN, TAG_MESSAGES.colorInvalid),
  // The categories the database knows; the form offers only these.
  category: boundedText(
    TAG_LIMITS.categoryMax,
    TAG_MESSAGES.categoryRequired,
    TAG_MESSAGES.categoryTooLong,
  ).pipe(z.enum(TAG_CATEGORIES)),
  is_active: z.boolean(),
  sort_order: z.preprocess(
    toSortOrder,
    z.number().int().min(TAG_LIMITS.sortOrderMin, TAG_MESSAGES.sortOrderNegative),
  ),
  translations: translationsSchema('tags', {
    label: { tooShort: TAG_MESSAGES.labelRequired, tooLong: TAG_MESSAGES.labelTooLong },
  }),
});

export type TagInput = z.input<typeof tagSchema>;
export type TagValues = z.output<typeof tagSchema>;
