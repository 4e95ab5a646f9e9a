import type { PushSender } from '../../supabase/functions/send-notification/push';
import type { AuthConfig } from './auth/authConfig';
import type { EmailBudget } from './auth/emailLimits';
import type { AuthHooks } from './auth/hooks';
import type { SignInCounter } from './auth/signInLimits';
import type { Database } from './db';
import type { MailSandbox } from './mail/sandbox';

/** What every part of the stand-in (REST, Auth, Functions) is given to answer a request. */
export interface StandInContext {
  db: Database;
  jwtSecret: string;
  /** Sends a request to this same stand-in, in process: what an edge function's supabase-js client uses. */
  fetch: typeof fetch;
  /** Where edge functions deliver push messages (the sandbox of mocks/push unless told otherwise). */
  push: PushSender;
  /** Failed password sign-ins per account and address, for GoTrue's rate limit. */
  signIns: SignInCounter;
  /** supabase/config.toml's [auth] for this stand-in's address: site URL, redirect allow-list, limits. */
  auth: AuthConfig;
  /** This stand-in's `email_sent` budget (one per stand-in, as one per Auth server). */
  emailBudget: EmailBudget;
  /** The Postgres-function auth hooks GoTrue calls (supabase/config.toml's [auth.hook.*]). */
  authHooks: AuthHooks;
  /** Where Auth's emails go locally (the Mailpit-like sandbox at /mail). */
  mail: MailSandbox;
}

/** subPath is the request path below the part's prefix, e.g. '/scans' for /rest/v1/scans. */
export type RouteHandler = (request: Request, ctx: StandInContext, subPath: string) => Promise<Response>;
