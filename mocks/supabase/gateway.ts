import { errorResponse, noApiKey } from './rest/errors';

/**
 * What Supabase's API gateway checks before a request reaches a service, and so before anyone
 * reads its body: a request that carries a body to the REST, Auth or Storage API must carry the
 * project's API key (the `apikey` header or url param) or an Authorization header; without either
 * it is answered 401 "No API key found in request" at once (supabase/supabase's
 * docker/volumes/api/kong.yml: key-auth on rest-v1 and auth-v1). The exceptions are the routes
 * whose URL carries their own credential or that a browser opens from a link: Auth's open routes
 * (`/verify`, `/callback`, `/authorize`, kong.yml's auth-v1-open) and Storage's signed URLs
 * (`?token=`), which the service itself checks. Functions are behind their own relay
 * (mocks/supabase/functions: verify_jwt), which answers before the function reads the body.
 *
 * Only requests with a body are asked here: a body-less request costs nothing to answer, and each
 * service already answers one without a key as it does (PostgREST through the same error).
 */
export function gatewayRefusal(request: Request): Response | null {
  if (!hasBody(request)) return null;
  const url = new URL(request.url);
  if (!needsApiKey(url)) return null;
  const key = request.headers.get('apikey') ?? url.searchParams.get('apikey');
  if (key || request.headers.get('authorization')) return null;
  return errorResponse(noApiKey());
}

/** Whether the request has a body (a server passes one only when the request declares it). */
export const hasBody = (request: Request) => request.body !== null;

const AUTH_OPEN = /^\/auth\/v1\/(verify|callback|authorize)(\/|$)/;

function needsApiKey(url: URL): boolean {
  const path = url.pathname;
  if (path.startsWith('/rest/v1')) return true;
  if (path.startsWith('/auth/v1')) return !AUTH_OPEN.test(path);
  if (path.startsWith('/storage/v1')) return !url.searchParams.has('token');
  return false;
}
