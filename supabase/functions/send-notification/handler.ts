import { checkOperator, failure, jsonBody, reply, type FunctionEnv } from '../_shared/operator.ts';
import type { PushMessage, PushResult, PushSender } from './push.ts';

interface Draft {
  userId: string;
  title: string;
  body: string;
  data: Record<string, string>;
}

export interface SendNotificationDeps extends FunctionEnv {
  push: PushSender;
  /** PUSH_ROLES and PUSH_ROLE_REFUSAL of src/domain/operatorRoles.ts: the operator roles that may push. */
  pushRoles: readonly string[];
  pushRoleRefusal: string;
  /**
   * checkNotificationDraft of src/domain/notification.ts (the rules the form and the database share),
   * passed in so this file has no relative value imports.
   */
  checkDraft: (input: unknown) => { ok: true; draft: Draft } | { ok: false; issue: string };
  /** NOTIFICATION_ISSUES of the same module: the wording of each refusal. */
  issues: Readonly<Record<string, string>>;
}

/**
 * send-notification: an active admin sends one push to one app user's device. The caller's JWT and
 * admin status are checked before anything else, then the draft against the rules the database
 * enforces. Every valid attempt is recorded in public.notifications: a row is inserted (pending, or
 * failed when the user has no device) before the push service is called, then marked sent or failed.
 */
export function createSendNotificationHandler(
  deps: SendNotificationDeps,
): (req: Request) => Promise<Response> {
  return async (req) => {
    const operator = await checkOperator(req, deps);
    if (operator instanceof Response) return operator;
    const { user, role, service } = operator;
    if (!deps.pushRoles.includes(role)) return failure(403, deps.pushRoleRefusal);

    const input = await jsonBody(req);
    if (!input.ok) return failure(400, 'Request body must be valid JSON');
    const checked = deps.checkDraft(input.value);
    if (!checked.ok) return failure(400, deps.issues[checked.issue]);
    const { draft } = checked;

    const { data: device, error: deviceError } = await service
      .from('user_devices')
      .select('token')
      .eq('user_id', draft.userId)
      .order('updated_at', { ascending: false })
      .limit(1)
      .maybeSingle();
    if (deviceError) return failure(500, `Could not look up the device: ${deviceError.message}`);

    // Recorded before anything is sent, so a delivered push always has its history row.
    const { data: row, error: recordError } = await service
      .from('notifications')
      .insert({
        user_id: draft.userId,
        title: draft.title,
        body: draft.body,
        data: draft.data,
        status: device ? 'pending' : 'failed',
        error: device ? null : NO_DEVICE,
        sent_by: user.id,
      })
      .select('id')
      .single();
    if (recordError) return failure(500, `Could not record the notification: ${recordError.message}`);
    if (!device) return failure(404, NO_DEVICE);

    const { title, body, data } = draft;
    const message: PushMessage = { token: device.token, title, body, data };
    const result = await sendSafely(deps.push, message);
    const { error: updateError } = await service
      .from('notifications')
      .update(
        result.ok
          ? { status: 'sent', message_id: result.messageId }
          : { status: 'failed', error: result.error },
      )
      .eq('id', row.id);
    if (updateError)
      console.error(`send-notification: notification ${row.id} stays pending`, updateError.message);

    return result.ok
      ? reply(200, { success: true, messageId: result.messageId })
      : failure(502, result.error);
  };
}

const NO_DEVICE = 'No device token found for this user';

/** A sender that throws (network down, bad credentials) counts as a failed delivery. */
async function sendSafely(push: PushSender, message: PushMessage): Promise<PushResult> {
  try {
    return await push.send(message);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
