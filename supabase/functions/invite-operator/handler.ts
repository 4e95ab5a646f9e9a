import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';

type Issue =
  'incomplete' | 'email' | 'role' | 'notOwner' | 'alreadyOperator' | 'accountExists' | 'rateLimited';

export interface InviteOperatorDeps {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  fetch: typeof fetch;
  /**
   * checkInvite and INVITE_ISSUES of src/domain/operatorRoles.ts (the rules the Invite dialog
   * shares), passed in so this file has no relative value imports.
   */
  checkInvite: (
    input: unknown,
  ) => { ok: true; invite: { email: string; role: string } } | { ok: false; issue: Issue };
  issues: Readonly<Record<Issue, string>>;
  /** Node 20 has no global WebSocket: the local stand-in passes ws here; Deno needs nothing. */
  realtime?: SupabaseClientOptions<'public'>['realtime'];
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

const reply = (status: number, body: unknown) => Response.json(body, { status, headers: CORS_HEADERS });
const failure = (status: number, error: string) => reply(status, { success: false, error });

/**
 * invite-operator: an active owner (at the aal2 rules of is_admin()) adds an operator by email.
 * Supabase Auth's admin API (the service key, which never leaves the server) creates the account and
 * emails the invite link; the operator's row is then added by public.admin_add_operator() called
 * with the owner's own token, so the database checks the owner again and the audit trail names them.
 * An account made here whose row could not be added is removed again.
 */
export function createInviteOperatorHandler(deps: InviteOperatorDeps): (req: Request) => Promise<Response> {
  const client = (key: string, headers: Record<string, string> = {}): SupabaseClient =>
    createClient(deps.supabaseUrl, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: deps.fetch, headers },
      realtime: deps.realtime,
    });

  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
    if (req.method !== 'POST') return failure(405, 'Method not allowed');

    const jwt = /^Bearer (\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
    if (!jwt) return failure(401, 'Missing authorization token');
    const service = client(deps.serviceRoleKey);
    const { data: caller, error: authError } = await service.auth.getUser(jwt);
    if (authError || !caller.user) return failure(401, 'Invalid or expired session');

    const asCaller = client(deps.anonKey, { Authorization: `Bearer ${jwt}` });
    const { data: role, error: roleError } = await asCaller.rpc('admin_role');
    if (roleError) return failure(500, `Could not check admin status: ${roleError.message}`);
    if (typeof role !== 'string') return failure(403, 'Admin privileges required');
    if (role !== 'owner') return failure(403, deps.issues.notOwner);

    let input: unknown;
    try {
      input = await req.json();
    } catch {
      return failure(400, 'Request body must be valid JSON');
    }
    const checked = deps.checkInvite(input);
    if (!checked.ok) return failure(400, deps.issues[checked.issue]);
    const { email, role: newRole } = checked.invite;

    // An operator who has accepted is not invited again; an invitation not yet accepted is renewed.
    const { data: team, error: teamError } = await asCaller.rpc('admin_team');
    if (teamError) return failure(500, `Could not read the team: ${teamError.message}`);
    const member = (team as { email: string; invite_pending: boolean }[]).find((row) => row.email === email);
    if (member && !member.invite_pending) return failure(409, deps.issues.alreadyOperator);

    const { data: invited, error: inviteError } = await service.auth.admin.inviteUserByEmail(email);
    if (inviteError) {
      if (inviteError.code === 'email_exists') return failure(409, deps.issues.accountExists);
      if (inviteError.status === 429) return failure(429, deps.issues.rateLimited);
      return failure(502, `Could not send the invitation: ${inviteError.message}`);
    }

    const { error: addError } = await asCaller.rpc('admin_add_operator', {
      operator: invited.user.id,
      new_role: newRole,
    });
    if (addError) {
      // Only an account this request made (not on the team, never confirmed) is taken back.
      if (!member) await service.auth.admin.deleteUser(invited.user.id);
      return failure(addError.code === '42501' ? 403 : 500, addError.message);
    }
    return reply(200, { success: true, operator: { user_id: invited.user.id, email, role: newRole } });
  };
}
