import { isPushSandbox, type PushFaults } from '../../push/sandbox';
import type { StandInContext } from '../context';
import { verifyJwt } from '../jwt';

/**
 * push-sandbox: a local-only function (there is none in a hosted project) that lists what the push
 * sandbox received, so browser tests can check a delivery end to end. The deliveries name device
 * tokens, so only the service role may read them.
 */
export function createPushSandboxHandler(ctx: StandInContext): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== 'GET' && req.method !== 'POST')
      return Response.json({ error: 'Method not allowed' }, { status: 405 });
    const bearer = /^Bearer (\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
    const check = await verifyJwt(bearer, ctx.jwtSecret);
    if (!check.ok || check.claims.role !== 'service_role')
      return Response.json({ error: 'The service role only' }, { status: 403 });
    if (!isPushSandbox(ctx.push))
      return Response.json({ error: 'Pushes go to a real sender, not the sandbox' }, { status: 404 });
    if (req.method === 'POST') {
      // { faults: PushFaults } (mocks/push/sandbox.ts): a share of tokens answered 429, 500 or UNREGISTERED.
      const body = (await req.json().catch(() => ({}))) as { faults?: PushFaults };
      ctx.push.setFaults(body.faults ?? {});
      return Response.json({ faults: body.faults ?? {} });
    }
    return Response.json({ delivered: ctx.push.delivered });
  };
}
