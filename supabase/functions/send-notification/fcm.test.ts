import { exportPKCS8, generateKeyPair, jwtVerify, type CryptoKey } from 'jose';
import { createFcmSender, parseServiceAccount, type ServiceAccount } from './fcm';

let account: ServiceAccount;
let publicKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  publicKey = pair.publicKey;
  account = {
    project_id: 'labellens-prod',
    client_email: 'fcm-sender@labellens-prod.iam.gserviceaccount.com',
    private_key: await exportPKCS8(pair.privateKey),
    token_uri: 'https://oauth2.googleapis.com/token',
  };
});

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch that plays Google's token endpoint and FCM, recording what it was sent. */
function fakeGoogle(send: (call: Call) => Response) {
  const calls: Call[] = [];
  const fetchFn: typeof fetch = async (input, init = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    if (call.url === 'https://oauth2.googleapis.com/token')
      return Response.json({ access_token: 'ya29.test-token', expires_in: 3599, token_type: 'Bearer' });
    return send(call);
  };
  return { calls, fetchFn };
}

const message = { token: 'device-token-1', title: 'Hello', body: 'From LabelLens', data: { screen: 'news' } };

describe('FCM HTTP v1 sender', () => {
  it('exchanges a signed service-account assertion, then posts the message', async () => {
    const google = fakeGoogle(() =>
      Response.json({ name: 'projects/labellens-prod/messages/0:1700000000%abc' }),
    );
    const sender = createFcmSender(account, google.fetchFn);
    expect(await sender.send(message)).toEqual({
      ok: true,
      messageId: 'projects/labellens-prod/messages/0:1700000000%abc',
    });

    const [tokenCall, sendCall] = google.calls;
    const form = new URLSearchParams(String(tokenCall.init.body));
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const { payload, protectedHeader } = await jwtVerify(form.get('assertion')!, publicKey, {
      issuer: account.client_email,
      audience: 'https://oauth2.googleapis.com/token',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.scope).toBe('https://www.googleapis.com/auth/firebase.messaging');
    expect(payload.exp! - payload.iat!).toBe(3600);

    expect(sendCall.url).toBe('https://fcm.googleapis.com/v1/projects/labellens-prod/messages:send');
    expect(sendCall.init.headers).toEqual({
      Authorization: 'Bearer ya29.test-token',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(String(sendCall.init.body))).toEqual({
      message: {
        token: 'device-token-1',
        notification: { title: 'Hello', body: 'From LabelLens' },
        data: { screen: 'news' },
        android: { priority: 'high' },
      },
    });
  });

  it('reuses the access token until it nears expiry', async () => {
    const google = fakeGoogle(() => Response.json({ name: 'projects/labellens-prod/messages/1' }));
    const sender = createFcmSender(account, google.fetchFn);
    await sender.send(message);
    await sender.send(message);
    expect(google.calls.map((c) => c.url.split('/').pop())).toEqual([
      'token',
      'messages:send',
      'messages:send',
    ]);
  });

  it("reports FCM's error code and message", async () => {
    const google = fakeGoogle(() =>
      Response.json(
        {
          error: {
            code: 404,
            message: 'Requested entity was not found.',
            status: 'NOT_FOUND',
            details: [
              { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
            ],
          },
        },
        { status: 404 },
      ),
    );
    expect(await createFcmSender(account, google.fetchFn).send(message)).toEqual({
      ok: false,
      error: 'UNREGISTERED: Requested entity was not found.',
      code: 'UNREGISTERED',
    });
  });

  it('marks 429 and 5xx as worth retrying, after Retry-After when FCM gives one', async () => {
    const answers = [
      Response.json(
        { error: { code: 429, message: 'Quota exceeded.', status: 'RESOURCE_EXHAUSTED' } },
        { status: 429, headers: { 'Retry-After': '7' } },
      ),
      Response.json(
        { error: { code: 503, message: 'Unavailable.', status: 'UNAVAILABLE' } },
        { status: 503 },
      ),
    ];
    const google = fakeGoogle(() => answers.shift()!);
    const sender = createFcmSender(account, google.fetchFn);
    expect(await sender.send({ ...message, collapseKey: 'send-1' })).toEqual({
      ok: false,
      error: 'RESOURCE_EXHAUSTED: Quota exceeded.',
      code: 'RESOURCE_EXHAUSTED',
      retryable: true,
      retryAfterSeconds: 7,
    });
    expect(await sender.send(message)).toEqual({
      ok: false,
      error: 'UNAVAILABLE: Unavailable.',
      code: 'UNAVAILABLE',
      retryable: true,
    });
    const sent = JSON.parse(String(google.calls[1].init.body)) as { message: Record<string, unknown> };
    expect(sent.message.android).toEqual({ priority: 'high', collapse_key: 'send-1' });
    expect(sent.message.apns).toEqual({ headers: { 'apns-collapse-id': 'send-1' } });
  });

  it('validates the service account from the environment', () => {
    expect(() => parseServiceAccount(undefined)).toThrow('FCM_SERVICE_ACCOUNT is not set');
    expect(() => parseServiceAccount('{"project_id":"p","client_email":"e"}')).toThrow(
      'FCM_SERVICE_ACCOUNT lacks private_key',
    );
  });
});
