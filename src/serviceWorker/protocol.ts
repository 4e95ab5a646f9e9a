/** What the admin's service worker and its pages share: where it lives and what it tells them. */

/** The worker's address; its scope is the admin, so it sees the admin's page loads and no others. */
export const SERVICE_WORKER_URL = '/admin/sw.js';
export const SERVICE_WORKER_SCOPE = '/admin/';

/** The message a page gets when it was opened from the kept copy and the server now has another. */
export const NEW_VERSION_MESSAGE = 'labellens:new-version';

/**
 * How many pages it keeps, the last opened: every record has its own address (/admin/scans/…), and
 * each copy is a few KB.
 */
export const KEPT_PAGES = 40;

/** The Cache Storage name of the kept pages; a new layout of what is kept gets a new name. */
export const PAGE_CACHE = 'labellens-admin-pages-v1';
