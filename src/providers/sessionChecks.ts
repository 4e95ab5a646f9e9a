import type { OperatorRole } from '../domain/operatorRoles';
import { activeOperatorRole } from './adminAccess';
import { rememberedRead, type RememberedRead } from './rememberedRead';
import type { DatabaseClient } from '../domain/database';

/**
 * public.admin_mfa_status(): what the admin screens need to route a signed-in account. The function
 * answers a json object, which the generated types can only call `Json`, so its keys are named here.
 */
export interface MfaStatus {
  is_admin_account: boolean;
  aal: string;
  has_verified_factor: boolean | null;
  mfa_required: boolean | null;
}

/**
 * The two things the admin asks the database about a session before it shows a screen: the
 * operator's role (the auth provider: access and menus) and the second-factor status (the
 * enrolment gate). The auth provider starts both together; a reload answers them from the tab's
 * memory and checks them again behind the screen (rememberedRead.ts).
 */
export interface SessionChecks {
  role: RememberedRead<OperatorRole | null>;
  mfa: RememberedRead<MfaStatus>;
}

export function createSessionChecks(client: DatabaseClient): SessionChecks {
  return {
    role: rememberedRead('labellens-admin:operatorRole', (session) =>
      activeOperatorRole(client, session.user.id),
    ),
    mfa: rememberedRead('labellens-admin:mfaStatus', async () => {
      const { data, error } = await client.rpc('admin_mfa_status');
      if (error) throw error;
      return data as unknown as MfaStatus;
    }),
  };
}
