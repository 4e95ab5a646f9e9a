import { idPrefix, scoreBadge, shortenedId, shownProvider, userStatus } from './adminRecords';

describe('admin record display rules', () => {
  it('shortens ids to 8 characters', () => {
    const id = '3f2a9c1e-0b7d-4e8a-9c55-1a2b3c4d5e6f';
    expect(idPrefix(id)).toBe('3f2a9c1e');
    expect(shortenedId(id)).toBe('3f2a9c1e…');
    expect(shortenedId('abc')).toBe('abc');
  });

  it('bands list scores at 80/60/40 and has no band for a missing score', () => {
    expect([100, 80, 79, 60, 59, 40, 39, 0].map(scoreBadge)).toEqual([
      'excellent',
      'excellent',
      'good',
      'good',
      'fair',
      'fair',
      'poor',
      'poor',
    ]);
    expect(scoreBadge('72.50')).toBe('good');
    expect(scoreBadge(null)).toBeNull();
    expect(scoreBadge(undefined)).toBeNull();
  });

  it('derives the user status: banned first, then email confirmation', () => {
    const at = '2024-11-01T00:00:00Z';
    expect(userStatus({ banned_until: at, email_confirmed_at: at })).toBe('banned');
    expect(userStatus({ banned_until: null, email_confirmed_at: at })).toBe('verified');
    expect(userStatus({ banned_until: null, email_confirmed_at: null })).toBe('unverified');
  });

  it('shows google, github, facebook and twitter as OAuth, anything else as Email', () => {
    expect(['google', 'github', 'facebook', 'twitter', 'GitHub'].map(shownProvider)).toEqual([
      'google',
      'github',
      'facebook',
      'twitter',
      'github',
    ]);
    expect(['email', 'phone', 'azure', '', null].map(shownProvider)).toEqual([
      'email',
      'email',
      'email',
      'email',
      'email',
    ]);
  });
});
