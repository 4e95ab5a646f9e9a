const integer = new Intl.NumberFormat('en-IN');
const trend = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const percent = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 0 });
const time = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export const formatCount = (value: number) => integer.format(value);
/** A trend in percent, signed: 12 → '+12%', -3.25 → '-3.3%'. */
export const formatTrend = (pct: number) => `${trend.format(pct)}%`;
export const formatShare = (part: number, total: number) => percent.format(total === 0 ? 0 : part / total);
export const formatTime = (epochMs: number) => time.format(epochMs);
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
