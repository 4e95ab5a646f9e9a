import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, RequestIdentity } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import type { OperatorRole } from '../../src/domain/operatorRoles';
import { baseTable } from '../../src/providers/resourceData';
import { canOperate, OPERATOR_ACCESS, RESOURCES } from '../../src/resources';
import { ADMIN_ID, attempt, IDENTITIES, INACTIVE_ADMIN_ID, USER_ID } from './fixtures';

/**
 * supabase/schemas/27_realtime.sql: who may share presence on an edit
 * dialog's private channel (the same roles as the screens' descriptors declare, src/resources/index.ts's
 * OPERATOR_ACCESS, cell by cell), and who may resolve operators' ids to their emails. The Realtime side (the policies
 * run by a join and a track) is tested with real clients in mocks/supabase/realtime/.
 */

const EDITOR_ID = '00000000-0000-4000-8000-000000000005';
const SUPPORT_ID = '00000000-0000-4000-8000-000000000006';
const ROLE_IDS: Record<OperatorRole, string> = { owner: ADMIN_ID, editor: EDITOR_ID, support: SUPPORT_ID };
/** The resources whose records open in an edit dialog (src/editing/FormDialog.tsx), by their descriptors: name -> table. */
const DIALOG_TABLES: Record<string, string> = Object.fromEntries(
  RESOURCES.filter((r) => r.screens.dialogs?.edit).map((r) => [r.data.name, baseTable(r.data)]),
);

const signedIn = (sub: string): RequestIdentity => ({
  role: 'authenticated',
  claims: { sub, role: 'authenticated', aud: 'authenticated' },
});

let db: Database;
const recordIds: Record<string, string> = {};
beforeAll(async () => {
  db = await openTestDatabase();
  for (const [resource, table] of Object.entries(DIALOG_TABLES))
    recordIds[resource] = (
      await db.query<{ id: string }>(`select id from public.${table} limit 1`)
    ).rows[0].id;
});
afterAll(() => db.close());

async function mayShare(identity: RequestIdentity, topic: string) {
  const outcome = await attempt(db, identity, async (tx) => {
    const { rows } = await tx.query<{ ok: boolean }>('select public.may_share_presence($1) as ok', [topic]);
    return rows[0].ok;
  });
  return outcome.ok ? outcome.value : outcome.code;
}

describe('presence on an edit dialog’s private channel', () => {
  it.each(Object.keys(ROLE_IDS) as OperatorRole[])(
    'admits the %s exactly where OPERATOR_ACCESS lets the role edit',
    async (role) => {
      for (const resource of Object.keys(OPERATOR_ACCESS)) {
        const id = recordIds[resource] ?? '00000000-0000-4000-8000-00000000beef';
        const expected = resource in DIALOG_TABLES && canOperate(role, resource, 'edit');
        expect(await mayShare(signedIn(ROLE_IDS[role]), `presence:${resource}:${id}`), resource).toBe(
          expected,
        );
      }
    },
  );

  it('admits nobody to a record that does not exist, another topic form, an app user or an inactive operator', async () => {
    const owner = signedIn(ADMIN_ID);
    expect(await mayShare(owner, 'presence:news:00000000-0000-4000-8000-00000000beef')).toBe(false);
    expect(await mayShare(owner, `presence:news:${recordIds.news}:extra`)).toBe(false);
    expect(await mayShare(owner, `news:${recordIds.news}`)).toBe(false);
    expect(await mayShare(owner, 'presence')).toBe(false);
    expect(await mayShare(signedIn(USER_ID), `presence:news:${recordIds.news}`)).toBe(false);
    expect(await mayShare(signedIn(INACTIVE_ADMIN_ID), `presence:news:${recordIds.news}`)).toBe(false);
    // The anon role may not even ask (no policy admits it, the function is not granted to it).
    expect(await mayShare(IDENTITIES.anon, `presence:news:${recordIds.news}`)).toBe('42501');
  });
});

describe('public.admin_operator_emails', () => {
  const emails = async (identity: RequestIdentity, ids: string[]) => {
    const outcome = await attempt(db, identity, async (tx) => {
      const { rows } = await tx.query<{ user_id: string; email: string }>(
        'select user_id, email from public.admin_operator_emails($1::uuid[])',
        [ids],
      );
      return rows;
    });
    return outcome.ok ? outcome.value : outcome.code;
  };
  const asked = [EDITOR_ID, USER_ID, INACTIVE_ADMIN_ID, SUPPORT_ID];

  it('names active operators, to active operators only', async () => {
    expect(await emails(signedIn(EDITOR_ID), asked)).toEqual([
      { user_id: EDITOR_ID, email: 'editor@labellens.dev' },
      { user_id: SUPPORT_ID, email: 'support@labellens.dev' },
    ]);
  });

  it('tells an app user and an inactive operator nothing, and refuses the anon role', async () => {
    expect(await emails(IDENTITIES.user, asked)).toEqual([]);
    expect(await emails(IDENTITIES.inactiveAdmin, asked)).toEqual([]);
    expect(await emails(IDENTITIES.anon, asked)).toBe('42501');
  });
});
