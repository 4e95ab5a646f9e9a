import type { ContactInput } from '../../src/domain/contact';
import { toContactRow } from '../../src/domain/contact';

/**
 * Stores a contact message through the Supabase REST API as the anonymous role, the one write RLS
 * allows visitors (which is also why nothing is read back: return=minimal, success is 201).
 */
export async function sendContactMessage(input: ContactInput): Promise<void> {
  const baseUrl: string = import.meta.env.VITE_SUPABASE_URL || location.origin;
  const anonKey: string = import.meta.env.VITE_SUPABASE_ANON_KEY;
  const response = await fetch(`${baseUrl}/rest/v1/contact_messages`, {
    method: 'POST',
    headers: {
      apikey: anonKey,
      Authorization: `Bearer ${anonKey}`,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
    },
    body: JSON.stringify(toContactRow(input)),
  });
  if (response.status === 429) throw new ContactRateLimited();
  if (response.status !== 201) throw new Error(`Contact message refused: HTTP ${response.status}`);
}

/** The database's flood limit refused the message (CONTACT_RATE_LIMIT per address per hour). */
export class ContactRateLimited extends Error {
  override name = 'ContactRateLimited';
}
