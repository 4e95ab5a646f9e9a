/** The first `max` characters of a text, with an ellipsis when something was cut (list previews). */
export function preview(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : text;
}

/** The host of an http(s) URL for display, or the URL itself when it does not parse. */
export function urlHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
