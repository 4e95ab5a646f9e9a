import {
  charCount,
  checkNotificationDraft,
  dataBytes,
  isUnstorable,
  NOTIFICATION_LIMITS,
  parseDataText,
} from './notification';

const USER = '00000000-0000-4000-8000-000000000002';

describe('notification rules', () => {
  it('counts code points, as char_length does', () => {
    expect(charCount('🥗 salad')).toBe(7);
    expect('🥗 salad'.length).toBe(8);
  });

  it('finds what Postgres cannot store: NUL and unpaired surrogates, not paired ones', () => {
    expect(isUnstorable('fine 🥗')).toBe(false);
    expect(isUnstorable('nul \u0000')).toBe(true);
    expect(isUnstorable('high \ud83d alone')).toBe(true);
    expect(isUnstorable('low \udc00 alone')).toBe(true);
    expect(isUnstorable('\udc00\ud83d')).toBe(true);
  });

  it('sizes data as UTF-8 bytes of keys and values', () => {
    expect(dataBytes({})).toBe(0);
    expect(dataBytes({ screen: 'tips' })).toBe(10);
    expect(dataBytes({ é: '🥗' })).toBe(6);
  });

  it.each([
    ['', { ok: true, data: {} }],
    ['   ', { ok: true, data: {} }],
    ['{"screen": "tips"}', { ok: true, data: { screen: 'tips' } }],
    ['{', { ok: false, issue: 'dataInvalidJson' }],
    ['null', { ok: false, issue: 'dataNotStringMap' }],
    ['[]', { ok: false, issue: 'dataNotStringMap' }],
    ['{"n": 1}', { ok: false, issue: 'dataNotStringMap' }],
    ['{"n": {"deep": "x"}}', { ok: false, issue: 'dataNotStringMap' }],
    [
      JSON.stringify({ k: 'v'.repeat(NOTIFICATION_LIMITS.dataMaxBytes - 1) }),
      { ok: true, data: expect.any(Object) },
    ],
    [
      JSON.stringify({ k: 'v'.repeat(NOTIFICATION_LIMITS.dataMaxBytes) }),
      { ok: false, issue: 'dataTooLarge' },
    ],
    ['{"google.c.a.e": "1"}', { ok: false, issue: 'dataReservedKey' }],
    ['{"gcm.notification.title": "x"}', { ok: false, issue: 'dataReservedKey' }],
    ['{"from": "x"}', { ok: false, issue: 'dataReservedKey' }],
    ['{"notification": "x"}', { ok: false, issue: 'dataReservedKey' }],
    ['{"message_type": "x"}', { ok: false, issue: 'dataReservedKey' }],
    ['{"collapse_key": "x"}', { ok: false, issue: 'dataReservedKey' }],
    ['{"sender": "x", "fromage": "brie"}', { ok: true, data: { sender: 'x', fromage: 'brie' } }],
  ])('reads the custom data box %j', (text, expected) => {
    expect(parseDataText(text)).toEqual(expected);
  });

  it.each([
    [null, 'incomplete'],
    [{ userId: 'me', title: 'Hi', body: 'There' }, 'userId'],
    [{ userId: USER, body: 'There' }, 'titleRequired'],
    [{ userId: USER, title: 'Hi' }, 'bodyRequired'],
    [{ userId: USER, title: 'Hi', body: 'There', data: 'x' }, 'dataNotStringMap'],
  ])('refuses the request body %j', (input, issue) => {
    expect(checkNotificationDraft(input)).toEqual({ ok: false, issue });
  });

  it('accepts a draft, with no data meaning an empty payload', () => {
    expect(checkNotificationDraft({ userId: USER, title: 'Hi', body: 'There', data: null })).toEqual({
      ok: true,
      draft: { userId: USER, title: 'Hi', body: 'There', data: {} },
    });
  });
});
