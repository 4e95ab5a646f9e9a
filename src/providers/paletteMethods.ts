import { HttpError, type DataProvider } from 'react-admin';
import type { DatabaseClient, RpcRow, WithNulls } from '../domain/database';
import { PALETTE_PER_KIND, PERSON_SECTION_ROWS } from '../domain/palette';
import type { Person } from './person';

export type { Person };

/**
 * A record admin_search found: its kind is the route name of the screen that lists it. A detail, an
 * owner and a time are not there for every kind (a tag has no owner).
 */
export type PaletteHit = WithNulls<RpcRow<'admin_search'>, 'detail' | 'owner_id' | 'owner_email' | 'at'>;

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
