/** What `npm start` makes of HOST, PORT and PUBLIC_URL (scripts/serve.ts). */
export interface ServeAddress {
  /**
   * Where this server is reached, for the stand-in's Auth links (site URL, verify links):
   * PUBLIC_URL when given (e.g. http://192.168.1.20:5173 with HOST=0.0.0.0), else http://HOST:PORT,
   * with 127.0.0.1 for a wildcard HOST. Never a request's Host header (docs/architecture.md).
   */
  publicUrl: string;
  /** The mail sandbox's page as this machine reaches it, or null when HOST listens on no loopback address. */
  mailUrl: string | null;
  /** True when other machines can reach the server (HOST is not a loopback address). */
  servesNetwork: boolean;
}

/** Addresses only this machine can reach; anything else (0.0.0.0, a LAN address) serves the network. */
const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|localhost|::1)$/;

export function serveAddress(host: string, port: number, publicUrl?: string): ServeAddress {
  const wildcard = host === '0.0.0.0' || host === '::';
  const loopback = LOOPBACK_HOST.test(host);
  const local = `http://${wildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    publicUrl: publicUrl || local,
    // The sandbox answers loopback callers only: from here that is 127.0.0.1 when HOST is a wildcard.
    mailUrl: loopback || wildcard ? `${local}/mail/` : null,
    servesNetwork: !loopback,
  };
}

/** Said when the stand-in is reachable from other machines. */
export function networkWarning(host: string): string {
  return [
    '',
    `WARNING: HOST=${host} serves the local Supabase stand-in to other machines.`,
    "  It uses the Supabase CLI's public demo keys: anyone who can reach this port can sign a",
    '  service_role token with the published JWT secret and read or change every row, and the demo',
    '  accounts above have published passwords. Use it only on a network you trust, never for real data.',
    '  The mail sandbox (/mail) answers only this machine (loopback addresses), whatever HOST is.',
    '',
  ].join('\n');
}
