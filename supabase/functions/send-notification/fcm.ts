import { importPKCS8, SignJWT } from 'jose';
import type { PushMessage, PushResult, PushSender } from './push.ts';

/** The fields of a Google service-account key file that FCM's HTTP v1 API needs. */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri?: string;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';

export function parseServiceAccount(json: string | undefined): ServiceAccount {
  if (!json) throw new Error('FCM_SERVICE_ACCOUNT is not set');
  const account = JSON.parse(json) as Partial<ServiceAccount>;
  for (const field of ['project_id', 'client_email', 'private_key'] as const)
    if (typeof account[field] !== 'string' || !account[field])
      throw new Error(`FCM_SERVICE_ACCOUNT lacks ${field}`);
  return account as ServiceAccount;
}

interface FcmErrorBody {
  error?: { message?: string; status?: string; details?: { errorCode?: string }[] };
}

/**
 * FCM HTTP v1: a service-account JWT (RS256) is exchanged for an OAuth access token, kept until a
 * minute before it expires, then each message is POSTed to projects/<id>/messages:send.
 */
export function createFcmSender(account: ServiceAccount, fetchFn: typeof fetch = fetch): PushSender {
  const tokenUri = account.token_uri ?? DEFAULT_TOKEN_URI;
  let cached: { token: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt - 60_000 > Date.now()) return cached.token;
    const key = await importPKCS8(account.private_key, 'RS256');
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.client_email)
      .setAudience(tokenUri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const response = await fetchFn(tokenUri, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    });
    const body = (await response.json()) as {
      access_token?: string;
      expires_in?: number;
      error_description?: string;
    };
    if (!response.ok || !body.access_token)
      throw new Error(`FCM authorisation failed: ${body.error_description ?? response.status}`);
    cached = { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return cached.token;
  }

  return {
    async send(message: PushMessage): Promise<PushResult> {
      let token: string;
      try {
        token = await accessToken();
      } catch (error) {
        return { ok: false, error: (error as Error).message };
      }
      const response = await fetchFn(
        `https://fcm.googleapis.com/v1/projects/${account.project_id}/messages:send`,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            message: {
              token: message.token,
              notification: { title: message.title, body: message.body },
              data: message.data,
              android: {
                priority: 'high',
                ...(message.collapseKey && { collapse_key: message.collapseKey }),
              },
              ...(message.collapseKey && { apns: { headers: { 'apns-collapse-id': message.collapseKey } } }),
            },
          }),
        },
      );
      const body = (await response.json().catch(() => ({}))) as { name?: string } & FcmErrorBody;
      if (response.ok && body.name) return { ok: true, messageId: body.name };
      const code =
        body.error?.details?.find((d) => d.errorCode)?.errorCode ??
        body.error?.status ??
        `HTTP ${response.status}`;
      const retryable = response.status === 429 || response.status >= 500;
      const retryAfter = Number(response.headers.get('Retry-After'));
      return {
        ok: false,
        error: `${code}: ${body.error?.message ?? 'FCM request failed'}`,
        code,
        ...(retryable && { retryable, ...(retryAfter > 0 && { retryAfterSeconds: Math.ceil(retryAfter) }) }),
      };
    },
  };
}
