import type { AuthConfig } from './authConfig';

/**
 * Where Supabase Auth lets a link lead, as supabase/auth internal/utilities/request.go decides it:
 * GetReferrer takes the request's `redirect_to` (a header, else the query), else its Referer, when
 * IsRedirectURLValid allows it, and the configured site URL otherwise. Nothing here reads the Host.
 */
export function referrerOf(request: Request, config: AuthConfig): string {
  const url = new URL(request.url);
  const asked = request.headers.get('redirect_to') || url.searchParams.get('redirect_to') || '';
  if (isRedirectUrlValid(config, asked)) return asked;
  const referer = request.headers.get('referer') ?? '';
  if (isRedirectUrlValid(config, referer)) return referer;
  return config.siteUrl;
}

/**
 * GoTrue's IsRedirectURLValid: the site URL's scheme and host (any port on a loopback name, RFC 8252),
 * a loopback IP address, or a match of one additional_redirect_urls glob (without the fragment).
 * Hosts are read as Go's url.Parse reads them (no WHATWG rewriting of `http://2130706433/`).
 */
export function isRedirectUrlValid(config: AuthConfig, redirectUrl: string): boolean {
  if (!redirectUrl) return false;
  const base = goUrlParts(config.siteUrl);
  const ref = goUrlParts(redirectUrl);
  if (!base || !ref) return false;
  if (
    base.hostname === ref.hostname &&
    base.scheme === ref.scheme &&
    (base.port === ref.port || isLocalhost(ref.hostname))
  )
    return true;
  const isHttp = ref.scheme.toLowerCase() === 'http' || ref.scheme.toLowerCase() === 'https';
  if (/^[0-9]+$/.test(ref.hostname)) return false;
  const ip = ipKind(ref.hostname);
  if (ip) return ip === 'loopback';
  if (isHttp && !/^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/.test(ref.hostname)) return false;
  const withoutFragment = redirectUrl.split('#')[0];
  return config.uriAllowList.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}

/** Scheme, host (brackets dropped) and port of a URL, as Go's url.Parse gives them; null if none. */
function goUrlParts(url: string): { scheme: string; hostname: string; port: string } | null {
  // Go's url.Parse refuses ASCII control characters (and a space in the host part).
  if ([...url].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === ' ')) return null;
  const match =
    /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):)?(?:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)(?::([0-9]*))?)?/.exec(url);
  if (!match) return null;
  return {
    scheme: match[1] ?? '',
    hostname: (match[2] ?? '').replace(/^\[(.*)\]$/, '$1'),
    port: match[3] ?? '',
  };
}

/** supabase/auth internal/utilities/url_validator.go isLocalhost. */
function isLocalhost(hostname: string) {
  const host = hostname.toLowerCase();
  return ['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'].includes(host) || host.endsWith('.localhost');
}

/** Whether a host is an IP address Go's net.ParseIP reads, and a loopback one (127/8, ::1). */
function ipKind(host: string): 'loopback' | 'other' | null {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) {
    if (v4.slice(1).some((part) => Number(part) > 255)) return null;
    return v4[1] === '127' ? 'loopback' : 'other';
  }
  if (host.includes(':') && /^[0-9a-fA-F:.]+$/.test(host)) {
    const loopback = /^(0{0,4}:){2,7}0{0,3}1$/.test(host) || host === '::1';
    return loopback ? 'loopback' : 'other';
  }
  return null;
}

const globCache = new Map<string, RegExp>();

/**
 * A redirect-URL pattern as gobwas/glob compiles it with '.' and '/' as separators (supabase/auth
 * internal/conf/configuration.go): `*` is any run without a separator, `**` any run at all, `?` one
 * non-separator, `[a-z]` / `[!a-z]` a class, `{a,b}` alternatives, `\` quotes the next character.
 */
export function globToRegExp(pattern: string): RegExp {
  const cached = globCache.get(pattern);
  if (cached) return cached;
  let i = 0;
  const body = (closing: string | null): string => {
    let out = '';
    const alternatives: string[] = [];
    while (i < pattern.length) {
      const c = pattern[i];
      if (closing && c === '}') {
        i++;
        return `(?:${[...alternatives, out].join('|')})`;
      }
      if (closing && c === ',') {
        alternatives.push(out);
        out = '';
        i++;
      } else if (c === '\\' && i + 1 < pattern.length) {
        out += escapeRegExp(pattern[i + 1]);
        i += 2;
      } else if (c === '*') {
        const double = pattern[i + 1] === '*';
        out += double ? '.*' : '[^./]*';
        i += double ? 2 : 1;
      } else if (c === '?') {
        out += '[^./]';
        i++;
      } else if (c === '[') {
        const end = pattern.indexOf(']', i + 1);
        if (end < 0) {
          out += '\\[';
          i++;
        } else {
          const inner = pattern.slice(i + 1, end);
          const negated = inner.startsWith('!');
          const set = (negated ? inner.slice(1) : inner).replace(/[\\\]^]/g, '\\$&');
          out += negated ? `[^${set}]` : `[${set}]`;
          i = end + 1;
        }
      } else if (c === '{') {
        i++;
        out += body('}');
      } else {
        out += escapeRegExp(c);
        i++;
      }
    }
    return closing ? `${escapeRegExp('{')}${[...alternatives, out].join(',')}` : out;
  };
  const compiled = new RegExp(`^${body(null)}$`, 's');
  globCache.set(pattern, compiled);
  return compiled;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
