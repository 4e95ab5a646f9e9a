import { ID_PREFIX_LENGTH } from './limits';
import { scoreBand, type ScoreBand } from './scoreBands';

/**
 * Display rules of the read-only admin screens (docs/product-rules.md): shortened ids, score
 * badges, the users' status and sign-in provider.
 */

/** The first 8 characters of an id (users screen, scan name fallback). */
export const idPrefix = (id: string) => id.slice(0, ID_PREFIX_LENGTH);

/** A chat or user id where only a short form fits: its first 8 characters and an ellipsis. */
export const shortenedId = (id: string) => (id.length > ID_PREFIX_LENGTH ? `${idPrefix(id)}…` : id);

/** A list's health-score badge: the band, or null for a missing score (N/A, or No Data on profiles). */
export const scoreBadge = (score: number | string | null | undefined): ScoreBand | null =>
  score === null || score === undefined || score === '' || Number.isNaN(Number(score))
    ? null
    : scoreBand(Number(score));

export type UserStatus = 'banned' | 'verified' | 'unverified';

/** Banned if banned_until is set; else Verified if the email is confirmed; else Unverified. */
export function userStatus(user: {
  banned_until?: string | null;
  email_confirmed_at?: string | null;
}): UserStatus {
  if (user.banned_until) return 'banned';
  return user.email_confirmed_at ? 'verified' : 'unverified';
}

export const OAUTH_PROVIDERS = ['google', 'github', 'facebook', 'twitter'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The sign-in provider shown: one of the OAuth providers, or 'email' for email and anything else. */
export function shownProvider(provider: string | null | undefined): OAuthProvider | 'email' {
  const name = (provider ?? '').toLowerCase();
  return (OAUTH_PROVIDERS as readonly string[]).includes(name) ? (name as OAuthProvider) : 'email';
}
