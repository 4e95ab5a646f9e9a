import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * The admin check: the admin_users rows of this user that are active, expecting exactly one.
 * Row-level security lets a user read only their own admin_users rows.
 */
export async function isActiveAdmin(client: SupabaseClient, userId: string): Promise<boolean> {
  const { data, error } = await client
    .from('admin_users')
    .select('id, is_active')
    .eq('user_id', userId)
    .eq('is_active', true);
  if (error) throw error;
  return data.length === 1;
}
