/**
 * Regression tests for issue 35's findings 4, 5, 6 and 9 (Auth's part) and issue 36's GET /verify
 * and template escaping, each with the review's request, over real HTTP where the finding depends on
 * the socket or the Host header (servers on 127.0.0.1 only).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Database } from '../db';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../keys';
import { standInMiddleware } from '../node';
import { createStandIn, type StandIn } from '../standIn';
import { openTestDatabase } from '../testing/snapshot';
import { authConfigFor, type AuthConfig } from './authConfig';
import { renderEmailTemplate } from './emailTemplate';
import { isRedirectUrlValid, referrerOf } from './redirects';
import { SignInCounter } from './signInLimits';
import { DEMO, TEST_SUPABASE_URL } from './testClient';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

/** A stand-in behind a real HTTP server on 127.0.0.1, told the address it is served at. */
async function served(options: { auth?: Partial<AuthConfig> } = {}) {
  // The stand-in needs the port the server gets, and the server needs the stand-in.
  const holder: { standIn?: StandIn } = {};
  const server: Server = createServer((req, res) => {
    void standInMiddleware(holder.standIn!)(req, res, () => {
      res.statusCode = 404;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const standIn = createStandIn({ db, publicUrl: origin, ...options });
  holder.standIn = standIn;
  return { standIn, port, origin, close: () => new Promise((resolve) => server.close(resolve)) };
}

interface Sent {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One raw HTTP request to 127.0.0.1:port, from `localAddress` when given, with any Host header. */
function send(
  port: number,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
    localAddress,
  }: { method?: string; headers?: Record<string, string>; body?: unknown; localAddress?: string } = {},
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        localAddress,
        headers: { ...(payload ? { 'Content-Type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const AUTH_HEADERS = { apikey: LOCAL_ANON_KEY, 'X-Supabase-Api-Version': '2024-01-01' };
const SERVICE_HEADERS = {
  apikey: LOCAL_SERVICE_ROLE_KEY,
  Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
  'X-Supabase-Api-Version': '2024-01-01',
};

/** The newest email to an address, read in process (this process is this machine). */
async function newestMail(standIn: StandIn, to: string) {
  const message = standIn.mail.list().find((m) => m.To[0].Address === to);
  expect(message).toBeDefined();
  return message!;
}
const firstHref = (html: string) => /href="([^"]+)"/.exec(html)![1].replace(/&amp;/g, '&');

/** This machine's first non-loopback IPv4 address: a client bound to it is "another machine" to a server. */
const nonLoopback = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe('finding 4: the mail sandbox answers only this machine', () => {
  const REFUSED = 'The local mail sandbox answers only requests from this machine (a loopback address).\n';

  test.skipIf(!nonLoopback)(
    'GET /mail/api/v1/messages and /mail from a non-loopback address: 403, nothing listed; from 127.0.0.1: 200',
    async () => {
      const { port, close } = await served();
      try {
        for (const path of ['/mail/api/v1/messages', '/mail/', '/mail/api/v1/message/any']) {
          const away = await send(port, path, { localAddress: nonLoopback });
          expect({ status: away.status, text: away.text }).toEqual({ status: 403, text: REFUSED });
          // X-Forwarded-For is the caller's own claim: it changes nothing.
          const claimed = await send(port, path, {
            localAddress: nonLoopback,
            headers: { 'X-Forwarded-For': '127.0.0.1' },
          });
          expect(claimed.status).toBe(403);
        }
        const home = await send(port, '/mail/api/v1/messages');
        expect(home.status).toBe(200);
        expect(JSON.parse(home.text)).toMatchObject({ start: 0, messages: expect.any(Array) });
      } finally {
        await close();
      }
    },
  );

  test('by the socket address the server reports: IPv4-mapped and IPv6 loopback pass, others do not', async () => {
    const standIn = createStandIn({ db });
    const status = async (clientAddress: string) =>
      (await standIn.handle(new Request(`${TEST_SUPABASE_URL}/mail/api/v1/messages`), { clientAddress }))!
        .status;
    expect(await status('::ffff:127.0.0.1')).toBe(200);
    expect(await status('::1')).toBe(200);
    expect(await status('127.0.0.2')).toBe(200);
    expect(await status('192.0.2.2')).toBe(403);
    expect(await status('::ffff:192.0.2.2')).toBe(403);
    expect(await status('fd00::2')).toBe(403);
  });
});

describe('finding 5: links are built from site_url and the allow-list, never the Host header', () => {
  test('POST /auth/v1/recover with Host: evil.example:<port> mails a link on the configured site URL', async () => {
    const { standIn, port, origin, close } = await served();
    try {
      await db.query(`update auth.users set recovery_sent_at = null where email = $1`, [DEMO.user.email]);
      const answer = await send(port, '/auth/v1/recover?redirect_to=https%3A%2F%2Fevil.example%2Fadmin', {
        method: 'POST',
        headers: { ...AUTH_HEADERS, Host: `evil.example:${port}` },
        body: { email: DEMO.user.email },
      });
      expect({ status: answer.status, text: answer.text }).toEqual({ status: 200, text: '{}' });
      const mail = await newestMail(standIn, DEMO.user.email);
      const link = firstHref(mail.HTML);
      expect(link).toMatch(
        new RegExp(`^${origin}/admin/set-password\\?token_hash=[0-9a-f]{56}&type=recovery$`),
      );
      expect(mail.HTML).not.toContain('evil.example');
      // The access token's issuer is Auth's configured address too.
      const signedIn = await send(port, '/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: { ...AUTH_HEADERS, Host: `evil.example:${port}` },
        body: DEMO.admin,
      });
      const claims = JSON.parse(
        Buffer.from(JSON.parse(signedIn.text).access_token.split('.')[1], 'base64url').toString(),
      );
      expect(claims.iss).toBe(`${origin}/auth/v1`);
    } finally {
      await close();
    }
  });

  test('generate_link with a forged Host and a redirect_to outside the list: action_link and redirect_to on the site URL', async () => {
    const { port, origin, close } = await served();
    try {
      const answer = await send(
        port,
        '/auth/v1/admin/generate_link?redirect_to=https%3A%2F%2Fevil.example%2F',
        {
          method: 'POST',
          headers: { ...SERVICE_HEADERS, Host: `evil.example:${port}` },
          body: { type: 'recovery', email: DEMO.user.email },
        },
      );
      expect(answer.status).toBe(200);
      const body = JSON.parse(answer.text) as {
        action_link: string;
        hashed_token: string;
        redirect_to: string;
      };
      expect(body.redirect_to).toBe(origin);
      expect(body.action_link).toBe(
        `${origin}/auth/v1/verify?token=${body.hashed_token}&type=recovery&redirect_to=${origin}`,
      );
      // An allowed redirect_to is kept (config.toml's additional_redirect_urls, moved to this origin).
      const allowed = await send(
        port,
        `/auth/v1/admin/generate_link?redirect_to=${encodeURIComponent(`${origin}/admin`)}`,
        {
          method: 'POST',
          headers: SERVICE_HEADERS,
          body: { type: 'recovery', email: DEMO.user.email },
        },
      );
      expect(JSON.parse(allowed.text).redirect_to).toBe(`${origin}/admin`);
    } finally {
      await close();
    }
  });

  test("config.toml's URLs move to the stand-in's own origin; the Host header is never read", () => {
    expect(authConfigFor('http://127.0.0.1:4400')).toMatchObject({
      siteUrl: 'http://127.0.0.1:4400',
      uriAllowList: ['http://127.0.0.1:4400/admin', 'http://localhost:5173/admin'],
      externalUrl: 'http://127.0.0.1:4400/auth/v1',
      autoconfirm: true,
      maxFrequencySeconds: 60,
      emailsPerHour: 10,
      signInSignUps: 30,
      tokenVerifications: 30,
    });
    expect(authConfigFor()).toMatchObject({
      siteUrl: 'http://127.0.0.1:5173',
      externalUrl: 'http://127.0.0.1:5173/auth/v1',
    });
    // A real site in site_url is never moved.
    expect(
      authConfigFor('http://127.0.0.1:4400', {
        auth: {
          site_url: 'https://admin.labellens.app',
          additional_redirect_urls: ['https://admin.labellens.app/admin'],
        },
      }),
    ).toMatchObject({
      siteUrl: 'https://admin.labellens.app',
      uriAllowList: ['https://admin.labellens.app/admin'],
    });
  });

  test("redirect_to as GoTrue's IsRedirectURLValid judges it, with gobwas globs", () => {
    const config = {
      siteUrl: 'http://127.0.0.1:5173',
      uriAllowList: [
        'https://*.labellens.app/admin/**',
        'labellens://auth-callback',
        'https://{a,b}.example.org/?',
      ],
    } as AuthConfig;
    const verdicts = Object.fromEntries(
      [
        'http://127.0.0.1:5173/admin',
        'http://127.0.0.1:9999/anything',
        'http://127.1.2.3/',
        'http://2130706433/',
        'http://localhost:5173/admin',
        'https://evil.example/',
        'https://ops.labellens.app/admin/set-password',
        'https://ops.labellens.app/admin/a/b#fragment',
        'https://a.b.labellens.app/admin/x',
        'https://ops.labellens.app.evil.example/admin/',
        'labellens://auth-callback',
        'https://b.example.org/x',
        'https://c.example.org/x',
        '',
      ].map((url) => [url, isRedirectUrlValid(config, url)]),
    );
    expect(verdicts).toEqual({
      'http://127.0.0.1:5173/admin': true,
      'http://127.0.0.1:9999/anything': true,
      'http://127.1.2.3/': true,
      'http://2130706433/': false,
      'http://localhost:5173/admin': false,
      'https://evil.example/': false,
      'https://ops.labellens.app/admin/set-password': true,
      'https://ops.labellens.app/admin/a/b#fragment': true,
      'https://a.b.labellens.app/admin/x': false,
      'https://ops.labellens.app.evil.example/admin/': false,
      'labellens://auth-callback': true,
      'https://b.example.org/x': true,
      'https://c.example.org/x': false,
      '': false,
    });
    // GetReferrer: redirect_to, else an allowed Referer, else the site URL.
    const at = (url: string, headers: Record<string, string> = {}) =>
      referrerOf(new Request(url, { headers }), config);
    expect(at('http://x/auth/v1/recover?redirect_to=https%3A%2F%2Fevil.example%2F')).toBe(
      'http://127.0.0.1:5173',
    );
    expect(at('http://x/auth/v1/recover', { Referer: 'https://ops.labellens.app/admin/team' })).toBe(
      'https://ops.labellens.app/admin/team',
    );
    expect(at('http://x/auth/v1/recover', { redirect_to: 'labellens://auth-callback' })).toBe(
      'labellens://auth-callback',
    );
  });
});

describe("findings 6 and 9: Auth's limits per client address, from config.toml", () => {
  const verifyWrong = (standIn: StandIn, clientAddress: string, i: number) =>
    standIn.handle(
      new Request(`${TEST_SUPABASE_URL}/auth/v1/verify`, {
        method: 'POST',
        headers: AUTH_HEADERS,
        body: JSON.stringify({ type: 'recovery', token_hash: i.toString(16).padStart(56, '0') }),
      }),
      { clientAddress },
    );

  test('40 wrong /verify tries from one address: 30 answered 403, the 31st on 429 over_request_rate_limit', async () => {
    const standIn = createStandIn({ db });
    const answers = [];
    for (let i = 0; i < 40; i += 1) {
      const response = (await verifyWrong(standIn, '198.51.100.7', i))!;
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(answers.slice(0, 30)).toEqual(
      Array(30).fill({
        status: 403,
        body: { code: 'otp_expired', message: 'Token has expired or is invalid' },
      }),
    );
    expect(answers.slice(30)).toEqual(
      Array(10).fill({
        status: 429,
        body: { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
      }),
    );
    // Another address is not held back; the limited one waits for the bucket to refill.
    expect((await verifyWrong(standIn, '198.51.100.8', 0))!.status).toBe(403);
    // The GET link is the same route, the same limit.
    const get = await standIn.handle(
      new Request(`${TEST_SUPABASE_URL}/auth/v1/verify?token=x&type=recovery`),
      {
        clientAddress: '198.51.100.7',
      },
    );
    expect(get!.status).toBe(429);
  });

  test("GoTrue's tollbooth bucket: 30 at once, then one more per 10 s at 30 per 5 minutes", () => {
    const counter = new SignInCounter({ verificationsPerAddress: 30 });
    const at = 1_000_000;
    const burst = Array.from({ length: 31 }, () => counter.admitRoute('verify', 'a', at));
    expect(burst.filter(Boolean)).toHaveLength(30);
    expect(counter.admitRoute('verify', 'a', at + 9_000)).toBe(false);
    expect(counter.admitRoute('verify', 'a', at + 10_000)).toBe(true);
    expect(counter.admitRoute('verify', 'a', at + 10_001)).toBe(false);
  });

  test('sign-ups and recovery requests per address, each route counted on its own (sign_in_sign_ups)', async () => {
    const standIn = createStandIn({ db });
    const post = (path: string, body: object) =>
      standIn.handle(
        new Request(`${TEST_SUPABASE_URL}/auth/v1/${path}`, {
          method: 'POST',
          headers: AUTH_HEADERS,
          body: JSON.stringify(body),
        }),
        { clientAddress: '198.51.100.9' },
      );
    const statuses = async (path: string, body: (i: number) => object) => {
      const out = [];
      for (let i = 0; i < 31; i += 1) out.push((await post(path, body(i)))!.status);
      return out;
    };
    // Unknown addresses: nothing is mailed, only the route's limit answers.
    expect(await statuses('recover', (i) => ({ email: `nobody-${i}@example.org` }))).toEqual([
      ...Array(30).fill(200),
      429,
    ]);
    // Too-short passwords: refused after the limit is counted, as GoTrue's limitHandler runs first.
    expect(await statuses('signup', (i) => ({ email: `new-${i}@example.org`, password: 'x' }))).toEqual([
      ...Array(30).fill(422),
      429,
    ]);
    const limited = await post('recover', { email: DEMO.user.email });
    expect(await limited!.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
  });

  test("a second recovery email to one address within config.toml's max_frequency (60s): GoTrue's 429 and message", async () => {
    const standIn = createStandIn({ db });
    await db.query(`update auth.users set recovery_sent_at = null where email = $1`, [DEMO.admin.email]);
    const recover = () =>
      standIn.handle(
        new Request(`${TEST_SUPABASE_URL}/auth/v1/recover`, {
          method: 'POST',
          headers: AUTH_HEADERS,
          body: JSON.stringify({ email: DEMO.admin.email }),
        }),
      );
    expect((await recover())!.status).toBe(200);
    const again = (await recover())!;
    expect(again.status).toBe(429);
    const body = await again.json();
    expect(body.code).toBe('over_email_send_rate_limit');
    expect(body.message).toMatch(
      /^For security purposes, you can only request this after (59|60) seconds\.$/,
    );
    // An unknown address answers {} at once, however often: Auth reveals the difference only here.
    await db.query(
      `update auth.users set recovery_sent_at = now() - interval '61 seconds' where email = $1`,
      [DEMO.admin.email],
    );
    expect((await recover())!.status).toBe(200);
  });
});

describe('finding 9: anonymous recovery requests cannot stop invitations', () => {
  test('more /recover emails than email_sent (10), from many addresses, then an invitation: still sent', async () => {
    const standIn = createStandIn({ db });
    const { rows } = await db.query<{ email: string }>(
      `select email from auth.users where email like '%@example.in' order by email limit 12`,
    );
    await db.query(`update auth.users set recovery_sent_at = null where email like '%@example.in'`);
    const answers = [];
    for (const [i, { email }] of rows.entries()) {
      const response = await standIn.handle(
        new Request(`${TEST_SUPABASE_URL}/auth/v1/recover`, {
          method: 'POST',
          headers: AUTH_HEADERS,
          body: JSON.stringify({ email }),
        }),
        { clientAddress: `203.0.113.${i + 1}` },
      );
      answers.push(response!.status);
    }
    expect(answers).toEqual(Array(12).fill(200));
    // With confirmations off GoTrue spends no email budget (mail.go sendEmail under autoconfirm).
    const invited = await standIn.handle(
      new Request(`${TEST_SUPABASE_URL}/auth/v1/invite`, {
        method: 'POST',
        headers: SERVICE_HEADERS,
        body: JSON.stringify({ email: 'after.the.flood@labellens.dev' }),
      }),
    );
    expect(invited!.status).toBe(200);
    expect((await newestMail(standIn, 'after.the.flood@labellens.dev')).Subject).toBe(
      'You are invited to LabelLens Admin',
    );
  });
});

describe('issue 36: GET /verify as GoTrue serves it', () => {
  const sessionFragment =
    /^access_token=[\w.-]+&expires_at=\d+&expires_in=3600&refresh_token=[\w-]+&sb=&token_type=bearer&type=recovery$/;

  test('an action_link followed over HTTP: 303 to the allowed redirect_to with the session in the fragment, once', async () => {
    const { port, origin, close } = await served();
    try {
      const generated = await send(
        port,
        `/auth/v1/admin/generate_link?redirect_to=${encodeURIComponent(`${origin}/admin`)}`,
        {
          method: 'POST',
          headers: SERVICE_HEADERS,
          body: { type: 'recovery', email: DEMO.user.email },
        },
      );
      const actionLink = new URL(JSON.parse(generated.text).action_link);
      expect(actionLink.origin).toBe(origin);
      const followed = await send(port, actionLink.pathname + actionLink.search);
      expect(followed.status).toBe(303);
      const location = String(followed.headers.location);
      const [target, fragment] = location.split('#');
      expect(target).toBe(`${origin}/admin`);
      expect(fragment).toMatch(sessionFragment);
      const accessToken = new URLSearchParams(fragment).get('access_token')!;
      const user = await send(port, '/auth/v1/user', {
        headers: { ...AUTH_HEADERS, Authorization: `Bearer ${accessToken}` },
      });
      expect(JSON.parse(user.text)).toMatchObject({ id: DEMO.user.id, email: DEMO.user.email });

      const again = await send(port, actionLink.pathname + actionLink.search);
      expect(again.status).toBe(303);
      expect(again.headers.location).toBe(
        `${origin}/admin#error=access_denied&error_code=otp_expired&error_description=Token+has+expired+or+is+invalid&sb=`,
      );
    } finally {
      await close();
    }
  });

  test('a redirect_to outside the allow-list leads to the site URL, whatever Host the request names', async () => {
    const { port, origin, close } = await served();
    try {
      const generated = await send(port, '/auth/v1/admin/generate_link', {
        method: 'POST',
        headers: SERVICE_HEADERS,
        body: { type: 'recovery', email: DEMO.admin.email },
      });
      const token = JSON.parse(generated.text).hashed_token as string;
      const followed = await send(
        port,
        `/auth/v1/verify?token=${token}&type=recovery&redirect_to=${encodeURIComponent('https://evil.example/steal')}`,
        { headers: { Host: `evil.example:${port}` } },
      );
      expect(followed.status).toBe(303);
      const [target, fragment] = String(followed.headers.location).split('#');
      expect(target).toBe(origin);
      expect(fragment).toMatch(sessionFragment);
      // No token, no type: GoTrue's 400 before anything is verified.
      const bare = await send(port, '/auth/v1/verify?type=recovery', { headers: AUTH_HEADERS });
      expect({ status: bare.status, body: JSON.parse(bare.text) }).toEqual({
        status: 400,
        body: { code: 'validation_failed', message: 'Verify requires a token or a token hash' },
      });
    } finally {
      await close();
    }
  });
});

describe("issue 36: templates filled as Go's html/template fills them", () => {
  test('text, attributes and URLs each escaped for their place', () => {
    const html = renderEmailTemplate(
      '<p>Hi {{ .Data.name }}</p><a href="{{ .SiteURL }}/x?e={{ .Email }}">go</a><a href="{{ .RedirectTo }}">r</a><img alt="{{ .Email }}">',
      { SiteURL: 'http://127.0.0.1:5173', Email: 'a+b@x.in', RedirectTo: 'javascript:alert(1)' },
      { name: '<script>alert("x")</script>' },
    );
    expect(html).toBe(
      '<p>Hi &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;</p><a href="http://127.0.0.1:5173/x?e=a%2bb%40x.in">go</a><a href="#ZgotmplZ">r</a><img alt="a&#43;b@x.in">',
    );
  });

  test("an invited address with ' and + reaches the email escaped", async () => {
    const standIn = createStandIn({ db, publicUrl: TEST_SUPABASE_URL });
    const invited = await standIn.handle(
      new Request(`${TEST_SUPABASE_URL}/auth/v1/invite`, {
        method: 'POST',
        headers: SERVICE_HEADERS,
        body: JSON.stringify({
          email: "o'neil+ops@labellens.dev",
          data: { full_name: '<script>x</script>' },
        }),
      }),
    );
    expect(invited!.status).toBe(200);
    const mail = await newestMail(standIn, "o'neil+ops@labellens.dev");
    expect(mail.HTML).toContain('invited o&#39;neil&#43;ops@labellens.dev to join');
    expect(mail.HTML).not.toContain("o'neil+ops");
    // The text part (Mailpit's, derived from the HTML) reads as written.
    expect(mail.Text).toContain("invited o'neil+ops@labellens.dev to join");
  });
});
