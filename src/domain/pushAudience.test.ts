import { describe, expect, it } from 'vitest';
import {
  EMPTY_AUDIENCE,
  EMPTY_PUSH_MESSAGE,
  fromDefinition,
  pushMessageSchema,
  toDefinition,
  toSendArgs,
} from './pushAudience';

describe('the audience composer and the database definition', () => {
  it('builds the definition the database takes, and reads it back', () => {
    const values = {
      ...EMPTY_AUDIENCE,
      allergies: ['Peanuts'],
      locales: ['hi'],
      signedUpAfter: '2026-01-01',
      scan: 'not_within' as const,
      scanDays: '30',
      hasDevice: 'yes' as const,
    };
    const definition = {
      allergies: ['Peanuts'],
      locales: ['hi'],
      signed_up_after: '2026-01-01',
      not_scanned_within_days: 30,
      has_device: true,
    };
    expect(toDefinition(values)).toEqual(definition);
    expect(fromDefinition(definition)).toEqual(values);
    expect(toDefinition(EMPTY_AUDIENCE)).toEqual({});
  });

  it('has no definition while the days are not a whole number from 1 to 3650', () => {
    for (const scanDays of ['0', '3651', '1.5', '', 'x'])
      expect(toDefinition({ ...EMPTY_AUDIENCE, scan: 'within', scanDays })).toBeNull();
  });
});

describe('the audience send message', () => {
  const issues = (values: object) =>
    pushMessageSchema
      .safeParse({ ...EMPTY_PUSH_MESSAGE, ...values })
      .error?.issues.map((i) => [i.path[0], i.message]) ?? [];

  it('wants English, and Hindi whole or not at all', () => {
    expect(issues({})).toEqual([
      ['titleEn', 'required'],
      ['bodyEn', 'required'],
    ]);
    expect(issues({ titleEn: 'T', bodyEn: 'B', titleHi: 'शी' })).toEqual([['bodyHi', 'hindi_whole']]);
    expect(issues({ titleEn: 'T', bodyEn: 'B', titleHi: 'शी', bodyHi: 'सं' })).toEqual([]);
    expect(issues({ titleEn: 'x'.repeat(51), bodyEn: 'B' })).toEqual([['titleEn', 'too_long']]);
  });

  it('sends Hindi as null when blank and a local time with seconds', () => {
    expect(
      toSendArgs({ ...EMPTY_PUSH_MESSAGE, titleEn: 'T', bodyEn: 'B', sendAt: '2026-12-01T09:00' }),
    ).toEqual({
      title_en: 'T',
      body_en: 'B',
      title_hi: undefined,
      body_hi: undefined,
      send_at_local: '2026-12-01T09:00:00',
      urgent: false,
    });
  });
});
