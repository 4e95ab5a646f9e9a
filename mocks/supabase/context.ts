import type { Database } from './db';

/** What every part of the stand-in (REST, Auth, Functions) is given to answer a request. */
export interface StandInContext {
  db: Database;
  jwtSecret: string;
}

/** subPath is the request path below the part's prefix, e.g. '/scans' for /rest/v1/scans. */
export type RouteHandler = (request: Request, ctx: StandInContext, subPath: string) => Promise<Response>;
