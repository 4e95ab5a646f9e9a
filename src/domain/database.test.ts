import type { Tables } from '../database.types';
import type { Chat } from '../resources/chats/data';
import type { ContactMessage } from '../resources/contact-messages/data';
import type { Scan } from '../resources/scans/data';
import type { Operator } from '../team/teamData';
import type { AdminUser } from '../resources/users/data';
import type { RpcArgs, RpcRow, ViewRow, WithNulls } from './database';

// Checked by `npm run typecheck` (expectTypeOf does nothing at run time): the record types derived
// from the generated src/database.types.ts keep what the screens rely on.
describe('row types derived from the generated database types', () => {
  it('a view row takes each passed-through column from its base table, NOT NULL included', () => {
    expectTypeOf<ViewRow<'admin_scans', 'scans'>['id']>().toEqualTypeOf<string>();
    expectTypeOf<Scan['ingredients']>().toEqualTypeOf<string[]>();
    expectTypeOf<Scan['is_favorite']>().toEqualTypeOf<boolean>();
    expectTypeOf<Scan['health_score']>().toEqualTypeOf<number | null>();
    // Columns the view adds keep the view's (nullable) type.
    expectTypeOf<Scan['owner_email']>().toEqualTypeOf<string | null>();
    expectTypeOf<Chat['message_count']>().toEqualTypeOf<number | null>();
  });

  it('a table row narrowed by its check constraint', () => {
    expectTypeOf<Tables<'contact_messages'>['status']>().toEqualTypeOf<string>();
    expectTypeOf<ContactMessage['status']>().toEqualTypeOf<'new' | 'read' | 'archived'>();
  });

  it('RPC rows with the columns the function may answer null for', () => {
    expectTypeOf<RpcRow<'admin_list_users'>['banned_until']>().toEqualTypeOf<string>();
    expectTypeOf<AdminUser['banned_until']>().toEqualTypeOf<string | null>();
    expectTypeOf<AdminUser['id']>().toEqualTypeOf<string>();
    expectTypeOf<Operator['last_sign_in_at']>().toEqualTypeOf<string | null>();
    expectTypeOf<Operator['role']>().toEqualTypeOf<'owner' | 'editor' | 'support'>();
    expectTypeOf<WithNulls<{ a: string; b: number }, 'b'>>().toEqualTypeOf<{ a: string; b: number | null }>();
    expectTypeOf<RpcArgs<'admin_set_operator_role'>>().toEqualTypeOf<{
      new_role: string;
      operator: string;
    }>();
  });
});
