/** The demo build's admin page: the stand-in first (demo/standIn.ts), then the admin as built. */
import { startSchedule } from '../mocks/supabase/schedule';
import { mark, receiveWorkerMarks } from './marks';
import { showDemoChrome } from './panel';
import { markStandInReady, startDemoStandIn } from './standIn';

mark('entry');
receiveWorkerMarks();
const standIn = await startDemoStandIn();
markStandInReady();
// The push queue's worker and the trash purge, as `npm start` runs them (pg_cron on a hosted project).
startSchedule(standIn, window.location.origin, console.warn);
showDemoChrome(standIn);
await import('../src/main');
mark('admin-loaded');
