/** GoTrue's error codes the stand-in answers with (a subset of GoTrue's ErrorCode list). */
export type AuthErrorCode =
  | 'bad_json'
  | 'bad_jwt'
  | 'current_password_invalid'
  | 'current_password_required'
  | 'email_exists'
  | 'email_not_confirmed'
  | 'insufficient_aal'
  | 'invalid_credentials'
  | 'mfa_challenge_expired'
  | 'mfa_factor_name_conflict'
  | 'mfa_factor_not_found'
  | 'mfa_ip_address_mismatch'
  | 'mfa_phone_enroll_not_enabled'
  | 'mfa_verification_failed'
  | 'mfa_verification_rejected'
  | 'mfa_webauthn_enroll_not_enabled'
  | 'no_authorization'
  | 'not_admin'
  | 'phone_exists'
  | 'phone_not_confirmed'
  | 'otp_expired'
  | 'over_email_send_rate_limit'
  | 'over_request_rate_limit'
  | 'refresh_token_already_used'
  | 'refresh_token_not_found'
  | 'same_password'
  | 'too_many_enrolled_mfa_factors'
  | 'session_not_found'
  | 'unexpected_failure'
  | 'user_already_exists'
  | 'user_banned'
  | 'user_not_found'
  | 'validation_failed'
  | 'weak_password';

/** An error GoTrue would answer with: HTTP status, machine code and the human message. */
export class AuthHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: AuthErrorCode,
    message: string,
    readonly weakPasswordReasons?: string[],
  ) {
    super(message);
  }
}

export const badRequest = (code: AuthErrorCode, message: string) => new AuthHttpError(400, code, message);
export const forbidden = (code: AuthErrorCode, message: string) => new AuthHttpError(403, code, message);
export const unprocessable = (code: AuthErrorCode, message: string) => new AuthHttpError(422, code, message);
export const notFound = (code: AuthErrorCode, message: string) => new AuthHttpError(404, code, message);
export const tooManyRequests = () =>
  new AuthHttpError(429, 'over_request_rate_limit', 'Request rate limit reached');

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

/**
 * GoTrue's HandleResponseError: a client that sends X-Supabase-Api-Version >= 2024-01-01 (auth-js
 * always does) gets `{code, message}` and the version echoed back; older clients get the initial
 * format `{code: <status>, error_code, msg}`.
 */
export function authErrorResponse(request: Request, error: AuthHttpError): Response {
  const requested = request.headers.get(API_VERSION_HEADER);
  const modern = requested !== null && /^\d{4}-\d{2}-\d{2}$/.test(requested) && requested >= API_VERSION_2024;
  const weak = error.weakPasswordReasons ? { weak_password: { reasons: error.weakPasswordReasons } } : {};
  const body = modern
    ? { code: error.code, message: error.message, ...weak }
    : { code: error.status, error_code: error.code, msg: error.message, ...weak };
  const headers = modern ? { [API_VERSION_HEADER]: API_VERSION_2024 } : undefined;
  return Response.json(body, { status: error.status, headers });
}
