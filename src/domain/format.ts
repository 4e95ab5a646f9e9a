import type { AdminLocale } from '../i18n/locales';

/**
 * The admin's one date and number format, the same whatever the browser's locale and time zone:
 * every field, the pager, the dashboard, the dialogs and the pages format through here. It follows
 * the admin's language (setFormatLocale, called by src/i18n/i18nProvider.ts): English, or Hindi
 * (`hi-IN`) with Latin digits (below).
 *
 * - Numbers use Indian digit grouping (the operators' own): 100180 → "1,00,180".
 * - Instants (timestamps) are shown on the operators' clock, India Standard Time: a date
 *   "24 Nov 2026", or with the time where it matters "24 Nov 2026, 14:05 IST" (24-hour clock).
 * - Calendar dates without a time (a date of birth, `date` columns) are never moved by a time zone:
 *   "1980-02-10" → "10 Feb 1980".
 *
 * Intl does the arithmetic (time zone, grouping); the wording is fixed here, so it does not change
 * with the browser's ICU data either (some give "Sept", others "Sep"). CSV exports are not formatted:
 * they keep the database's ISO values for machines.
 */

/**
 * The locale of every number in the admin, by language. Hindi keeps Latin digits (`nu-latn`):
 * the digits operators type, search for and read in ids, emails and the app's data, and the ones
 * Hindi business software and government forms use; Devanagari digits (०१२) would be a second set.
 * The grouping is Indian in both: 100180 → "1,00,180".
 */
export const NUMBER_LOCALES = { en: 'en-IN', hi: 'hi-IN-u-nu-latn' } as const satisfies Record<
  AdminLocale,
  string
>;
/** The operators' time zone, and the label shown after a time in it (a code, in both languages). */
export const TIME_ZONE = 'Asia/Kolkata';
export const TIME_ZONE_LABEL = 'IST';

/** The months' short names, fixed here (Hindi's are CLDR's `hi` abbreviations, as Intl's `hi-IN` gives them). */
const MONTHS: Record<AdminLocale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  hi: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'],
};

function numberFormats(locale: AdminLocale) {
  const tag = NUMBER_LOCALES[locale];
  return {
    locale,
    integer: new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }),
    estimate: new Intl.NumberFormat(tag, { maximumSignificantDigits: 3 }),
    trend: new Intl.NumberFormat(tag, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }),
    percent: new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 }),
  };
}

let formats = numberFormats('en');

/** Formats from now on in `locale`'s way (the i18n provider calls it as the admin changes language). */
export function setFormatLocale(locale: AdminLocale) {
  if (formats.locale !== locale) formats = numberFormats(locale);
}
// Numeric parts only (en-US digits are plain ASCII); the words come from MONTHS.
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** A whole count: 100180 → "1,00,180". */
export const formatCount = (value: number) => formats.integer.format(value);

/**
 * The translate options of a message about `value` things: polyglot's `smart_count` picks the
 * plural form ("1 user found" |||| "2 users found") and `%{count}` shows it grouped.
 */
export const countParams = (value: number) => ({ smart_count: value, count: formatCount(value) });

/** A count known only roughly (the planner's estimate), to three significant figures: 100180 → "1,00,000". */
export const formatEstimate = (value: number) => formats.estimate.format(value);

/** A trend in percent, signed: 12 → "+12%", -3.25 → "-3.3%". */
export const formatTrend = (pct: number) => `${formats.trend.format(pct)}%`;

/** `part` as a share of `total`: 1, 3 → "33%" (0% when the total is 0). */
export const formatShare = (part: number, total: number) =>
  formats.percent.format(total === 0 ? 0 : part / total);

type Instant = string | number | Date;

interface ClockParts {
  year: string;
  month: number;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** The instant on the operators' clock, or null when it is not a date. */
function onOperatorClock(value: Instant): ClockParts | null {
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: parts.year,
    month: Number(parts.month),
    day: parts.day,
    hour: parts.hour.padStart(2, '0'),
    minute: parts.minute.padStart(2, '0'),
    second: parts.second.padStart(2, '0'),
  };
}

const dayMonthYear = (day: string | number, month: number, year: string | number) =>
  `${Number(day)} ${MONTHS[formats.locale][month - 1]} ${year}`;

/** An instant's day on the operators' clock: "2026-11-24T20:00:00Z" → "25 Nov 2026". Not a date: as given. */
export function formatDate(value: Instant): string {
  const clock = onOperatorClock(value);
  return clock ? dayMonthYear(clock.day, clock.month, clock.year) : String(value);
}

/** An instant with its time and zone: "2026-11-24T08:35:00Z" → "24 Nov 2026, 14:05 IST". */
export function formatDateTime(value: Instant): string {
  const clock = onOperatorClock(value);
  if (!clock) return String(value);
  return `${dayMonthYear(clock.day, clock.month, clock.year)}, ${clock.hour}:${clock.minute} ${TIME_ZONE_LABEL}`;
}

/** The time of an instant, to the second (the dashboard's last refresh): "14:05:09 IST". */
export function formatTime(value: Instant): string {
  const clock = onOperatorClock(value);
  if (!clock) return String(value);
  return `${clock.hour}:${clock.minute}:${clock.second} ${TIME_ZONE_LABEL}`;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A calendar date with no time (a date of birth): "1980-02-10" → "10 Feb 1980", read from its
 * digits so no time zone can move it a day. Not a date: as given.
 */
export function formatCalendarDate(value: string): string {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  return dayMonthYear(day, Number(month), year);
}
