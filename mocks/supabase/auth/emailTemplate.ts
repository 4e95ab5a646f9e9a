/**
 * Fills an email template as Supabase Auth does: its templatemailer parses the template with Go's
 * html/template, which escapes every value for the place it lands (supabase/auth
 * internal/mailer/templatemailer; Go's html/template escape.go, html.go and url.go). The subset here
 * covers `{{ .Name }}` and `{{ .Data.key }}` actions in text, in quoted attributes and in URL
 * attributes (href, src, action), which is what Auth's templates use.
 */
export function renderEmailTemplate(
  template: string,
  values: Record<string, string>,
  data: Record<string, unknown> = {},
): string {
  let out = '';
  let state: Context = { kind: 'text' };
  let last = 0;
  for (const action of template.matchAll(/\{\{\s*\.(\w+)(?:\.(\w+))?\s*\}\}/g)) {
    const text = template.slice(last, action.index);
    state = advance(state, text);
    out += text;
    const [, name, key] = action;
    const value = name === 'Data' && key ? goPrint(data[key]) : (values[name] ?? '');
    out += escapeFor(state, value);
    // As in Go's escaper, what follows a value that began a URL is past the URL's start.
    if (state.kind === 'attr' && state.url && state.part === 'start') state = { ...state, part: 'path' };
    last = action.index + action[0].length;
  }
  return out + template.slice(last);
}

type Context =
  | { kind: 'text' }
  | { kind: 'tag' }
  | { kind: 'attr'; quote: string; url: boolean; part: 'start' | 'path' | 'query' };

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'cite', 'poster', 'background']);

/** Moves the context through a run of the template's own text (values never change it). */
function advance(start: Context, text: string): Context {
  let state = start;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (state.kind === 'text') {
      if (c === '<' && /[a-zA-Z/]/.test(text[i + 1] ?? '')) state = { kind: 'tag' };
    } else if (state.kind === 'tag') {
      if (c === '>') state = { kind: 'text' };
      else {
        const attr = /^([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(["'])/.exec(text.slice(i));
        if (attr && /\s/.test(text[i - 1] ?? ' ')) {
          state = {
            kind: 'attr',
            quote: attr[2],
            url: URL_ATTRIBUTES.has(attr[1].toLowerCase()),
            part: 'start',
          };
          i += attr[0].length - 1;
        }
      }
    } else if (c === state.quote) state = { kind: 'tag' };
    else if (state.url && (c === '?' || c === '#')) state = { ...state, part: 'query' };
    else if (state.url && state.part === 'start') state = { ...state, part: 'path' };
  }
  return state;
}

function escapeFor(state: Context, value: string): string {
  if (state.kind !== 'attr' || !state.url) return htmlEscape(value);
  if (state.part === 'query') return htmlEscape(percentEncode(value, false));
  const filtered = state.part === 'start' ? urlFilter(value) : value;
  return htmlEscape(percentEncode(filtered, true));
}

/** html/template's htmlEscaper (and attrEscaper): its replacement table, `+` included. */
const HTML_REPLACEMENTS: Record<string, string> = {
  '\0': '\uFFFD',
  '"': '&#34;',
  '&': '&amp;',
  "'": '&#39;',
  '+': '&#43;',
  '<': '&lt;',
  '>': '&gt;',
};
export const htmlEscape = (text: string) => text.replace(/[\0"&'+<>]/g, (c) => HTML_REPLACEMENTS[c]);

/** html/template's urlFilter: a value starting a URL with a scheme other than http(s) or mailto is refused. */
function urlFilter(value: string): string {
  const scheme = /^([^:/?#]*):/.exec(value);
  if (scheme && !['http', 'https', 'mailto'].includes(scheme[1].toLowerCase())) return '#ZgotmplZ';
  return value;
}

/**
 * html/template's processURLOnto: normalizing keeps RFC 3986's reserved characters and valid
 * escapes; escaping (a query value) encodes everything but the unreserved ones. Per UTF-8 byte.
 */
function percentEncode(value: string, normalize: boolean): string {
  const bytes = new TextEncoder().encode(value);
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const c = String.fromCharCode(bytes[i]);
    const unreserved = /[A-Za-z0-9\-._~]/.test(c);
    const reserved = normalize && /[!#$&*+,/:;=?@[\]]/.test(c);
    const validEscape =
      normalize &&
      c === '%' &&
      /^[0-9a-fA-F]{2}$/.test(String.fromCharCode(bytes[i + 1] ?? 0, bytes[i + 2] ?? 0));
    out += unreserved || reserved || validEscape ? c : `%${bytes[i].toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** A metadata value as text: strings as they are, others as JSON; a missing key prints nothing here. */
function goPrint(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
