import { HttpError, type DataProvider } from 'react-admin';
import type { DatabaseClient, RpcRow, WithNulls } from '../domain/database';
import { PALETTE_PER_KIND, PERSON_SECTION_ROWS } from '../domain/palette';

/**
 * A record admin_search found: its kind is the route name of the screen that lists it. A detail, an
 * owner and a time are not there for every kind (a tag has no owner).
 */
export type PaletteHit = WithNulls<RpcRow<'admin_search'>, 'detail' | 'owner_id' | 'owner_email' | 'at'>;

/** One section of a person's page: its newest rows and how many there are in all. */
export interface PersonSection<R> {
  total: number;
  rows: R[];
}

export interface PersonAccount {
  id: string;
  email: string | null;
  phone: string | null;
  email_confirmed_at: string | null;
  phone_confirmed_at: string | null;
  created_at: string;
  updated_at: string | null;
  last_sign_in_at: string | null;
  provider: string | null;
  role: string | null;
  aud: string | null;
  banned_until: string | null;
}

/**
 * admin_person's answer (supabase/migrations/20241101003000_palette.sql): a section only for a role
 * whose access lists its screen (private.list_readers); the account and its devices are the Users screen's.
 */
export interface Person {
  user: PersonAccount;
  profiles?: PersonSection<{
    id: string;
    name: string;
    relationship: string | null;
    allergies: string[];
    health_conditions: string[];
    created_at: string;
  }>;
  scans?: PersonSection<{
    id: string;
    name: string | null;
    image_url: string | null;
    image_path: string | null;
    health_score: number | null;
    category: string | null;
    created_at: string;
  }>;
  chats?: PersonSection<{ id: string; title: string | null; created_at: string; message_count: number }>;
  devices: PersonSection<{ id: string; platform: string; created_at: string; updated_at: string }>;
  notifications?: PersonSection<{
    id: string;
    title: string;
    body: string;
    status: 'sent' | 'failed';
    error: string | null;
    created_at: string;
    sender_email: string | null;
  }>;
  contact_messages?: PersonSection<{ id: string; subject: string; status: string; created_at: string }>;
  audit?: PersonSection<{
    id: number;
    occurred_at: string;
    action: string;
    resource: string;
    record_id: string | null;
    actor_id: string | null;
    actor_email: string | null;
  }>;
}

/** The data provider's palette methods: each one request to one RPC. */
export function createPaletteMethods(client: DatabaseClient) {
  return {
    /** What the palette finds for `q`, in admin_search's order (kind by kind). */
    async paletteSearch(q: string, signal?: AbortSignal): Promise<PaletteHit[]> {
      let request = client.rpc('admin_search', { q, per_kind: PALETTE_PER_KIND });
      if (signal) request = request.abortSignal(signal);
      const { data, error, status } = await request;
      if (error) throw new HttpError(error.message, status, error);
      return (data ?? []) as PaletteHit[];
    },

    /** A person's page in one request; null when there is no such user. */
    async person(id: string): Promise<Person | null> {
      const { data, error, status } = await client.rpc('admin_person', {
        person: id,
        per_section: PERSON_SECTION_ROWS,
      });
      if (error) throw new HttpError(error.message, status, error);
      return (data ?? null) as Person | null;
    },
  };
}

/** The data provider as the palette and the person's page read it (typed by these methods only). */
export type PaletteDataProvider = DataProvider & ReturnType<typeof createPaletteMethods>;
