import { config } from 'zod/mini';

/**
 * Zod probes whether it may compile parsers with `new Function`; under the pages'
 * Content-Security-Policy (no eval, scripts/securityHeaders.ts) that probe is refused and reported
 * as a violation. Parsing without compiled parsers gives the same results. Imported first by each
 * bundle's entry (src/main.tsx, site/main.tsx).
 */
config({ jitless: true });
