import { codeErrorKey, isCompleteCode, normaliseCode } from './mfa';

describe('second-factor codes', () => {
  it.each([
    ['123456', '123456', true],
    ['123 456', '123456', true],
    ['123-456', '123456', true],
    [' 12345 ', '12345', false],
    ['12345a', '12345a', false],
    ['1234567', '1234567', false],
  ])('%j is %j, complete: %s', (typed, normalised, complete) => {
    expect(normaliseCode(typed)).toBe(normalised);
    expect(isCompleteCode(normaliseCode(typed))).toBe(complete);
  });

  it("names GoTrue's refusals", () => {
    expect(codeErrorKey({ code: 'mfa_verification_failed' })).toBe('labellens.security.wrong_code');
    expect(codeErrorKey({ code: 'mfa_challenge_expired' })).toBe('labellens.security.expired_code');
    expect(codeErrorKey({ code: 'over_request_rate_limit' })).toBe('labellens.security.too_many_attempts');
    expect(codeErrorKey({ code: 'unexpected_failure' })).toBe('labellens.security.verify_failed');
    expect(codeErrorKey(null)).toBe('labellens.security.verify_failed');
  });
});
