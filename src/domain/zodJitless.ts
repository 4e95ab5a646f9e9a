import { config } from 'zod/mini';

/**
 * Zod probes whether it may compile parsers with `new Function`; under the pages'
 * Content-Security-Policy (no eval, scripts/securityHeaders.ts) that probe is refused and reported
 * as a violation. Parsing without compiled parsers gives the same results. Imported first by the
 * site's entry (site/main.tsx) and by the admin app (src/App.tsx), ahead of every schema: the admin's
 * login route parses nothing with zod, so its bundle (250 KB budget) does not carry zod's core.
 */
config({ jitless: true });
