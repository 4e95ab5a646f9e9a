import type { Session } from '@supabase/supabase-js';

/**
 * A read about the signed-in session (e.g. the operator's role) that a reload need not wait for.
 *
 * The answer is read once per access token and remembered in the tab's sessionStorage with that
 * token. When the tab reloads with the same token, `get` answers from there at once, so the screen,
 * and its own data request, start without waiting; the read runs again behind it, and an answer
 * that differs replaces the remembered one and is passed to the listeners. A new token (a refresh,
 * a new sign-in) is read before it is answered. The screens only follow these answers: the database
 * checks every request itself.
 */
export interface RememberedRead<T> {
  get(session: Session): Promise<T>;
  /** Reads again now (e.g. a screen refetching), and remembers the answer for this token. */
  reload(session: Session): Promise<T>;
  /** Drops the answers, in memory and in the tab, e.g. on sign-out or when a fresh answer is due. */
  forget(): void;
  /**
   * Called with each corrected answer (one that differed from the remembered one). A listener that
   * subscribes after the current token's answer was corrected hears that correction at once: the
   * read behind a reload can finish before the screen that listens has mounted.
   */
  subscribe(listener: (value: T) => void): () => void;
}

interface Stored<T> {
  token: string;
  value: T;
}

function recall<T>(key: string, token: string): Stored<T> | undefined {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as Stored<T> | null;
    return stored?.token === token ? stored : undefined;
  } catch {
    // Unreadable (or no) storage: the answer is read as on a first load.
    return undefined;
  }
}

function remember<T>(key: string, stored: Stored<T>): void {
  try {
    // The token is the key the answer belongs to; it already sits in localStorage as the session.
    window.sessionStorage.setItem(key, JSON.stringify(stored));
  } catch {
    // Storage full or refused: the next reload reads again, nothing else changes.
  }
}

export function rememberedRead<T>(key: string, read: (session: Session) => Promise<T>): RememberedRead<T> {
  let current: { token: string; value: Promise<T>; corrected?: boolean } | undefined;
  const listeners = new Set<(value: T) => void>();

  return {
    get(session) {
      const token = session.access_token;
      if (current?.token === token) return current.value;
      const fresh = read(session);
      const stored = recall<T>(key, token);
      const entry: NonNullable<typeof current> = {
        token,
        value: stored ? Promise.resolve(stored.value) : fresh,
      };
      current = entry;
      fresh.then(
        (value) => {
          if (current !== entry) return;
          remember(key, { token, value });
          if (stored && JSON.stringify(stored.value) !== JSON.stringify(value)) {
            entry.value = Promise.resolve(value);
            entry.corrected = true;
            for (const listener of listeners) listener(value);
          }
        },
        () => {
          // A failed read is tried again next time, unless a remembered answer stands in for it.
          if (current === entry && !stored) current = undefined;
        },
      );
      return entry.value;
    },
    async reload(session) {
      const token = session.access_token;
      const value = await read(session);
      current = { token, value: Promise.resolve(value) };
      remember(key, { token, value });
      return value;
    },
    forget() {
      current = undefined;
      try {
        window.sessionStorage.removeItem(key);
      } catch {
        // Nothing was remembered where storage is refused.
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      if (current?.corrected) void current.value.then(listener);
      return () => listeners.delete(listener);
    },
  };
}
