import { typeNotSupportedMessage } from '../../../src/domain/storage';

/**
 * supabase/storage's error answers (src/internal/errors/codes.ts): the body carries the error's own
 * status as a string in `statusCode`, the HTTP status is 400 for every client error (500 for the
 * server's own), except where the API sets it (403 for a token that is not a user's).
 */
export class StorageError extends Error {
  constructor(
    /** The error's own status, sent as the body's statusCode. */
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
    /** The HTTP status, when the API answers with another than 400. */
    readonly httpStatus = statusCode === 500 ? 500 : 400,
  ) {
    super(message);
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  accessDenied: (message = 'Access denied', httpStatus?: number) =>
    new StorageError(403, 'AccessDenied', 'Unauthorized', message, httpStatus),
  duplicate: () => new StorageError(409, 'Duplicate', 'Duplicate', 'The resource already exists'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') =>
    new StorageError(400, 'InvalidSignature', 'InvalidSignature', message),
  expiredSignature: () =>
    new StorageError(400, 'ExpiredToken', 'ExpiredToken', 'The provided token has expired.'),
  invalidMimeType: (type: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', typeNotSupportedMessage(type)),
  entityTooLarge: (limit = 'the maximum allowed size') =>
    new StorageError(413, 'EntityTooLarge', 'Payload too large', `The object exceeded ${limit}`),
  missingParameter: (name: string) =>
    new StorageError(400, 'MissingParameter', 'MissingParameter', `Missing Required Parameter ${name}`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  notFound: (method: string, path: string) =>
    new StorageError(404, 'NotFound', 'Not Found', `Route ${method}:${path} not found`, 404),
};

/** What Storage answers for a Postgres error from a query run as the caller (src/storage/database/errors.ts). */
export function fromPgError(error: { code: string; message: string }): StorageError {
  switch (error.code) {
    case '42501':
      return storageErrors.accessDenied(
        error.message.includes('row-level security')
          ? 'new row violates row-level security policy'
          : error.message,
      );
    case '23505':
      return storageErrors.duplicate();
    case '57014':
      return new StorageError(
        544,
        'DatabaseTimeout',
        'DatabaseTimeout',
        'The connection to the database timed out',
      );
    default:
      return new StorageError(500, 'DatabaseError', 'DatabaseError', `database error, code: ${error.code}`);
  }
}

export function errorResponse(error: StorageError): Response {
  return Response.json(
    { statusCode: String(error.statusCode), code: error.code, error: error.error, message: error.message },
    { status: error.httpStatus },
  );
}
