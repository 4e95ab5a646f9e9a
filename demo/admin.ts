/**
 * The demo build's admin page: the stand-in (demo/standIn.ts) and the admin as built, side by side:
 * the admin loads and renders while the database opens, its requests held until it answers.
 */
import { startSchedule } from '../mocks/supabase/schedule';
import { mark, receiveWorkerMarks } from './marks';
import { showDemoChrome } from './panel';
import { markStandInReady, startDemoStandIn } from './standIn';

mark('entry');
receiveWorkerMarks();
const { answering, ready } = startDemoStandIn();
await answering;
const admin = import('../src/main').then(() => mark('admin-loaded'));
const standIn = await ready;
markStandInReady();
// The push queue's worker and the trash purge, as `npm start` runs them (pg_cron on a hosted project).
startSchedule(standIn, window.location.origin, console.warn);
showDemoChrome(standIn);
await admin;
