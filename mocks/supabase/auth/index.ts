import type { RouteHandler, StandInContext } from '../context';
import {
  handleCreateUser,
  handleDeleteUserById,
  handleGetUserById,
  handleListUsers,
  handleUpdateUserById,
} from './admin';
import { AuthHttpError, authErrorResponse } from './errors';
import { handleGenerateLink, handleInvite } from './invite';
import { handleHealth, handleJwks, handleSettings } from './meta';
import { handleChallengeFactor, handleEnrollFactor, handleUnenrollFactor, handleVerifyFactor } from './mfa';
import { handleRecover, handleVerify, handleVerifyGet } from './recovery';
import { handleSignup } from './signup';
import { handleToken } from './token';
import { handleGetUser, handleLogout, handleUpdateUser } from './user';

type AuthRoute = {
  method: string;
  path: RegExp;
  handle: (request: Request, ctx: StandInContext, ...params: string[]) => Promise<Response>;
};

const ROUTES: AuthRoute[] = [
  { method: 'GET', path: /^\/health$/, handle: handleHealth },
  { method: 'GET', path: /^\/settings$/, handle: handleSettings },
  { method: 'GET', path: /^\/\.well-known\/jwks\.json$/, handle: handleJwks },
  { method: 'POST', path: /^\/token$/, handle: handleToken },
  { method: 'POST', path: /^\/signup$/, handle: handleSignup },
  { method: 'POST', path: /^\/recover$/, handle: handleRecover },
  { method: 'GET', path: /^\/verify$/, handle: handleVerifyGet },
  { method: 'POST', path: /^\/verify$/, handle: handleVerify },
  { method: 'POST', path: /^\/invite$/, handle: handleInvite },
  { method: 'POST', path: /^\/admin\/generate_link$/, handle: handleGenerateLink },
  { method: 'POST', path: /^\/logout$/, handle: handleLogout },
  { method: 'GET', path: /^\/user$/, handle: handleGetUser },
  { method: 'PUT', path: /^\/user$/, handle: handleUpdateUser },
  { method: 'POST', path: /^\/factors$/, handle: handleEnrollFactor },
  { method: 'POST', path: /^\/factors\/([^/]+)\/challenge$/, handle: handleChallengeFactor },
  { method: 'POST', path: /^\/factors\/([^/]+)\/verify$/, handle: handleVerifyFactor },
  { method: 'DELETE', path: /^\/factors\/([^/]+)$/, handle: handleUnenrollFactor },
  { method: 'GET', path: /^\/admin\/users$/, handle: handleListUsers },
  { method: 'POST', path: /^\/admin\/users$/, handle: handleCreateUser },
  { method: 'GET', path: /^\/admin\/users\/([^/]+)$/, handle: handleGetUserById },
  { method: 'PUT', path: /^\/admin\/users\/([^/]+)$/, handle: handleUpdateUserById },
  { method: 'DELETE', path: /^\/admin\/users\/([^/]+)$/, handle: handleDeleteUserById },
];

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The GoTrue (Supabase Auth) subset under /auth/v1: subPath is e.g. '/token'. */
export const handleAuth: RouteHandler = async (request, ctx, subPath) => {
  const path = subPath.length > 1 ? subPath.replace(/\/$/, '') : subPath;
  for (const route of ROUTES) {
    const match = route.method === request.method ? route.path.exec(path) : null;
    if (!match) continue;
    try {
      return await route.handle(request, ctx, ...match.slice(1).map(safeDecode));
    } catch (error) {
      if (error instanceof AuthHttpError) return authErrorResponse(request, error);
      console.error('[stand-in] auth', request.method, subPath, error);
      return authErrorResponse(
        request,
        new AuthHttpError(
          500,
          'unexpected_failure',
          'Unexpected failure, please check server logs for more information',
        ),
      );
    }
  }
  // GoTrue's router (chi) answers unknown routes with its plain-text default.
  return new Response('404 page not found\n', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
