/**
 * The command palette's and a person's page's limits. public.admin_search and public.admin_person
 * (supabase/schemas/31_app_data_admin_reads.sql) apply the same numbers; supabase/tests/palette.test.ts
 * checks that they agree.
 */

/** Text is matched from this many characters (a trigram); an id from 4 hex digits. */
export const PALETTE_MIN_CHARS = 3;
/** Longer searches are refused by the database (22023). */
export const PALETTE_MAX_CHARS = 200;
/** Records of each kind the palette shows. */
export const PALETTE_PER_KIND = 5;
/** The search waits for this pause in typing, so a burst of keys is one request. */
export const PALETTE_DEBOUNCE_MS = 80;
/** Entries the palette remembers as recent (shown while the box is empty). */
export const PALETTE_RECENT = 8;
/** Rows each section of a person's page shows (its link opens the whole filtered list). */
export const PERSON_SECTION_ROWS = 5;

/** Whether the database would search `q` at all: enough text, or the start of an id. */
export const isPaletteQuery = (q: string) => {
  const term = q.trim();
  return term.length >= PALETTE_MIN_CHARS && term.length <= PALETTE_MAX_CHARS;
};
