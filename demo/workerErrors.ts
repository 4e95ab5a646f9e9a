/**
 * PGlite's worker RPC hands a tab only an error's message (`@electric-sql/pglite/worker`: its
 * rpc-error carries `{ message }`), while the stand-in answers by the Postgres error's fields (code
 * 42501 is a 401/403, 23505 a 409, P0001 a raised message...). The leader's worker therefore puts
 * the fields into the message, and the tab takes them out again: the same error as in one thread.
 */
const MARK = 'labellens-pg-error:';
const FIELDS = [
  'message',
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

/** In the worker: the error with its fields in its message. */
export function packError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const fields: Record<string, unknown> = {};
  for (const key of FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string') fields[key] = value;
  }
  return new Error(MARK + JSON.stringify(fields));
}

/** In the tab: the error as the worker's PGlite threw it (message, code, detail...). */
export function unpackError(error: unknown): unknown {
  if (!(error instanceof Error) || !error.message.startsWith(MARK)) return error;
  const fields = JSON.parse(error.message.slice(MARK.length)) as Record<string, string>;
  return Object.assign(new Error(fields.message), fields);
}

/** The calls that reach the worker's PGlite and can fail with a Postgres error. */
export const PROTOCOL_METHODS = [
  'execProtocol',
  'execProtocolRaw',
  'execProtocolStream',
  'execProtocolRawStream',
] as const;

/** obj's protocol methods, each passing its error through `map`. */
export function mapProtocolErrors<T extends object>(obj: T, map: (error: unknown) => unknown) {
  const methods = obj as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of PROTOCOL_METHODS) {
    const original = methods[name].bind(obj);
    methods[name] = async (...args) => {
      try {
        return await original(...args);
      } catch (error) {
        throw map(error);
      }
    };
  }
}
