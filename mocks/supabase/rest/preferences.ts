import { invalidPreferences, unacceptableMediaType } from './errors';

/** The `Prefer` header as PostgREST reads it (RFC 7240; the first value of each kind wins). */
export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  return?: 'representation' | 'minimal' | 'headers-only';
  params?: 'single-object';
  count?: 'exact' | 'planned' | 'estimated';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
}

const ACCEPTED: Record<keyof Preferences, string[]> = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  return: ['representation', 'minimal', 'headers-only'],
  params: ['single-object'],
  count: ['exact', 'planned', 'estimated'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
};
const ORDER = Object.keys(ACCEPTED) as Array<keyof Preferences>;

export function parsePreferences(header: string | null): Preferences {
  const prefs: Record<string, string> = {};
  const invalid: string[] = [];
  for (const raw of (header ?? '').split(',')) {
    const pref = raw.trim();
    if (!pref) continue;
    const [key, value] = pref.split('=', 2) as [keyof Preferences, string | undefined];
    if (value !== undefined && ACCEPTED[key]?.includes(value)) prefs[key] ??= value;
    else if (!pref.startsWith('timezone=') && !pref.startsWith('max-affected=')) invalid.push(pref);
  }
  if (prefs.handling === 'strict' && invalid.length) throw invalidPreferences(invalid);
  return prefs as Preferences;
}

/** `Preference-Applied`: the preferences that were honoured, in PostgREST's order. */
export function preferenceApplied(prefs: Preferences, applied: Array<keyof Preferences>): string | null {
  const values = ORDER.filter((k) => applied.includes(k) && prefs[k]).map((k) => `${k}=${prefs[k]}`);
  return values.length ? values.join(', ') : null;
}

export type MediaType = 'json' | 'object' | 'csv';

const MEDIA_TYPES: Record<string, MediaType> = {
  'application/json': 'json',
  'application/*': 'json',
  '*/*': 'json',
  'application/vnd.pgrst.array+json': 'json',
  'application/vnd.pgrst.array': 'json',
  'application/vnd.pgrst.object+json': 'object',
  'application/vnd.pgrst.object': 'object',
  'text/csv': 'csv',
};

export interface Accept {
  type: MediaType;
  stripNulls: boolean;
}

/** The first media type of `Accept` the stand-in can produce (406 PGRST107 when none). */
export function negotiate(header: string | null): Accept {
  if (!header) return { type: 'json', stripNulls: false };
  const offered = header
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of offered) {
    const [base, ...params] = entry.split(';').map((s) => s.trim());
    const type = MEDIA_TYPES[base.toLowerCase()];
    if (type) return { type, stripNulls: params.includes('nulls=stripped') };
  }
  throw unacceptableMediaType(offered);
}

export const CONTENT_TYPES: Record<MediaType, string> = {
  json: 'application/json; charset=utf-8',
  object: 'application/vnd.pgrst.object+json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};
