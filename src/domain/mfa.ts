/**
 * The second factor's rules that the screens share (the stand-in and GoTrue check codes themselves):
 * an authenticator app's code is six digits, typed or pasted with spaces or a dash in the middle.
 */
export const TOTP_CODE_LENGTH = 6;

/** The code as typed or pasted ("123 456", "123-456"), with spaces and dashes dropped. */
export const normaliseCode = (input: string) => input.replace(/[\s-]/g, '');

export const isCompleteCode = (code: string) => new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`).test(code);

/** Catalogue keys for GoTrue's answers to a code (error codes of supabase/auth's MFA API). */
export const CODE_ERROR_KEYS: Readonly<Record<string, string>> = {
  mfa_verification_failed: 'labellens.security.wrong_code',
  mfa_challenge_expired: 'labellens.security.expired_code',
  mfa_ip_address_mismatch: 'labellens.security.expired_code',
  over_request_rate_limit: 'labellens.security.too_many_attempts',
};

/** The catalogue key for a failed verification: GoTrue's code when known, else the generic one. */
export function codeErrorKey(error: { code?: string } | null | undefined): string {
  return CODE_ERROR_KEYS[error?.code ?? ''] ?? 'labellens.security.verify_failed';
}
