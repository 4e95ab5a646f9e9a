import * as OTPAuth from 'otpauth';
import type { Database } from '../db';
import { insertUser, type UserRow } from './users';

/** A confirmed email user with a password, as GoTrue's admin API would create one (banned if asked). */
export function insertConfirmedUser(
  db: Database,
  email: string,
  password: string,
  extra: { bannedUntil?: Date } = {},
): Promise<UserRow> {
  return insertUser(db, {
    email,
    phone: null,
    password,
    emailConfirmed: true,
    phoneConfirmed: false,
    userMetadata: {},
    appMetadata: {},
    ...extra,
  });
}

/** The code an authenticator app shows now for a base32 secret (SHA-1, 6 digits, 30 s). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp });
}

/** A 6-digit code that the factor refuses now: none of the codes of the accepted window (±1 step). */
export function wrongTotpCode(secret: string, timestamp = Date.now()): string {
  const accepted = new Set([-30_000, 0, 30_000].map((offset) => totpCode(secret, timestamp + offset)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!accepted.has(candidate)) return candidate;
  }
}
