/**
 * The tester's panel's "Load 10,000 scans": the generator `npm run db:seed` uses
 * (scripts/seed/generateScans.ts: scans copied from the seed's, with users, profiles and chats in
 * proportion), run on this page's database in batches, one transaction each, with a progress line.
 */
import type { Database } from '../mocks/supabase/db';

export const BULK_SCANS = 10_000;
/** Rows per transaction: small enough for the progress line to move, large enough to stay fast. */
const BATCH = 2_000;

/** The progress line's text after `done` of `total` scans, `ms` since the start. */
export const progressText = (done: number, total: number, ms: number) =>
  done < total
    ? `Loading scans: ${done.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} (${(ms / 1000).toFixed(1)} s)`
    : `Loaded ${total.toLocaleString('en-IN')} scans in ${(ms / 1000).toFixed(1)} s`;

/** Loads `scans` generated scans; `report` gets the progress line after each batch. */
export async function loadBulkScans(db: Database, scans: number, report: (line: string) => void) {
  // Loaded on demand: the generator's names come from faker, which no other screen needs.
  const { generateScans } = await import('../scripts/seed/generateScans');
  const started = performance.now();
  report(progressText(0, scans, 0));
  await generateScans(db, {
    scans,
    batchSize: BATCH,
    onProgress: (done, total) => report(progressText(done, total, performance.now() - started)),
  });
}

/** The button and its progress line (a status, so a screen reader hears it move). */
export function bulkScansControl(db: Database, stored: () => Promise<void>): HTMLElement {
  const element = document.createElement('div');
  const line = document.createElement('output');
  line.setAttribute('role', 'status');
  line.setAttribute('aria-label', 'Scans loaded');
  const start = document.createElement('button');
  start.type = 'button';
  start.textContent = `Load ${BULK_SCANS.toLocaleString('en-IN')} scans`;
  start.addEventListener('click', () => {
    start.disabled = true;
    void loadBulkScans(db, BULK_SCANS, (text) => (line.textContent = text))
      // Kept in IndexedDB before it says so: a reload right after reads the new rows.
      .then(stored)
      .catch((error: unknown) => (line.textContent = `Could not load the scans: ${String(error)}`))
      .finally(() => (start.disabled = false));
  });
  element.append(start, ' ', line);
  return element;
}
