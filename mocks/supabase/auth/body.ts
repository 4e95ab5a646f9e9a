import { badRequest } from './errors';

/** Largest JSON body the auth part reads; GoTrue's gateway refuses bigger ones too. */
export const MAX_AUTH_BODY_BYTES = 64 * 1024;

export type JsonObject = Record<string, unknown>;

/** GoTrue's retrieveRequestParams: the body must be a JSON object, else 400 bad_json. */
export async function readJsonBody(request: Request): Promise<JsonObject> {
  return parseJsonObject(await request.text());
}

export function parseJsonObject(text: string): JsonObject {
  if (text.length > MAX_AUTH_BODY_BYTES)
    throw badRequest(
      'bad_json',
      `Could not read body into byte slice: request body exceeds ${MAX_AUTH_BODY_BYTES} bytes`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected a JSON object');
  return parsed as JsonObject;
}

/** A string field of the body, or '' when absent; any other type is a JSON mismatch as in Go. */
export function stringField(body: JsonObject, name: string): string {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string')
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: json: cannot unmarshal ${typeof value} into Go struct field .${name} of type string`,
    );
  return value;
}

/** An object field of the body (user_metadata, data, app_metadata), or undefined when absent. */
export function objectField(body: JsonObject, name: string): JsonObject | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: json: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into Go struct field .${name} of type map[string]interface {}`,
    );
  return value as JsonObject;
}
